import { Button, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AttachRegular, DismissRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { validationText } from '../app/errors';
import type { AttachmentState } from './use-attachment';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
});

interface AttachmentFieldProps {
  attachment: AttachmentState;
  label: string;
  /** What may be attached: the accepted names and the size limit. */
  hint: string;
  /** The file name endings the picker offers. */
  accept: readonly string[];
  chooseLabel: string;
  removeLabel: (name: string) => string;
  /** Shown in place of a file name while nothing is attached; nothing when omitted. */
  emptyText?: string;
  testId?: string;
  /** A record that can no longer change: only the attached file's name (or emptyText) is shown. */
  readOnly?: boolean;
}

/** A form's single attachment: a button opening the file picker, then the file's name and its remove button. */
export function AttachmentField({
  attachment,
  label,
  hint,
  accept,
  chooseLabel,
  removeLabel,
  emptyText,
  testId,
  readOnly,
}: AttachmentFieldProps) {
  const { i18n } = useTranslation();
  const styles = useStyles();
  const fileInput = useRef<HTMLInputElement>(null);
  const { name, error } = attachment;

  if (readOnly) {
    return (
      <Field label={label}>
        <Text className={styles.name}>{name ?? emptyText}</Text>
      </Field>
    );
  }
  return (
    <Field
      label={label}
      hint={hint}
      validationState={error ? 'error' : 'none'}
      validationMessage={error ? validationText(i18n, error) : undefined}
    >
      <div className={styles.row}>
        <input
          ref={fileInput}
          className={styles.hidden}
          type="file"
          accept={accept.join(',')}
          aria-label={chooseLabel}
          data-testid={testId}
          onChange={(event) => {
            attachment.choose(event.target.files?.[0]);
            // Choosing the same file again after removing it must fire a change too.
            event.target.value = '';
          }}
        />
        <Button icon={<AttachRegular />} onClick={() => fileInput.current?.click()}>
          {chooseLabel}
        </Button>
        {name ? (
          <>
            <Text className={styles.name}>{name}</Text>
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={removeLabel(name)}
              onClick={attachment.discard}
            />
          </>
        ) : (
          emptyText && <Text>{emptyText}</Text>
        )}
      </div>
    </Field>
  );
}
