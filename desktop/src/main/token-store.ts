import type { SettingsStore } from './settings-store.js';

/** The part of Electron's `safeStorage` the token store needs. */
export interface SafeStoragePort {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only; Electron does not define it elsewhere. */
  getSelectedStorageBackend?(): string;
}

export interface TokenStore {
  /**
   * Whether the refresh token survives a restart. False when the OS offers no keyring: on Linux
   * without a secret service Electron falls back to `basic_text`, which "encrypts" with a key
   * hard-coded in Chromium, so anything written would effectively be plain text on disk. In that
   * case the token lives in memory only and the agent signs in again after quitting.
   */
  isSecure(): boolean;
  read(): string | null;
  save(refreshToken: string): void;
  wipe(): void;
}

export interface TokenStoreDeps {
  safeStorage: SafeStoragePort;
  store: SettingsStore;
  platform: NodeJS.Platform;
}

const KEY = 'encryptedRefreshToken';

export function createTokenStore({ safeStorage, store, platform }: TokenStoreDeps): TokenStore {
  // Kept in memory in both modes: it is the only copy when the keyring is missing, and it spares a
  // keyring round-trip (which can prompt on macOS) on every refresh otherwise.
  let current: string | null = null;
  let loaded = false;

  // Asked on every use, not once: safeStorage only answers after the app is ready.
  function isSecure(): boolean {
    if (!safeStorage.isEncryptionAvailable()) return false;
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return false;
    return true;
  }

  function read(): string | null {
    if (loaded) return current;
    loaded = true;
    const stored = store.get(KEY);
    if (!stored) return null;
    if (!isSecure()) {
      // Written while a keyring was available, which is gone now: it cannot be read back safely.
      store.delete(KEY);
      return null;
    }
    try {
      current = safeStorage.decryptString(Buffer.from(stored, 'base64'));
    } catch {
      // The keyring entry changed (new OS user profile, reset keychain): the token is lost anyway.
      store.delete(KEY);
      current = null;
    }
    return current;
  }

  function save(refreshToken: string): void {
    current = refreshToken;
    loaded = true;
    if (isSecure()) {
      store.set(KEY, safeStorage.encryptString(refreshToken).toString('base64'));
    } else {
      store.delete(KEY);
    }
  }

  function wipe(): void {
    current = null;
    loaded = true;
    store.delete(KEY);
  }

  return { isSecure, read, save, wipe };
}
