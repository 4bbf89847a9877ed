import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@atendo/shared';
import { resources } from '../locales';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec §1: the stored choice, else English; Portuguese fills any gap. */
export function initialLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : 'en';
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'pt',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (lng) => {
  writeStored(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export default i18n;
