/** Local storage keys of spec §9; other code reads them only through this module. */
export const STORAGE_KEYS = {
  token: 'token',
  preferredTheme: 'preferredTheme',
  language: 'i18nextLng',
  cshow: 'cshow',
  volume: 'volume',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, disabled cookies); the app must still start without persistence.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Persistence is best effort.
  }
}
