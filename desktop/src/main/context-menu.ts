import type { TFunction } from 'i18next';
import type { MenuEntry } from './tray.js';

/** The part of Electron's `context-menu` params the menu reads. */
export interface ContextMenuParams {
  isEditable: boolean;
  selectionText: string;
  misspelledWord: string;
  dictionarySuggestions: string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export interface SpellingActions {
  replaceMisspelling(word: string): void;
  addToDictionary(word: string): void;
}

/**
 * Electron shows no context menu of its own, so without this the spellchecker underlines words the
 * agent cannot correct. Spelling suggestions first, then the usual editing entries; nothing at all
 * over plain text with no selection.
 */
export function contextMenuEntries(params: ContextMenuParams, t: TFunction, spelling: SpellingActions): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (params.isEditable && params.misspelledWord) {
    const suggestions = params.dictionarySuggestions.slice(0, 5);
    if (suggestions.length === 0) entries.push({ label: t('editing.noSuggestions'), enabled: false });
    for (const suggestion of suggestions) {
      entries.push({ label: suggestion, click: () => spelling.replaceMisspelling(suggestion) });
    }
    const word = params.misspelledWord;
    entries.push({ label: t('editing.addToDictionary'), click: () => spelling.addToDictionary(word) });
    entries.push({ type: 'separator' });
  }
  if (params.isEditable) {
    entries.push(
      { label: t('editing.cut'), role: 'cut', enabled: params.editFlags.canCut },
      { label: t('editing.copy'), role: 'copy', enabled: params.editFlags.canCopy },
      { label: t('editing.paste'), role: 'paste', enabled: params.editFlags.canPaste },
      { type: 'separator' },
      { label: t('editing.selectAll'), role: 'selectAll', enabled: params.editFlags.canSelectAll },
    );
  } else if (params.selectionText.trim()) {
    entries.push({ label: t('editing.copy'), role: 'copy', enabled: params.editFlags.canCopy });
  }
  return entries;
}
