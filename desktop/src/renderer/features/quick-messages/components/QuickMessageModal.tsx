import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_MIB,
  type Id,
  type QuickMessage,
  quickMessageSchema,
} from '@atendo/shared';
import { Button, Field, Input, makeStyles, Switch, Text, Textarea, tokens } from '@fluentui/react-components';
import { AttachRegular, DismissRegular } from '@fluentui/react-icons';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors, validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useShowSaveError } from '../../../components/form';
import { attachmentProblem } from '../../files/attachments';
import {
  useCreateQuickMessageMutation,
  useDeleteQuickMessageMediaMutation,
  useUpdateQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
} from '../quick-messages.api';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  attachment: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
});

/** The attachment as the form holds it: unchanged, a new file to upload, or the old one to remove. */
type Attachment = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

export function QuickMessageModal({
  quickMessage,
  onClose,
}: {
  quickMessage: QuickMessage | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const [attachment, setAttachment] = useState<Attachment>({ kind: 'keep' });
  const [fileError, setFileError] = useState<unknown>(null);
  // Once saved, a second try (after a refused attachment) changes that record instead of adding one.
  const [savedId, setSavedId] = useState<Id | null>(quickMessage?.id ?? null);
  const [createQuickMessage] = useCreateQuickMessageMutation();
  const [updateQuickMessage] = useUpdateQuickMessageMutation();
  const [uploadMedia] = useUploadQuickMessageMediaMutation();
  const [deleteMedia] = useDeleteQuickMessageMediaMutation();
  const showSaveError = useShowSaveError();

  const formik = useFormik({
    initialValues: {
      shortcode: quickMessage?.shortcode ?? '',
      message: quickMessage?.message ?? '',
      geral: quickMessage?.geral ?? false,
    },
    validationSchema: quickMessageSchema,
    onSubmit: async (values, helpers) => {
      const input = quickMessageSchema.cast(values);
      let saved: QuickMessage;
      try {
        saved = savedId
          ? await updateQuickMessage({ id: savedId, changes: input }).unwrap()
          : await createQuickMessage(input).unwrap();
        setSavedId(saved.id);
      } catch (error) {
        showSaveError(error, helpers);
        return;
      }
      try {
        if (attachment.kind === 'new') await uploadMedia({ id: saved.id, file: attachment.file }).unwrap();
        if (attachment.kind === 'remove' && saved.mediaPath) await deleteMedia(saved.id).unwrap();
      } catch (error) {
        // The quick message itself is saved; the dialog stays open on its attachment's problem.
        const fields = serverFieldErrors(error);
        setFileError(fields?.file ?? null);
        if (!fields) notify.error(errorText(i18n, error));
        return;
      }
      notify.success(t('quickMessages.saved'));
      onClose();
    },
  });

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    const problem = attachmentProblem(file);
    setFileError(problem);
    if (!problem) setAttachment({ kind: 'new', file });
  };

  const attachedName =
    attachment.kind === 'new' ? attachment.file.name : attachment.kind === 'keep' ? quickMessage?.mediaName : null;

  return (
    <FormDialog
      title={quickMessage ? t('quickMessages.modal.editTitle') : t('quickMessages.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field
        label={t('quickMessages.fields.shortcode')}
        hint={t('quickMessages.shortcodeHint')}
        required
        {...fieldError(formik, 'shortcode', i18n)}
      >
        <Input {...inputProps(formik, 'shortcode')} />
      </Field>
      <Field label={t('quickMessages.fields.message')} {...fieldError(formik, 'message', i18n)}>
        <Textarea {...inputProps(formik, 'message')} rows={5} resize="vertical" />
      </Field>
      <Switch
        label={t('quickMessages.fields.geral')}
        checked={formik.values.geral}
        onChange={(_event, data) => void formik.setFieldValue('geral', data.checked)}
      />
      <Field
        label={t('quickMessages.fields.attachment')}
        hint={t('quickMessages.attachmentHint', { max: ATTACHMENT_MAX_MIB })}
        validationState={fileError ? 'error' : 'none'}
        validationMessage={fileError ? validationText(i18n, fileError) : undefined}
      >
        <div className={styles.attachment}>
          <input
            ref={fileInput}
            className={styles.hidden}
            type="file"
            accept={ATTACHMENT_EXTENSIONS.join(',')}
            aria-label={t('quickMessages.chooseFile')}
            data-testid="quick-message-file"
            onChange={(event) => {
              chooseFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button icon={<AttachRegular />} onClick={() => fileInput.current?.click()}>
            {t('quickMessages.chooseFile')}
          </Button>
          {attachedName ? (
            <>
              <Text className={styles.name}>{attachedName}</Text>
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('quickMessages.removeFile', { name: attachedName })}
                onClick={() => setAttachment(quickMessage?.mediaPath ? { kind: 'remove' } : { kind: 'keep' })}
              />
            </>
          ) : (
            <Text>{t('quickMessages.noAttachment')}</Text>
          )}
        </div>
      </Field>
    </FormDialog>
  );
}
