import { Input, type InputProps } from '@fluentui/react-components';
import { useState } from 'react';
import { IMask } from 'react-imask';

/** The largest amount the money columns hold (decimal 12,2). */
const MAX_AMOUNT = 9_999_999_999.99;

/** Reais written the Brazilian way: 1.234,56 (dot for thousands, comma for the cents). */
function brlMask() {
  return IMask.createMask({
    mask: Number,
    scale: 2,
    radix: ',',
    thousandsSeparator: '.',
    normalizeZeros: true,
    padFractionalZeros: false,
    min: 0,
    max: MAX_AMOUNT,
  });
}

/**
 * What the person meant, as digits with a comma before the cents: "R$ 1.234,56", "49,90", "49.90"
 * and "1.234" all read as a Brazilian would. With a comma, the dots are thousands. Without one, a
 * dot the field did not show before (typed or pasted now) with at most two digits after it is the
 * decimal point; the dots the field itself put in are thousands.
 */
function meant(raw: string, shown: string): string {
  const kept = raw.replace(/[^\d.,]/g, '');
  const dots = (text: string) => text.split('.').length - 1;
  const comma = kept.lastIndexOf(',');
  const dot = kept.lastIndexOf('.');
  let point = comma;
  if (comma < 0 && dot >= 0 && dots(kept) > dots(shown) && kept.length - dot - 1 <= 2) point = dot;
  const digits = (text: string) => text.replace(/[.,]/g, '');
  // The zero an empty amount shows is not kept in front of what is typed after it.
  const units = digits(point < 0 ? kept : kept.slice(0, point)).replace(/^0+(?=\d)/, '');
  return point < 0 ? units : `${units},${digits(kept.slice(point + 1))}`;
}

/**
 * The field's new text and amount once `raw` replaced `shown`. The mask takes the text as typing
 * does, without the commit of imask's resolve, which would drop a comma or a cents zero just typed
 * ("49," and "49,90" would read "49" and "49,9" and could not be typed on).
 */
export function readBrl(raw: string, shown: string): { shown: string; amount: number | null } {
  const mask = brlMask();
  mask.append(meant(raw, shown), { input: true });
  return { shown: mask.value, amount: mask.unmaskedValue === '' ? null : mask.typedValue };
}

/** An amount as the field shows it. */
export function brlText(amount: number): string {
  const mask = brlMask();
  mask.typedValue = amount;
  return mask.value;
}

type CurrencyInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'contentBefore'> & {
  /** The amount the field starts with; null leaves it empty. */
  initialAmount: number | null;
  /** The amount now in the field, or null while it is empty. */
  onAmountChange: (amount: number | null) => void;
};

/**
 * A reais field: formats as it is typed (thousands dots, two decimals at most) and reads pasted or
 * typed amounts in either decimal style. The formatting is imask's number mask; the field itself
 * stays an ordinary controlled Fluent Input (see MaskedInput).
 */
export function CurrencyInput({ initialAmount, onAmountChange, ...rest }: CurrencyInputProps) {
  const [shown, setShown] = useState(() => (initialAmount === null ? '' : brlText(initialAmount)));
  return (
    <Input
      inputMode="decimal"
      {...rest}
      contentBefore="R$"
      value={shown}
      onChange={(_event, data) => {
        const next = readBrl(data.value, shown);
        setShown(next.shown);
        onAmountChange(next.amount);
      }}
    />
  );
}
