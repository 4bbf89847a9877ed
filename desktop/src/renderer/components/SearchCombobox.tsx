import { Combobox, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export interface SearchOption {
  id: number;
  /** What the box shows once the option is chosen. */
  text: string;
  /** What the option shows in the list; its text when omitted. */
  label?: string;
}

interface SearchComboboxProps {
  placeholder: string;
  text: string;
  onTextChange: (text: string) => void;
  /** The chosen option's id; null while the user is typing a new search. */
  onSelect: (id: number | null) => void;
  searching: boolean;
  options: SearchOption[];
}

/** A search-as-you-type picker: typing clears the choice, picking an option sets it. */
export function SearchCombobox({ placeholder, text, onTextChange, onSelect, searching, options }: SearchComboboxProps) {
  const { t } = useTranslation();
  return (
    <Combobox
      freeform
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        onTextChange(event.target.value);
        onSelect(null);
      }}
      onOptionSelect={(_event, data) => {
        onTextChange(data.optionText ?? '');
        onSelect(data.optionValue ? Number(data.optionValue) : null);
      }}
    >
      {searching && (
        <Option disabled value="">
          {t('common.loading')}
        </Option>
      )}
      {options.map((option) => (
        <Option key={option.id} value={String(option.id)} text={option.text}>
          {option.label ?? option.text}
        </Option>
      ))}
    </Combobox>
  );
}
