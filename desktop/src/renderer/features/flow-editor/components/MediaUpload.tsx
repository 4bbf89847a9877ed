import { Button, Field, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { AttachRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors, validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { absoluteMediaUrl, useBaseUrl } from '../../tickets/media';
import { compressImage } from '../compress-image';
import { type UploadRoute, useFlowUpload } from '../flow-upload';
import { MEDIA_ACCEPT, type MediaKind, mediaProblem } from '../node-kinds';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
  hidden: { display: 'none' },
  preview: { maxWidth: '100%', maxHeight: '160px', borderRadius: tokens.borderRadiusMedium },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

interface MediaUploadProps {
  kind: MediaKind;
  /** Where it is sent: its own kind's route, or the content block's. */
  route: UploadRoute;
  label: string;
  url: string;
  name: string;
  onUploaded: (upload: { url: string; name: string }) => void;
  /** The form's error for the url, already translated. */
  error?: string;
  testId?: string;
}

/** One file of a block: chosen, an image compressed, checked against its kind's limits, sent with a progress bar, previewed. */
export function MediaUpload({ kind, route, label, url, name, onUploaded, error, testId }: MediaUploadProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const upload = useFlowUpload();
  const base = useBaseUrl();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const rule = MEDIA_ACCEPT[kind];

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    const file = kind === 'img' ? await compressImage(picked, rule.maxBytes) : picked;
    const refused = mediaProblem(kind, file);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    try {
      const [sent] = await upload(route, [file], setProgress);
      onUploaded({ url: sent.url, name: sent.name || file.name });
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (fields?.medias) setProblem(fields.medias);
      else notify.error(errorText(i18n, failure));
    } finally {
      setProgress(null);
    }
  };

  const shownError = problem ? validationText(i18n, problem) : error;
  const src = url ? absoluteMediaUrl(url, base) : '';
  return (
    <Field
      label={label}
      hint={t(`flowEditor.media.hint.${kind}`, { max: rule.maxBytes / 1024 / 1024 })}
      validationState={shownError ? 'error' : 'none'}
      validationMessage={shownError}
    >
      <div className={styles.row}>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept={rule.accept.join(',')}
          aria-label={t(`flowEditor.media.choose.${kind}`)}
          data-testid={testId}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button icon={<AttachRegular />} disabled={progress !== null} onClick={() => input.current?.click()}>
          {t(`flowEditor.media.choose.${kind}`)}
        </Button>
        {name && <Text className={styles.name}>{name}</Text>}
      </div>
      {progress !== null && (
        <div className={styles.progress} role="status">
          <ProgressBar value={progress} max={1} thickness="large" />
          <Text size={200}>{t('flowEditor.media.uploading', { percent: Math.round(progress * 100) })}</Text>
        </div>
      )}
      {src && progress === null && kind === 'img' && <img className={styles.preview} src={src} alt={name} />}
      {src && progress === null && kind === 'audio' && <audio controls src={src} preload="none" />}
      {src && progress === null && kind === 'video' && (
        <video className={styles.preview} controls src={src} preload="metadata" />
      )}
    </Field>
  );
}
