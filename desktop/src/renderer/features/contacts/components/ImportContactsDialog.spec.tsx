import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';

/** What the server answers the next upload with. */
let refusal: unknown;

jest.unstable_mockModule('../contacts.api', () => ({
  useUploadContactsMutation: () => [() => ({ unwrap: () => Promise.reject(refusal) }), { isLoading: false }],
}));

const { ImportContactsDialog } = await import('./ImportContactsDialog');
const { default: i18n } = await import('../../../app/i18n');

function show() {
  return render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <ImportContactsDialog onClose={() => undefined} />
      </FluentProvider>
    </I18nextProvider>,
  );
}

const language = i18n.language;
afterEach(cleanup);
afterAll(() => i18n.changeLanguage(language));

describe('ImportContactsDialog', () => {
  // The limits the server holds a spreadsheet's read to, each refused on `file` with its bound.
  it.each([
    ['pt', 'validation.spreadsheetTooDeep', 64, /no máximo 64 níveis/],
    ['en', 'validation.spreadsheetTooManyEntries', 1000, /too many files: 1000 at most/],
    ['es', 'validation.spreadsheetTooSlow', 60, /60 segundos como máximo/],
    ['en', 'validation.spreadsheetTooLarge', 300, /300 MB at most/],
  ])('says in %s why the server refused the file (%s)', async (lang, message, max, text) => {
    await i18n.changeLanguage(lang);
    refusal = { status: 400, data: { error: 'ERR_VALIDATION', fields: [{ field: 'file', message, params: { max } }] } };
    show();
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'contatos.xlsx');
    fireEvent.change(screen.getByTestId('contacts-import-file'), { target: { files: [file] } });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('says so when the node runs too many imports already (429)', async () => {
    await i18n.changeLanguage('pt');
    refusal = { status: 429, data: { error: 'ERR_TOO_MANY_REQUESTS' } };
    show();
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'contatos.xlsx');
    fireEvent.change(screen.getByTestId('contacts-import-file'), { target: { files: [file] } });
    expect(await screen.findByText(/Muitas tentativas/)).toBeTruthy();
  });
});
