import { LANGUAGES } from '@atendo/shared';
import { createMainTexts, languageFromLocale, MAIN_RESOURCES } from './main-texts.js';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('main process texts', () => {
  it('has the same keys, none empty, in every language', () => {
    const reference = keys(MAIN_RESOURCES.en).sort();
    for (const language of LANGUAGES) {
      expect(keys(MAIN_RESOURCES[language]).sort()).toEqual(reference);
      const empty = keys(MAIN_RESOURCES[language]).filter((key) => {
        const text = key
          .split('.')
          .reduce<Tree | string>((node, part) => (node as Tree)[part], MAIN_RESOURCES[language]);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('translates with plurals and follows a language change', () => {
    const texts = createMainTexts('pt');
    expect(texts.t('tray.signOut')).toBe('Sair');
    expect(texts.t('badge.unread', { count: 1 })).toBe('1 ticket com mensagens não lidas');
    expect(texts.t('badge.unread', { count: 4 })).toBe('4 tickets com mensagens não lidas');
    texts.setLanguage('es');
    expect(texts.language).toBe('es');
    expect(texts.t('tray.quit')).toBe('Salir de Atendo');
  });

  it('guesses the language from the OS locale, English otherwise', () => {
    expect(languageFromLocale('pt-BR')).toBe('pt');
    expect(languageFromLocale('es_419')).toBe('es');
    expect(languageFromLocale('en-GB')).toBe('en');
    expect(languageFromLocale('de-DE')).toBe('en');
    expect(languageFromLocale('')).toBe('en');
  });
});
