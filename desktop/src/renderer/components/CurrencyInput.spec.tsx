import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CurrencyInput, readBrl } from './CurrencyInput';

afterEach(cleanup);

/** What the field shows and the amount it means after `typed` replaced what it showed. */
const read = (typed: string, shown = '') => readBrl(typed, shown);

describe('reais as typed or pasted', () => {
  it.each([
    ['49,90', '49,90', 49.9],
    ['49.90', '49,90', 49.9],
    ['49.9', '49,9', 49.9],
    ['R$ 1.234,56', '1.234,56', 1234.56],
    ['1.234', '1.234', 1234],
    ['1234567,8', '1.234.567,8', 1234567.8],
    ['R$ 0,00', '0,00', 0],
    ['12,345', '12,34', 12.34],
  ])('reads %s as %s', (typed, shown, amount) => {
    expect(read(typed)).toEqual({ shown, amount });
  });

  it('takes the dots the field put in for thousands, and a new dot for the decimal point', () => {
    // Deleting the last digit of 1.234 leaves 123, not 1,23.
    expect(read('1.23', '1.234')).toEqual({ shown: '123', amount: 123 });
    // A dot typed after 1.234 starts the cents.
    expect(read('1.234.', '1.234')).toEqual({ shown: '1.234,', amount: 1234 });
    // Typing after the 0 an empty plan shows.
    expect(read('049', '0')).toEqual({ shown: '49', amount: 49 });
  });
});

describe('CurrencyInput', () => {
  it('formats what is typed and reports the amount, null once emptied', () => {
    const changes: (number | null)[] = [];
    const onAmountChange = jest.fn((amount: number | null) => changes.push(amount));
    render(
      <FluentProvider theme={webLightTheme}>
        <CurrencyInput aria-label="Price" initialAmount={99.9} onAmountChange={onAmountChange} />
      </FluentProvider>,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Price' });
    expect(input.value).toBe('99,9');
    let shown = input.value;
    for (const typed of ['4', '49', '49.', '49,9', '49,90']) {
      fireEvent.change(input, { target: { value: typed } });
      shown = input.value;
    }
    expect(shown).toBe('49,90');
    fireEvent.change(input, { target: { value: 'R$ 1.234,56' } });
    expect(input.value).toBe('1.234,56');
    fireEvent.change(input, { target: { value: '' } });
    expect(changes).toEqual([4, 49, 49, 49.9, 49.9, 1234.56, null]);
  });
});
