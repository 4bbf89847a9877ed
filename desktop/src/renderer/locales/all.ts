import type { Resource } from 'i18next';
import en from './en';
import es from './es';
import pt from './pt';

/** Every language at once, for tests that compare them; the app loads one at a time (index.ts). */
export const resources: Resource = {
  pt: { translation: pt },
  en: { translation: en },
  es: { translation: es },
};
