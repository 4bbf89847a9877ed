import type { Language } from '@atendo/shared';
import type { ResourceLanguage } from 'i18next';

/**
 * One file per feature, mounted under its file name in a single namespace, so keys read as
 * `users.saved` or `errors.ERR_...` and the server's `validation.*` keys resolve as they are.
 *
 * Each language is a chunk of its own, fetched when it is first used: the texts of all three were
 * about 194 KB of the first screen's script, and a visitor reads one language.
 */
const LOADERS: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  pt: () => import('./pt'),
  en: () => import('./en'),
  es: () => import('./es'),
};

/** The texts of one language, as i18next's `translation` namespace. */
export async function loadTranslations(language: Language): Promise<ResourceLanguage> {
  return (await LOADERS[language]()).default;
}
