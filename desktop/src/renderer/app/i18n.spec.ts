import { describe, expect, it } from '@jest/globals';
import i18n, { browserLanguage, chooseLanguage, i18nReady, initialLanguage } from './i18n';
import { readStored, STORAGE_KEYS } from './storage';

describe('the first language', () => {
  it("is the first of the browser's languages the app speaks", () => {
    expect(browserLanguage(['pt-BR', 'en-US'])).toBe('pt');
    expect(browserLanguage(['pt-PT'])).toBe('pt');
    expect(browserLanguage(['es-419', 'pt-BR'])).toBe('es');
    expect(browserLanguage(['es_AR'])).toBe('es');
    expect(browserLanguage(['de-DE', 'fr', 'PT-br'])).toBe('pt');
    expect(browserLanguage(['en-GB', 'pt-BR'])).toBe('en');
  });

  it('is English when the browser speaks none of them, or says nothing', () => {
    expect(browserLanguage(['de-DE', 'fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it("is the stored choice before the browser's", () => {
    expect(initialLanguage('es', ['pt-BR'])).toBe('es');
    expect(initialLanguage(null, ['pt-BR'])).toBe('pt');
    // Something else in the key (an old value, a typo) is no choice.
    expect(initialLanguage('fr', ['es-MX'])).toBe('es');
  });
});

describe('loading languages', () => {
  it("starts with the active language's texts only, and loads another when it is chosen", async () => {
    await i18nReady;
    // jsdom's browser speaks en-US.
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('pt', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);

    await chooseLanguage('pt');
    expect(i18n.language).toBe('pt');
    expect(i18n.t('common.loading')).toBe('Carregando…');
    expect(document.documentElement.lang).toBe('pt');
    expect(readStored(STORAGE_KEYS.language)).toBe('pt');
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);
  });
});
