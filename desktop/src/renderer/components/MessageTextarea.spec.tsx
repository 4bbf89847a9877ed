import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useFormik } from 'formik';
import { I18nextProvider } from 'react-i18next';
import i18n from '../app/i18n';
import { MessageTextarea } from './MessageTextarea';

beforeEach(() => i18n.changeLanguage('en'));
afterEach(cleanup);

function Form({ text }: { text: string }) {
  const formik = useFormik({ initialValues: { message: text }, onSubmit: () => undefined });
  return (
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <MessageTextarea formik={formik} name="message" label="Message" />
        <output data-testid="sent">{formik.values.message}</output>
      </FluentProvider>
    </I18nextProvider>
  );
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const sent = () => screen.getByTestId('sent').textContent;
const frame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

async function pick(name: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: 'Insert variable' }));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
  await frame();
}

describe('MessageTextarea', () => {
  it('lists the message variables and puts the chosen one where the caret stood, the caret after it', async () => {
    render(<Form text="Olá , tudo bem?" />);
    box().setSelectionRange(4, 4);
    fireEvent.select(box());
    await pick(/^\{\{name\}\}/);
    expect(sent()).toBe('Olá {{name}}, tudo bem?');
    expect(box().selectionStart).toBe('Olá {{name}}'.length);

    // Each variable of the shared list is offered, with what it stands for.
    fireEvent.click(screen.getByRole('button', { name: 'Insert variable' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining(["{{firstName}}Contact's first name", "{{userName}}Agent's name"]));
    expect(items.some((text) => text?.startsWith('{{ms}}'))).toBe(true);
    expect(items.some((text) => text?.startsWith('{{protocol}}'))).toBe(true);
  });

  it('replaces a selection, and goes at the end of a text never clicked into', async () => {
    render(<Form text="Olá XXX!" />);
    await pick(/^\{\{ms\}\}/);
    expect(sent()).toBe('Olá XXX!{{ms}}');
    box().setSelectionRange(4, 7);
    fireEvent.select(box());
    await pick(/^\{\{firstName\}\}/);
    expect(sent()).toBe('Olá {{firstName}}!{{ms}}');
  });
});
