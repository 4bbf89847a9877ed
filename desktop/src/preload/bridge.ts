import { DESKTOP_IPC, type DesktopBridge, type DesktopPlatform } from '@atendo/shared';

/** The part of Electron's `ipcRenderer` the bridge uses. */
export interface IpcRendererPort {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export interface PreloadEnvironment {
  platform: string;
  argv: readonly string[];
}

/** Must match VERSION_ARGUMENT in main-app.ts, which passes it through `additionalArguments`. */
const VERSION_ARGUMENT = '--atendo-version=';

// Electron rejects `invoke` with "Error invoking remote method '<channel>': Error: <message>";
// the renderer gets only <message>, which is the contract (bare ERR_* code or JSON, see
// AuthError in main/auth-client.ts).
const REMOTE_ERROR_PREFIX = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

export function unwrapRemoteError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(REMOTE_ERROR_PREFIX, ''));
}

function toPlatform(platform: string): DesktopPlatform {
  return platform === 'darwin' || platform === 'win32' ? platform : 'linux';
}

export function readAppVersion(argv: readonly string[]): string {
  const argument = argv.find((value) => value.startsWith(VERSION_ARGUMENT));
  return argument ? argument.slice(VERSION_ARGUMENT.length) : '';
}

export function createDesktopBridge(ipc: IpcRendererPort, environment: PreloadEnvironment): DesktopBridge {
  async function invoke<T>(channel: string, ...args: unknown[]): Promise<T> {
    try {
      return (await ipc.invoke(channel, ...args)) as T;
    } catch (error) {
      throw unwrapRemoteError(error);
    }
  }

  return {
    platform: toPlatform(environment.platform),
    appVersion: readAppVersion(environment.argv),
    server: {
      getUrl: () => invoke(DESKTOP_IPC.getServerUrl),
      setUrl: (url) => invoke(DESKTOP_IPC.setServerUrl, url),
    },
    auth: {
      // Copied field by field: the renderer's object is a proxy across the context bridge, and only
      // the two credentials should travel.
      login: (credentials) => invoke(DESKTOP_IPC.login, { email: credentials.email, password: credentials.password }),
      refresh: () => invoke(DESKTOP_IPC.refresh),
      logout: (accessToken) => invoke(DESKTOP_IPC.logout, accessToken),
      isStorageSecure: () => invoke(DESKTOP_IPC.isStorageSecure),
    },
    setUnreadCount: (count, options) => ipc.send(DESKTOP_IPC.setUnreadCount, count, { stale: options?.stale === true }),
    notify: ({ title, body, route, tag }) => ipc.send(DESKTOP_IPC.notify, { title, body, route, tag }),
    dismissNotification: (tag) => ipc.send(DESKTOP_IPC.dismissNotification, tag),
    setLanguage: (language) => ipc.send(DESKTOP_IPC.setLanguage, language),
    setComposing: (composing) => ipc.send(DESKTOP_IPC.setComposing, composing === true),
    download: (url) => ipc.send(DESKTOP_IPC.download, url),
    onNavigate: (listener) =>
      subscribe(DESKTOP_IPC.navigate, (route) => {
        if (typeof route === 'string') listener(route);
      }),
    onSignOutRequest: (listener) => subscribe(DESKTOP_IPC.signOut, () => listener()),
    onResume: (listener) => subscribe(DESKTOP_IPC.resume, () => listener()),
    onIdleChange: (listener) =>
      subscribe(DESKTOP_IPC.idle, (idle) => {
        if (typeof idle === 'boolean') listener(idle);
      }),
  };

  /**
   * Listens to a main-to-renderer channel. The IPC event never reaches the page: it carries
   * `sender`, a handle on Electron internals. Returns the unsubscribe function.
   */
  function subscribe(channel: string, listener: (value: unknown) => void): () => void {
    const forward = (_event: unknown, value: unknown) => listener(value);
    ipc.on(channel, forward);
    return () => {
      ipc.removeListener(channel, forward);
    };
  }
}
