import { DESKTOP_IPC, type ServerCheckResult } from '@atendo/shared';
import type { BrowserWindowConstructorOptions, CustomScheme } from 'electron';
import { APP_ENTRY_URL, APP_SCHEME } from './app-origin.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { createAttention, type NotificationPort } from './attention.js';
import { createAuthClient } from './auth-client.js';
import { buildContentSecurityPolicy } from './content-security-policy.js';
import { registerIpcHandlers, type IpcMainPort, type ServerSettings } from './ipc-handlers.js';
import { decideNavigation, decidePermission, decideWindowOpen, type MediaType } from './navigation-guard.js';
import { checkServer, type FetchLike } from './server-check.js';
import type { SettingsStore } from './settings-store.js';
import { createTokenStore, type SafeStoragePort, type TokenStore } from './token-store.js';

/*
 * Ports: the few Electron calls the main process makes, typed narrowly so that tests drive the
 * whole main process with plain objects and main.ts hands in the real modules.
 */

export interface GuardableEvent {
  preventDefault(): void;
}

export interface WebContentsPort {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: GuardableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: GuardableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface WindowPort {
  readonly webContents: { send(channel: string, ...args: unknown[]): void; reload(): void };
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

export interface AppPort {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  whenReady(): Promise<unknown>;
  on(event: 'second-instance' | 'activate' | 'window-all-closed', listener: () => void): unknown;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsPort) => void): unknown;
  getVersion(): string;
  setBadgeCount(count?: number): boolean;
  setAppUserModelId(id: string): void;
}

export interface ProtocolPort {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
}

export interface PermissionRequestDetails {
  requestingUrl?: string;
  mediaTypes?: Array<'video' | 'audio'>;
}

export interface PermissionCheckDetails {
  requestingUrl?: string;
  mediaType?: MediaType;
}

export interface SessionPort {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: PermissionRequestDetails,
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      webContents: unknown,
      permission: string,
      requestingOrigin: string,
      details: PermissionCheckDetails,
    ) => boolean,
  ): void;
}

export interface MainAppDeps {
  app: AppPort;
  createWindow(options: BrowserWindowConstructorOptions): WindowPort;
  ipcMain: IpcMainPort;
  safeStorage: SafeStoragePort;
  store: SettingsStore;
  /** Electron's net.fetch: Chromium's stack, so system proxies and the OS certificate store apply. */
  fetch: FetchLike;
  openExternal(url: string): Promise<void>;
  protocol: ProtocolPort;
  /** The default session exists only once the app is ready, hence a getter. */
  getDefaultSession(): SessionPort;
  createNotification(options: { title: string; body: string }): NotificationPort | null;
  platform: NodeJS.Platform;
  rendererRoot: string;
  preloadPath: string;
  log?: Pick<Console, 'warn' | 'error'>;
}

export const APP_USER_MODEL_ID = 'com.atendo.desktop';
/** How main tells the sandboxed preload the version: it cannot read package.json itself. */
export const VERSION_ARGUMENT = '--atendo-version=';

export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  // standard: relative and absolute URLs ('/assets/…') resolve like http; secure: a secure context
  // (notifications, getUserMedia); supportFetchAPI and corsEnabled: the page can fetch itself.
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
};

export function buildWindowOptions({
  preloadPath,
  appVersion,
}: {
  preloadPath: string;
  appVersion: string;
}): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    title: 'Atendo',
    // Shown on ready-to-show so the agent never sees a blank white frame while React boots.
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
      additionalArguments: [`${VERSION_ARGUMENT}${appVersion}`],
    },
  };
}

export interface MainApp {
  /** Returns false when another instance already runs: that one is focused and this one quits. */
  start(): boolean;
  /** Exposed so tests and later features (tray, deep links) reach the same objects. */
  readonly tokens: TokenStore;
  readonly server: ServerSettings;
  getWindow(): WindowPort | null;
}

export function createMainApp(deps: MainAppDeps): MainApp {
  const { app, store, log = console } = deps;
  let mainWindow: WindowPort | null = null;
  let ready = false;

  const tokens = createTokenStore({ safeStorage: deps.safeStorage, store, platform: deps.platform });

  const server: ServerSettings = {
    getUrl: () => store.get('serverUrl') ?? null,
    async setUrl(input: string): Promise<ServerCheckResult> {
      const result = await checkServer(input, deps.fetch);
      if (!result.ok || !result.url) return result;
      const previous = server.getUrl();
      if (previous !== result.url) {
        // A refresh token belongs to the server that issued it; sending it to another host would
        // hand a session to whoever runs that host.
        tokens.wipe();
        store.set('serverUrl', result.url);
        if (buildContentSecurityPolicy(previous) !== buildContentSecurityPolicy(result.url)) reloadForNewPolicy();
      }
      return result;
    },
  };

  /**
   * The CSP is fixed when a document loads, so the page cannot talk to a newly saved server until
   * it reloads. The reload waits a turn so the renderer receives the setUrl answer first; after it
   * the renderer starts again with getUrl() returning the new server.
   */
  function reloadForNewPolicy(): void {
    setTimeout(() => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.reload();
    }, 0);
  }

  const auth = createAuthClient({ fetch: deps.fetch, tokens, getServerUrl: server.getUrl });

  const attention = createAttention({
    platform: deps.platform,
    setBadgeCount: (count) => app.setBadgeCount(count),
    createNotification: deps.createNotification,
    onNotificationClick(route) {
      const window = focusMainWindow();
      window?.webContents.send(DESKTOP_IPC.navigate, route);
    },
  });

  function openExternally(url: string): void {
    deps.openExternal(url).catch((error: unknown) => log.warn('Could not open an external link', error));
  }

  /** Applied to every web contents the app ever creates, not only the main window's. */
  function guardWebContents(contents: WebContentsPort): void {
    const guardNavigation = (event: GuardableEvent, url: string) => {
      const decision = decideNavigation(url);
      if (decision.allow) return;
      event.preventDefault();
      if (decision.openExternally) openExternally(decision.openExternally);
    };
    contents.on('will-navigate', guardNavigation);
    contents.on('will-redirect', guardNavigation);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideWindowOpen(url);
      if (decision.openExternally) openExternally(decision.openExternally);
      return { action: decision.action };
    });
  }

  function installPermissionHandlers(session: SessionPort): void {
    session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
      callback(decidePermission(permission, details.requestingUrl, details.mediaTypes ?? []));
    });
    // Chromium asks the check handler before showing notifications or listing devices; without it
    // a permission granted above could still read as denied (or the reverse).
    session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) => {
      const mediaTypes: MediaType[] = details.mediaType ? [details.mediaType] : [];
      return decidePermission(permission, details.requestingUrl ?? `${requestingOrigin}/`, mediaTypes);
    });
  }

  function createMainWindow(): WindowPort {
    const window = deps.createWindow(
      buildWindowOptions({ preloadPath: deps.preloadPath, appVersion: app.getVersion() }),
    );
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    window.loadURL(APP_ENTRY_URL).catch((error: unknown) => log.error('Could not load the app', error));
    mainWindow = window;
    return window;
  }

  function focusMainWindow(): WindowPort | null {
    const window = mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
    if (!window) return null;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return window;
  }

  function start(): boolean {
    if (!app.requestSingleInstanceLock()) {
      app.quit();
      return false;
    }
    // Must happen before 'ready': Chromium reads scheme privileges once, at startup.
    deps.protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
    // Windows shows notifications only for an app with this id, the one electron-builder registers.
    if (deps.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

    app.on('second-instance', () => {
      focusMainWindow();
    });
    app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
    app.on('window-all-closed', () => {
      // macOS apps stay in the dock without windows; 'activate' opens one again.
      if (deps.platform !== 'darwin') app.quit();
    });
    app.on('activate', () => {
      // macOS can send 'activate' while the app is still starting; the window comes with 'ready'.
      if (ready && !mainWindow) createMainWindow();
    });

    registerIpcHandlers({
      ipcMain: deps.ipcMain,
      server,
      auth,
      attention,
      onRejectedMessage: (channel, error) => log.warn(`Rejected IPC message on ${channel}`, error),
    });

    app
      .whenReady()
      .then(() => {
        deps.protocol.handle(
          APP_SCHEME,
          createAppProtocolHandler({ rendererRoot: deps.rendererRoot, getServerUrl: server.getUrl }),
        );
        installPermissionHandlers(deps.getDefaultSession());
        ready = true;
        createMainWindow();
      })
      .catch((error: unknown) => {
        log.error('Could not start Atendo', error);
        app.quit();
      });
    return true;
  }

  return { start, tokens, server, getWindow: () => mainWindow };
}
