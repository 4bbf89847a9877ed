import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { maskSecret } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../app/i18n';
import { SecretField } from './SecretField';

beforeEach(() => i18n.changeLanguage('en'));
afterEach(cleanup);

const SAVED = maskSecret('sk-proj-0123456789abcdef');

/** The field in a form of one value; `sent` shows what the form would send. */
function Form({ saved, rows }: { saved: string; rows?: number }) {
  const [value, setValue] = useState(saved);
  return (
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <SecretField name="apiKey" label="API key" saved={saved} value={value} onChange={setValue} rows={rows} />
        <output data-testid="sent">{value}</output>
      </FluentProvider>
    </I18nextProvider>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('API key', { selector: 'input' });
const sent = () => screen.getByTestId('sent').textContent;
const button = (name: string) => screen.queryByRole('button', { name });

describe('SecretField', () => {
  it('shows a saved secret as its mask, read-only, and the form sends the mask that keeps it', () => {
    render(<Form saved={SAVED} />);
    expect(SAVED).toBe('••••••••cdef');
    expect(field().value).toBe(SAVED);
    expect(field().readOnly).toBe(true);
    expect(sent()).toBe(SAVED);
    // Nothing to show or hide: the mask is all there is.
    expect(button('Show the key')).toBeNull();
    expect(button('Keep the saved key')).toBeNull();
  });

  it('empties the field for a new secret on Replace, hidden until shown, and Keep brings the mask back', () => {
    render(<Form saved={SAVED} />);
    fireEvent.click(button('Replace')!);
    expect(field().value).toBe('');
    expect(field().readOnly).toBe(false);
    expect(field().type).toBe('password');
    expect(document.activeElement).toBe(field());
    fireEvent.change(field(), { target: { value: 'sk-new-key' } });
    expect(sent()).toBe('sk-new-key');

    const show = button('Show the key')!;
    expect(show.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show);
    expect(field().type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(button('Keep the saved key')!);
    expect(field().value).toBe(SAVED);
    expect(field().readOnly).toBe(true);
    expect(sent()).toBe(SAVED);
    expect(button('Replace')).not.toBeNull();
  });

  it('is a plain hidden input when nothing is saved, with nothing to replace or keep', () => {
    render(<Form saved="" />);
    expect(field().readOnly).toBe(false);
    expect(field().type).toBe('password');
    expect(button('Replace')).toBeNull();
    expect(button('Keep the saved key')).toBeNull();
    fireEvent.change(field(), { target: { value: 'sk-first' } });
    expect(sent()).toBe('sk-first');
  });

  it('names its buttons in Portuguese', async () => {
    await i18n.changeLanguage('pt');
    render(<Form saved={SAVED} />);
    fireEvent.click(button('Substituir')!);
    expect(button('Manter a chave salva')).not.toBeNull();
    expect(button('Mostrar a chave')).not.toBeNull();
  });

  describe('over several lines', () => {
    const area = () => screen.getByLabelText<HTMLTextAreaElement>('API key', { selector: 'textarea' });
    const discs = () => area().style.getPropertyValue('-webkit-text-security');

    it('shows a saved secret as its one-line mask, read-only, without a way to show it', () => {
      render(<Form saved={SAVED} rows={8} />);
      expect(area().value).toBe(SAVED);
      expect(area().readOnly).toBe(true);
      expect(area().rows).toBe(1);
      expect(discs()).toBe('');
      expect(button('Show the key')).toBeNull();
    });

    it('takes a new secret in a text area drawn as discs until shown, and Keep brings the mask back', () => {
      render(<Form saved={SAVED} rows={8} />);
      fireEvent.click(button('Replace')!);
      expect(area().value).toBe('');
      expect(area().rows).toBe(8);
      expect(document.activeElement).toBe(area());
      expect(discs()).toBe('disc');
      const json = '{\n  "type": "service_account"\n}';
      fireEvent.change(area(), { target: { value: json } });
      expect(sent()).toBe(json);

      fireEvent.click(button('Show the key')!);
      expect(discs()).toBe('');
      expect(button('Show the key')!.getAttribute('aria-pressed')).toBe('true');

      fireEvent.click(button('Keep the saved key')!);
      expect(area().value).toBe(SAVED);
      expect(area().readOnly).toBe(true);
      expect(discs()).toBe('');
    });
  });
});
