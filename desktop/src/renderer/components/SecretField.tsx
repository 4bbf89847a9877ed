import {
  Button,
  Field,
  type FieldProps,
  Input,
  makeStyles,
  mergeClasses,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { type CSSProperties, type FocusEventHandler, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // A text area's buttons sit at its top, beside its first lines.
  rowTop: { alignItems: 'flex-start' },
  input: { flexGrow: 1, minWidth: 'min(100%, 200px)' },
  monospace: { '& textarea': { fontFamily: tokens.fontFamilyMonospace } },
});

/**
 * A text area has no password type: Chromium (the app's engine) draws its characters as discs
 * under this property, which no typing of CSS knows yet.
 */
const HIDDEN_TEXT = { WebkitTextSecurity: 'disc' } as CSSProperties;

export interface SecretFieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** The secret already saved, as the server answers it (maskSecret), or '' when none is. */
  saved: string;
  /** What the form sends: the mask itself keeps the saved secret, anything else replaces it. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** The field's error (fieldError). */
  validation?: Pick<FieldProps, 'validationState' | 'validationMessage'>;
  /** A secret of several lines (a service account's JSON), typed in a text area of so many rows. */
  rows?: number;
  /** Said under the field, except while it keeps a saved secret (then it says why only a mask shows). */
  hint?: string;
}

/**
 * An API key or another secret the server never answers whole. A saved one shows as its mask,
 * read-only: "Replace" empties the field for a new one and "Keep" brings the mask back, so the
 * form sends either a new secret or the mask that keeps the saved one, never the mask as a key.
 */
export function SecretField(props: SecretFieldProps) {
  const { name, label, required, saved, value, onChange, onBlur, validation, rows, hint } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [shown, setShown] = useState(false);
  const keeping = !!saved && value === saved;
  const replacing = !!saved && !keeping;

  const showButton = (
    <Button
      appearance="transparent"
      size="small"
      icon={shown ? <EyeOffRegular /> : <EyeRegular />}
      aria-label={t('common.secret.show')}
      aria-pressed={shown}
      onClick={() => setShown(!shown)}
    />
  );
  // The mask is dots already; a secret being typed stays hidden unless asked for.
  const hidden = !keeping && !shown;

  return (
    <Field label={label} required={required} hint={keeping ? t('common.secret.savedHint') : hint} {...validation}>
      {(control) => (
        // Named after the field, so its buttons say which secret they replace or keep.
        <div className={mergeClasses(styles.row, !!rows && styles.rowTop)} role="group" aria-label={label}>
          {rows ? (
            <>
              <Textarea
                {...control}
                ref={input}
                className={mergeClasses(styles.input, styles.monospace)}
                name={name}
                value={value}
                readOnly={keeping}
                rows={keeping ? 1 : rows}
                resize="vertical"
                textarea={{ style: hidden ? HIDDEN_TEXT : undefined }}
                autoComplete="off"
                spellCheck={false}
                onChange={(_event, data) => onChange(data.value)}
                onBlur={onBlur}
              />
              {!keeping && showButton}
            </>
          ) : (
            <Input
              {...control}
              ref={input}
              className={styles.input}
              name={name}
              value={value}
              readOnly={keeping}
              type={hidden ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              onChange={(_event, data) => onChange(data.value)}
              onBlur={onBlur}
              contentAfter={keeping ? undefined : showButton}
            />
          )}
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
