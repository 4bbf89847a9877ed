// Hand-written fakes of the ports, shared by the specs of the main process.
import type { SafeStoragePort } from './token-store.js';
import type { Settings, SettingsStore } from './settings-store.js';
import type { FetchLike } from './server-check.js';
import type { AutoUpdaterPort, UpdateInfoLike, UpdaterLogger } from './updater.js';

export class MemoryStore implements SettingsStore {
  readonly values = new Map<keyof Settings, string>();
  get<K extends keyof Settings>(key: K): Settings[K] {
    return this.values.get(key) as Settings[K];
  }
  set<K extends keyof Settings>(key: K, value: Exclude<Settings[K], undefined>): void {
    this.values.set(key, value as string);
  }
  delete(key: keyof Settings): void {
    this.values.delete(key);
  }
}

/** Reversible and visibly not plain text, like the real thing. */
export function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStoragePort {
  const { available = true, backend = 'gnome_libsecret' } = options;
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.from(`enc:${plain}`, 'utf8'),
    decryptString: (encrypted) => {
      const text = encrypted.toString('utf8');
      if (!text.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return text.slice('enc:'.length);
    },
    getSelectedStorageBackend: () => backend,
  };
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  credentials?: RequestInit['credentials'];
}

type Reply = Response | Error | DOMException | ((request: RecordedRequest) => Response | Promise<Response>);

/** A fetch that answers from a queue and records what it was asked. */
export function fakeFetch(...replies: Reply[]): FetchLike & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchFn = async (input: string, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: input,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
      credentials: init.credentials,
    };
    requests.push(request);
    const reply = replies.shift();
    if (!reply) throw new Error(`Unexpected request to ${input}`);
    if (typeof reply === 'function') return reply(request);
    // Checked this way round: jest's VM realm makes `instanceof Error` miss a DOMException.
    if (reply instanceof Response) return reply;
    throw reply;
  };
  return Object.assign(fetchFn, { requests });
}

export function jsonResponse(status: number, body: unknown, setCookies: string[] = []): Response {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers });
}

/** What undici throws for a TLS failure: a TypeError whose cause carries the OpenSSL code. */
export function tlsError(code: string): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
}

type UpdaterListener = (value: never) => void;

/** What electron-updater does with a check, as far as the app can see. */
export class FakeAutoUpdater implements AutoUpdaterPort {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  logger: UpdaterLogger | null = null;
  /** The feed URLs set, each with its provider. */
  readonly feeds: string[] = [];
  checks = 0;
  installs: Array<[boolean | undefined, boolean | undefined]> = [];
  private readonly listeners = new Map<string, UpdaterListener[]>();
  /** What the next check does: find and download a version, or fail. */
  next: { version: string } | { error: Error } | null = null;

  on(event: string, listener: UpdaterListener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, value: unknown) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (v: unknown) => void)(value);
  }
  setFeedURL(options: { provider: 'generic'; url: string }) {
    this.feeds.push(`${options.provider} ${options.url}`);
  }
  async checkForUpdates() {
    this.checks += 1;
    const next = this.next;
    if (next && 'error' in next) {
      // As electron-updater does: its logger echoes the error, the 'error' event fires, the promise rejects.
      this.logger?.error(`Error: ${next.error.stack}`);
      this.emit('error', next.error);
      throw next.error;
    }
    if (next) {
      this.logger?.info('Checking for update');
      const info: UpdateInfoLike = { version: next.version };
      // autoDownload: the download finishes later, in the background.
      queueMicrotask(() => this.emit('update-downloaded', info));
      return { updateInfo: info };
    }
    return null;
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}
