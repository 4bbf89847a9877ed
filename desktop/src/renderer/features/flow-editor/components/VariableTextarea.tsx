import {
  Button,
  Field,
  type FieldProps,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { BracesVariableRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { insertVariable } from '../variables';

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

/** A message's text, with a menu that puts a question's answer (`{{key}}`) where the caret is. */
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
  const { t } = useTranslation();
  const styles = useStyles();
  const area = useRef<HTMLTextAreaElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);

  const insert = (key: string) => {
    const next = insertVariable(value, key, selection.current);
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
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="subtle" icon={<BracesVariableRegular />} disabled={!variables.length}>
              {t('flowEditor.fields.insertVariable')}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {variables.map((key) => (
                <MenuItem key={key} onClick={() => insert(key)}>
                  {`{{${key}}}`}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
    </Field>
  );
}
