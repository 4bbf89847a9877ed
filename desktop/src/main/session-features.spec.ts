import { contextMenuEntries, type ContextMenuParams } from './context-menu.js';
import { isServerMediaUrl, suggestedFileName } from './downloads.js';
import { createMainTexts } from './main-texts.js';
import { spellCheckerLanguages } from './spellcheck.js';

const { t } = createMainTexts('en');

describe('spellchecker languages', () => {
  it('picks one dictionary for each of pt, en and es among those available', () => {
    expect(spellCheckerLanguages(['af', 'en-GB', 'en-US', 'es', 'es-ES', 'pt-BR', 'pt-PT'])).toEqual([
      'pt-BR',
      'en-US',
      'es',
    ]);
    expect(spellCheckerLanguages(['pt-PT', 'en-GB', 'es-MX'])).toEqual(['pt-PT', 'en-GB', 'es-MX']);
    expect(spellCheckerLanguages(['de'])).toEqual([]);
  });
});

describe('media downloads', () => {
  it("accepts only the configured server's http(s) URLs", () => {
    const server = 'https://atendo.example.com/base';
    expect(isServerMediaUrl('https://atendo.example.com/public/company1/a.pdf', server)).toBe(true);
    expect(isServerMediaUrl('https://evil.example.com/public/a.pdf', server)).toBe(false);
    expect(isServerMediaUrl('http://atendo.example.com/public/a.pdf', server)).toBe(false);
    expect(isServerMediaUrl('https://u@atendo.example.com/a.pdf', server)).toBe(false);
    expect(isServerMediaUrl('https://atendo.example.com/a.pdf', null)).toBe(false);
    expect(isServerMediaUrl('not a url', server)).toBe(false);
  });

  it('offers a file name the file system accepts', () => {
    expect(suggestedFileName('contrato final.pdf')).toBe('contrato final.pdf');
    expect(suggestedFileName('a/b\\c:d*?.txt')).toBe('a_b_c_d__.txt');
    expect(suggestedFileName('..')).toBe('download');
    expect(suggestedFileName('.bashrc')).toBe('bashrc');
  });
});

describe('context menu', () => {
  const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
  const base: ContextMenuParams = {
    isEditable: true,
    selectionText: '',
    misspelledWord: '',
    dictionarySuggestions: [],
    editFlags: flags,
  };

  it('offers spelling suggestions that replace the word, and adding it to the dictionary', () => {
    const done: string[] = [];
    const entries = contextMenuEntries(
      { ...base, misspelledWord: 'obrigadp', dictionarySuggestions: ['obrigado', 'obrigada'] },
      t,
      {
        replaceMisspelling: (word) => void done.push(`replace:${word}`),
        addToDictionary: (word) => void done.push(`add:${word}`),
      },
    );
    expect(entries.map((entry) => entry.label ?? entry.type)).toEqual([
      'obrigado',
      'obrigada',
      'Add to dictionary',
      'separator',
      'Cut',
      'Copy',
      'Paste',
      'separator',
      'Select all',
    ]);
    entries[0].click?.();
    entries[2].click?.();
    expect(done).toEqual(['replace:obrigado', 'add:obrigadp']);
  });

  it('says when there is no suggestion, and shows only Copy over selected text', () => {
    const none = contextMenuEntries({ ...base, misspelledWord: 'xq' }, t, {
      replaceMisspelling: () => {},
      addToDictionary: () => {},
    });
    expect(none[0]).toEqual({ label: 'No spelling suggestions', enabled: false });
    const actions = { replaceMisspelling: () => {}, addToDictionary: () => {} };
    expect(contextMenuEntries({ ...base, isEditable: false, selectionText: 'hi' }, t, actions)).toEqual([
      { label: 'Copy', role: 'copy', enabled: true },
    ]);
    expect(contextMenuEntries({ ...base, isEditable: false }, t, actions)).toEqual([]);
  });
});
