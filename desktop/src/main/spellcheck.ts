/**
 * Dictionaries for the app's three languages, best first within each: Chromium names its Hunspell
 * dictionaries by region, and which ones exist varies by Electron version.
 */
const WANTED = [
  ['pt-BR', 'pt', 'pt-PT'],
  ['en-US', 'en', 'en-GB'],
  ['es', 'es-419', 'es-ES', 'es-MX'],
] as const;

/** One dictionary per app language, among those this Electron offers. */
export function spellCheckerLanguages(available: readonly string[]): string[] {
  const offered = new Set(available);
  return WANTED.flatMap((choices) => {
    const found = choices.find((code) => offered.has(code));
    return found ? [found] : [];
  });
}
