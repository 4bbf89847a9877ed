/**
 * WA_WEB_VERSION as written (`2.3000.1023223821`), or null when it is not three dot-separated
 * numbers. Apart from wa-version.ts so that reading the configuration does not load Baileys.
 */
export function parseWaVersion(text: string): [number, number, number] | null {
  const match = /^(\d{1,4})\.(\d{1,6})\.(\d{1,12})$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}
