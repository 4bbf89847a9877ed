import { Button, Field, type FieldProps, Input, makeStyles, tokens } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { type FocusEventHandler, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  input: { flexGrow: 1, minWidth: 'min(100%, 200px)' },
});

export interface SecretFieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** The secret already saved, as the server answers it (maskSecret), or '' when none is. */
  saved: string;
  /** What the form sends: the mask itself keeps the saved secret, anything else replaces it. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The field's error (fieldError). */
  validation?: Pick<FieldProps, 'validationState' | 'validationMessage'>;
}

/**
 * An API key or another secret the server never answers whole. A saved one shows as its mask,
 * read-only: "Replace" empties the field for a new one and "Keep" brings the mask back, so the
 * form sends either a new secret or the mask that keeps the saved one, never the mask as a key.
 */
export function SecretField({ name, label, required, saved, value, onChange, onBlur, validation }: SecretFieldProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(false);
  const keeping = !!saved && value === saved;
  const replacing = !!saved && !keeping;

  return (
    <Field label={label} required={required} hint={keeping ? t('common.secret.savedHint') : undefined} {...validation}>
      {(control) => (
        // Named after the field, so its buttons say which secret they replace or keep.
        <div className={styles.row} role="group" aria-label={label}>
          <Input
            {...control}
            ref={input}
            className={styles.input}
            name={name}
            value={value}
            readOnly={keeping}
            // The mask is dots already; a secret being typed stays hidden unless asked for.
            type={keeping || shown ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            onChange={(_event, data) => onChange(data.value)}
            onBlur={onBlur}
            contentAfter={
              keeping ? undefined : (
                <Button
                  appearance="transparent"
                  size="small"
                  icon={shown ? <EyeOffRegular /> : <EyeRegular />}
                  aria-label={t('common.secret.show')}
                  aria-pressed={shown}
                  onClick={() => setShown(!shown)}
                />
              )
            }
          />
          {keeping && (
            <Button
              onClick={() => {
                onChange('');
                setShown(false);
                input.current?.focus();
              }}
            >
              {t('common.secret.replace')}
            </Button>
          )}
          {replacing && (
            <Button
              onClick={() => {
                onChange(saved);
                setShown(false);
              }}
            >
              {t('common.secret.keep')}
            </Button>
          )}
        </div>
      )}
    </Field>
  );
}
