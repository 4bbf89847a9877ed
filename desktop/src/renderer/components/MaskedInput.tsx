import { Input, type InputProps } from '@fluentui/react-components';
import { useMemo } from 'react';
import { IMask } from 'react-imask';

type MaskedInputProps = Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> & {
  mask: string;
  /** The value as the user sees it, mask characters included. */
  value: string;
  onValueChange: (masked: string, unmasked: string) => void;
};

/**
 * A Fluent Input with a pattern mask. Fluent keeps its Input controlled, so an imask instance
 * bound to the DOM node would be overwritten on every render; the mask is applied to the value
 * instead, and the input stays an ordinary controlled field.
 */
export function MaskedInput({ mask, value, onValueChange, ...rest }: MaskedInputProps) {
  const masked = useMemo(() => IMask.createMask({ mask }), [mask]);
  const display = useMemo(() => {
    masked.resolve(value);
    return masked.value;
  }, [masked, value]);
  return (
    <Input
      {...rest}
      value={display}
      onChange={(_event, data) => {
        masked.resolve(data.value);
        onValueChange(masked.value, masked.unmaskedValue);
      }}
    />
  );
}
