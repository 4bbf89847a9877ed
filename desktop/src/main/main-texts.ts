import { LANGUAGES, type Language } from '@atendo/shared';
import i18next, { type TFunction } from 'i18next';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };

/** The main process's own texts (tray menu, badge description, context menu), in the renderer's languages. */
export const MAIN_RESOURCES = { pt, en, es } as const;

export interface MainTexts {
  readonly language: Language;
  t: TFunction;
  setLanguage(language: Language): void;
}

/**
 * Maps an OS locale (`pt-BR`, `es-419`, `en-GB`) to one of the app's languages. It is only the
 * guess for the first moments of a launch: the renderer tells main its language as soon as it runs.
 */
export function languageFromLocale(locale: string): Language {
  const base = locale.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

export function createMainTexts(initial: Language): MainTexts {
  const instance = i18next.createInstance();
  // Synchronous: the resources are bundled, and the tray is built right after this call.
  void instance.init({
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: MAIN_RESOURCES[lng] }])),
    lng: initial,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return {
    get language() {
      return instance.language as Language;
    },
    t: ((...args: Parameters<TFunction>) => instance.t(...args)) as TFunction,
    setLanguage(language) {
      void instance.changeLanguage(language);
    },
  };
}
