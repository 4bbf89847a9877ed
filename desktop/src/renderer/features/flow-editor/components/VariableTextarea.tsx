import { Field, type FieldProps, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { useRef } from 'react';
import { insertToken } from '../../../components/variable-insert';
import { VariablePicker } from '../../../components/VariablePicker';

const useStyles = makeStyles({
  tools: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalXXS },
});

interface VariableTextareaProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  variables: readonly string[];
  validation: Pick<FieldProps, 'validationState' | 'validationMessage'>;
  required?: boolean;
  rows?: number;
}

/**
 * A message's text, with a menu that puts a variable where the caret is: the message variables
 * (`{{name}}`, `{{ms}}`... filled as the flow sends) and the questions' answers (`{{key}}`).
 */
export function VariableTextarea({
  label,
  name,
  value,
  onChange,
  onBlur,
  variables,
  validation,
  required,
  rows = 4,
}: VariableTextareaProps) {
  const styles = useStyles();
  const area = useRef<HTMLTextAreaElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);

  const insert = (token: string) => {
    const next = insertToken(value, token, selection.current);
    onChange(next.text);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Field label={label} required={required} {...validation}>
      <Textarea
        ref={area}
        name={name}
        value={value}
        rows={rows}
        resize="vertical"
        onChange={(_event, data) => onChange(data.value)}
        onBlur={(event) => {
          selection.current = { start: event.target.selectionStart, end: event.target.selectionEnd };
          onBlur?.();
        }}
      />
      <div className={styles.tools}>
        <VariablePicker onInsert={insert} own={variables} />
      </div>
    </Field>
  );
}
