import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@atendo/shared';
import { loadTranslations } from '../locales';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages the app speaks, by its base (pt-BR and pt-PT are pt, es-419
 * is es), else English.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** The stored choice, else the browser's language (browserLanguage). */
export function initialLanguage(
  stored: string | null = readStored(STORAGE_KEYS.language),
  preferred: readonly string[] = navigatorLanguages(),
): Language {
  return isLanguage(stored) ? stored : browserLanguage(preferred);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/**
 * The user's choice of language: kept on this device, and shown once its texts are loaded.
 * Only a choice is stored, so until one is made the app follows the browser's language.
 */
export function chooseLanguage(language: Language): Promise<unknown> {
  writeStored(STORAGE_KEYS.language, language);
  return i18n.changeLanguage(language);
}

/** Fetches a language's chunk when i18next first needs it (at start, and on a change). */
const languageChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    if (!isLanguage(language)) return done(null, {});
    loadTranslations(language).then(
      (texts) => done(null, texts),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/**
 * Settles once the active language's texts are there: the app renders after it, so no text is
 * ever drawn in another language first. i18next changes `language` only after the new one's
 * texts have loaded, so a change shows the old texts until then. There is no fallback language:
 * every language has every key (locales.spec.ts), and a fallback would be a second download.
 */
export const i18nReady = i18n
  .use(languageChunks)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
  });

export default i18n;
