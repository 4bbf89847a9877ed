/** The renderer is served from `app://atendo/`: a privileged scheme, never file:// (see app-protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'atendo';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Parsed rather than prefix-matched, so `app://atendo.evil/` or `app://atendo@x/` never pass. */
export function isAppUrl(value: string): boolean {
  if (!value.startsWith(`${APP_ORIGIN}/`)) return false;
  try {
    const url = new URL(value);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && !url.username && !url.password;
  } catch {
    return false;
  }
}

export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
