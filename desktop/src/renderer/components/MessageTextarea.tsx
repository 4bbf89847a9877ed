import { Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import type { FormikProps } from 'formik';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError, inputProps, type TextFieldName } from './form';
import { type Caret, insertToken } from './variable-insert';
import { VariablePicker } from './VariablePicker';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column' },
  tools: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalXXS },
});

interface MessageTextareaProps<V> {
  formik: FormikProps<V>;
  name: TextFieldName<V>;
  label: string;
  hint?: string;
  required?: boolean;
  readOnly?: boolean;
  rows?: number;
}

/**
 * A text the server sends to customers (a quick message, a schedule, a connection's or a queue's
 * greeting...), with the variable picker beside it: the chosen variable goes where the caret last
 * stood (the end of a text never clicked into) and the caret comes back just after it.
 */
export function MessageTextarea<V>({
  formik,
  name,
  label,
  hint,
  required,
  readOnly,
  rows = 4,
}: MessageTextareaProps<V>) {
  const { i18n } = useTranslation();
  const styles = useStyles();
  const area = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<Caret | null>(null);

  const insert = (token: string) => {
    const next = insertToken(String(formik.values[name] ?? ''), token, caret.current);
    void formik.setFieldValue(name, next.text);
    caret.current = { start: next.caret, end: next.caret };
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <div className={styles.group}>
      <Field label={label} hint={hint} required={required} {...fieldError(formik, name, i18n)}>
        <Textarea
          ref={area}
          {...inputProps(formik, name)}
          onSelect={(event) => {
            const { selectionStart, selectionEnd } = event.currentTarget;
            caret.current = { start: selectionStart, end: selectionEnd };
          }}
          rows={rows}
          resize="vertical"
          readOnly={readOnly}
        />
      </Field>
      {!readOnly && (
        <div className={styles.tools}>
          <VariablePicker onInsert={insert} />
        </div>
      )}
    </div>
  );
}
