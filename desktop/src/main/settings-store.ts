/**
 * What the main process persists between launches. The refresh token is stored only as the
 * base64 of `safeStorage.encryptString`, never in clear.
 */
export interface Settings {
  serverUrl?: string;
  encryptedRefreshToken?: string;
}

/** The slice of electron-store the main process uses, so tests can hand in a Map-backed fake. */
export interface SettingsStore {
  get<K extends keyof Settings>(key: K): Settings[K];
  set<K extends keyof Settings>(key: K, value: Exclude<Settings[K], undefined>): void;
  delete(key: keyof Settings): void;
}
