import { DESKTOP_IPC, type Language, type ServerCheckResult } from '@atendo/shared';
import type { BrowserWindowConstructorOptions, CustomScheme, NativeImage } from 'electron';
import path from 'node:path';
import { APP_ORIGIN, APP_SCHEME } from './app-origin.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { createAttention } from './attention.js';
import { createAuthClient, type AuthClient } from './auth-client.js';
import type { OverlayIconName } from './badge.js';
import { buildContentSecurityPolicy } from './content-security-policy.js';
import { contextMenuEntries, type ContextMenuParams } from './context-menu.js';
import { DEEP_LINK_SCHEME, deepLinkInArgv, routeFromDeepLink } from './deep-link.js';
import { isServerMediaUrl, suggestedFileName } from './downloads.js';
import { createIdleMonitor, type SystemIdleState } from './idle-monitor.js';
import { registerIpcHandlers, type IpcMainPort, type ServerSettings } from './ipc-handlers.js';
import { IPC_ERRORS, IpcRejection } from './ipc-validators.js';
import { createMainTexts, languageFromLocale } from './main-texts.js';
import { decideNavigation, decidePermission, decideWindowOpen, type MediaType } from './navigation-guard.js';
import type { NotificationOptions, NotificationPort } from './notification-center.js';
import { checkServer, type FetchLike } from './server-check.js';
import type { SettingsStore } from './settings-store.js';
import { spellCheckerLanguages } from './spellcheck.js';
import { createTokenStore, type SafeStoragePort, type TokenStore } from './token-store.js';
import { createTrayController, type MenuEntry, type TrayController, type TrayPort } from './tray.js';
import { createUpdater, type AutoUpdaterPort } from './updater.js';

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
  readonly webContents: {
    send(channel: string, ...args: unknown[]): void;
    reload(): void;
    downloadURL(url: string): void;
    replaceMisspelling(word: string): void;
    on(event: 'did-navigate', listener: () => void): unknown;
    on(event: 'context-menu', listener: (event: unknown, params: ContextMenuParams) => void): unknown;
    /** The page's beforeunload held the unload (changes not saved); preventDefault lets it go. */
    on(event: 'will-prevent-unload', listener: (event: GuardableEvent) => void): unknown;
  };
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isFocused(): boolean;
  restore(): void;
  show(): void;
  hide(): void;
  focus(): void;
  flashFrame(flag: boolean): void;
  setOverlayIcon(overlay: NativeImage | null, description: string): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed' | 'focus', listener: () => void): unknown;
  on(event: 'close', listener: (event: GuardableEvent) => void): unknown;
}

export interface AppPort {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  whenReady(): Promise<unknown>;
  on(event: 'activate' | 'window-all-closed' | 'before-quit', listener: () => void): unknown;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: 'open-url', listener: (event: GuardableEvent, url: string) => void): unknown;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsPort) => void): unknown;
  getVersion(): string;
  getLocale(): string;
  setBadgeCount(count?: number): boolean;
  setAppUserModelId(id: string): void;
  /** macOS only; Electron leaves it undefined elsewhere. */
  readonly dock?: { setBadge(text: string): void; bounce(type?: 'critical' | 'informational'): number };
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

/** The part of an Electron `DownloadItem` the save dialog needs. */
export interface DownloadItemPort {
  getFilename(): string;
  setSaveDialogOptions(options: { title: string; defaultPath: string }): void;
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
  readonly availableSpellCheckerLanguages: string[];
  setSpellCheckerLanguages(languages: string[]): void;
  addWordToSpellCheckerDictionary(word: string): boolean;
  on(event: 'will-download', listener: (event: unknown, item: DownloadItemPort) => void): unknown;
}

export interface PowerMonitorPort {
  on(event: 'resume', listener: () => void): unknown;
  getSystemIdleState(idleThresholdSeconds: number): SystemIdleState;
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
  /** Also exists only once ready. */
  getPowerMonitor(): PowerMonitorPort;
  createNotification(options: NotificationOptions): NotificationPort | null;
  createTray(): TrayPort;
  popupMenu(entries: MenuEntry[]): void;
  /** A native question over the window, answered synchronously: true when the person chose `leave`. */
  askToLeave(
    window: WindowPort,
    texts: { title: string; message: string; detail: string; leave: string; stay: string },
  ): boolean;
  overlayIcon(name: OverlayIconName): NativeImage;
  /** Registers atendo:// with the OS for this executable (electron-builder does it on install too). */
  registerDeepLinkScheme(scheme: string): void;
  getDownloadsPath(): string;
  platform: NodeJS.Platform;
  /** The command line of this launch: Windows and Linux pass a deep link here. */
  argv: readonly string[];
  rendererRoot: string;
  preloadPath: string;
  /** electron-updater's autoUpdater; null where it cannot install (not packaged: development, tests). */
  updater: AutoUpdaterPort | null;
  /** Shows the folder of the log file (see logging.ts), which support asks for. */
  openLogFolder(): void;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
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
      // The app runs all day behind other windows or hidden in the tray, and must still keep its
      // socket alive and ring for new messages: no timer throttling in the background, and the
      // chime may play before the agent has clicked anything since the launch.
      backgroundThrottling: false,
      autoplayPolicy: 'no-user-gesture-required',
      additionalArguments: [`${VERSION_ARGUMENT}${appVersion}`],
    },
  };
}

export interface MainApp {
  /** Returns false when another instance already runs: that one is focused and this one quits. */
  start(): boolean;
  /** Exposed so tests reach the same objects the IPC handlers use. */
  readonly tokens: TokenStore;
  readonly server: ServerSettings;
  getWindow(): WindowPort | null;
}

export function createMainApp(deps: MainAppDeps): MainApp {
  const { app, store, platform, log = console } = deps;
  let mainWindow: WindowPort | null = null;
  let tray: TrayController | null = null;
  let ready = false;
  let quitting = false;
  /** A deep link that arrived before there was a window to open it in. */
  let pendingRoute: string | null = deepLinkInArgv(deps.argv);
  /** Once the renderer has said its language, the OS locale no longer decides. */
  let languageFromRenderer = false;
  /** A composer holds a message or files not sent (the renderer says so): no restart into an update. */
  let composing = false;
  /** Kept referenced: Electron drops a collected notification's click handler. */
  let updateNotification: NotificationPort | null = null;

  const texts = createMainTexts('en');
  const tokens = createTokenStore({ safeStorage: deps.safeStorage, store, platform });

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
        attention.clear();
        tray?.refreshMenu();
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

  const attention = createAttention({
    platform,
    t: texts.t,
    getWindow() {
      const window = liveWindow();
      if (!window) return null;
      return {
        isFocused: () => window.isFocused(),
        flashFrame: (flag) => window.flashFrame(flag),
        setOverlayIcon: (icon, description) => window.setOverlayIcon(icon ? deps.overlayIcon(icon) : null, description),
      };
    },
    getTray: () => tray,
    dock: app.dock,
    setBadgeCount: (count) => app.setBadgeCount(count),
    createNotification: deps.createNotification,
    onNotificationClick: openRoute,
  });

  function showUpdateNotification(title: string, body: string, onClick?: () => void): void {
    updateNotification?.close();
    updateNotification = deps.createNotification({ title, body, silent: true });
    if (onClick) updateNotification?.on('click', onClick);
    updateNotification?.show();
  }

  const updates = deps.updater
    ? createUpdater({
        updater: deps.updater,
        getServerUrl: server.getUrl,
        isComposing: () => composing,
        onReady(version) {
          tray?.refreshMenu();
          showUpdateNotification(
            texts.t('update.readyTitle', { version }),
            texts.t('update.readyBody'),
            restartToUpdate,
          );
        },
        onRestartRefused() {
          showUpdateNotification(texts.t('update.refusedTitle'), texts.t('update.refusedBody'));
          // The message being written is where the agent should look.
          showApp();
        },
        log,
      })
    : null;

  function restartToUpdate(): void {
    // quitAndInstall closes the windows itself; 'before-quit' comes after, so hiding stops here.
    if (updates?.restartNow()) quitting = true;
  }

  /** Signed in means a refresh token is held; the tray's "Sign out" follows it. */
  const isSignedIn = () => tokens.read() !== null;

  const client = createAuthClient({ fetch: deps.fetch, tokens, getServerUrl: server.getUrl });
  /** The auth client, with the tray menu and badge following each sign-in and sign-out. */
  const auth: AuthClient = {
    async login(credentials) {
      const answer = await client.login(credentials);
      tray?.refreshMenu();
      return answer;
    },
    async refresh() {
      try {
        return await client.refresh();
      } finally {
        // A refused refresh has wiped the token: the session is over here too.
        if (!isSignedIn()) attention.clear();
        tray?.refreshMenu();
      }
    },
    async logout(accessToken) {
      try {
        await client.logout(accessToken);
      } finally {
        attention.clear();
        tray?.refreshMenu();
      }
    },
  };

  const idle = createIdleMonitor({
    getSystemIdleState: (threshold) => deps.getPowerMonitor().getSystemIdleState(threshold),
    onChange: (isIdle) => liveWindow()?.webContents.send(DESKTOP_IPC.idle, isIdle),
  });

  function setLanguage(language: Language): void {
    languageFromRenderer = true;
    if (texts.language === language) return;
    texts.setLanguage(language);
    tray?.refreshMenu();
    attention.redraw();
  }

  function download(url: string): void {
    if (!isServerMediaUrl(url, server.getUrl())) throw new IpcRejection(IPC_ERRORS.invalidArguments);
    liveWindow()?.webContents.downloadURL(url);
  }

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

  function configureSession(session: SessionPort): void {
    session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
      callback(decidePermission(permission, details.requestingUrl, details.mediaTypes ?? []));
    });
    // Chromium asks the check handler before showing notifications or listing devices; without it
    // a permission granted above could still read as denied (or the reverse).
    session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) => {
      const mediaTypes: MediaType[] = details.mediaType ? [details.mediaType] : [];
      return decidePermission(permission, details.requestingUrl ?? `${requestingOrigin}/`, mediaTypes);
    });
    // macOS uses its own spellchecker, which picks the language by itself and ignores this list.
    if (platform !== 'darwin') {
      session.setSpellCheckerLanguages(spellCheckerLanguages(session.availableSpellCheckerLanguages));
    }
    session.on('will-download', (_event, item) => {
      // No save path set: Electron asks where to save, starting in Downloads with the file's name.
      item.setSaveDialogOptions({
        title: texts.t('downloads.saveTitle'),
        defaultPath: path.join(deps.getDownloadsPath(), suggestedFileName(item.getFilename())),
      });
    });
  }

  function liveWindow(): WindowPort | null {
    return mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
  }

  function createMainWindow(route: string | null = null): WindowPort {
    const window = deps.createWindow(
      buildWindowOptions({ preloadPath: deps.preloadPath, appVersion: app.getVersion() }),
    );
    window.once('ready-to-show', () => window.show());
    window.on('close', (event) => {
      // Closing hides: the agent keeps getting notifications and the badge from the tray (or the
      // dock). Quitting comes from the tray menu, the app menu or the OS, which set `quitting`.
      if (quitting) return;
      event.preventDefault();
      window.hide();
    });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    window.on('focus', () => window.flashFrame(false));
    // A page with changes not saved (the flow editor) holds its unload: quitting or reloading asks
    // here, natively, instead of silently not happening.
    window.webContents.on('will-prevent-unload', (event) => {
      const leave = deps.askToLeave(window, {
        title: texts.t('unsaved.title'),
        message: texts.t('unsaved.message'),
        detail: texts.t('unsaved.detail'),
        leave: texts.t('unsaved.leave'),
        stay: texts.t('unsaved.stay'),
      });
      if (leave) event.preventDefault();
      // Staying cancels the quit as well: closing the window hides it again, as before.
      else quitting = false;
    });
    // A page (re)load starts without a count; the renderer sends its own once it has one, so the
    // badge never shows what an earlier page counted.
    window.webContents.on('did-navigate', () => attention.setUnread({ count: 0, stale: false }));
    window.webContents.on('context-menu', (_event, params) => {
      const entries = contextMenuEntries(params, texts.t, {
        replaceMisspelling: (word) => window.webContents.replaceMisspelling(word),
        addToDictionary: (word) => deps.getDefaultSession().addWordToSpellCheckerDictionary(word),
      });
      if (entries.length > 0) deps.popupMenu(entries);
    });
    // The protocol handler answers index.html for any route, so a deep link opens directly.
    window
      .loadURL(`${APP_ORIGIN}${route ?? '/'}`)
      .catch((error: unknown) => log.error('Could not load the app', error));
    mainWindow = window;
    return window;
  }

  function focusMainWindow(): WindowPort | null {
    const window = liveWindow();
    if (!window) return null;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return window;
  }

  function showApp(): void {
    if (!focusMainWindow() && ready) createMainWindow();
  }

  /** Notification clicks and deep links: the window comes forward on that route. */
  function openRoute(route: string): void {
    const window = focusMainWindow();
    if (window) window.webContents.send(DESKTOP_IPC.navigate, route);
    else if (ready) createMainWindow(route);
    else pendingRoute = route;
  }

  function createAppTray(): void {
    tray = createTrayController({
      tray: deps.createTray(),
      t: texts.t,
      isSignedIn,
      getUpdateVersion: () => updates?.readyVersion() ?? null,
      actions: {
        open: showApp,
        restartToUpdate,
        openLogs: () => deps.openLogFolder(),
        // The renderer signs out through its own flow (server call, state, then the bridge's logout).
        signOut: () => liveWindow()?.webContents.send(DESKTOP_IPC.signOut),
        quit: () => app.quit(),
      },
    });
  }

  function start(): boolean {
    if (!app.requestSingleInstanceLock()) {
      app.quit();
      return false;
    }
    // Must happen before 'ready': Chromium reads scheme privileges once, at startup.
    deps.protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
    // Windows shows notifications only for an app with this id, the one electron-builder registers.
    if (platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

    app.on('second-instance', (_event, argv) => {
      const route = deepLinkInArgv(argv);
      if (route) openRoute(route);
      else showApp();
    });
    // macOS delivers deep links as an event, also before 'ready' when the link launched the app.
    app.on('open-url', (event, url) => {
      event.preventDefault();
      const route = routeFromDeepLink(url);
      if (route) openRoute(route);
    });
    app.on('before-quit', () => {
      quitting = true;
      updates?.stop();
    });
    app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
    app.on('window-all-closed', () => {
      // macOS apps stay in the dock without windows; 'activate' opens one again.
      if (platform !== 'darwin') app.quit();
    });
    app.on('activate', () => {
      // macOS can send 'activate' while the app is still starting; the window comes with 'ready'.
      if (ready) showApp();
    });

    registerIpcHandlers({
      ipcMain: deps.ipcMain,
      server,
      auth,
      isStorageSecure: () => tokens.isSecure(),
      attention,
      setLanguage,
      setComposing: (value) => {
        composing = value;
      },
      download,
      onRejectedMessage: (channel, error) => log.warn(`Rejected IPC message on ${channel}`, error),
    });

    app
      .whenReady()
      .then(() => {
        deps.protocol.handle(
          APP_SCHEME,
          createAppProtocolHandler({ rendererRoot: deps.rendererRoot, getServerUrl: server.getUrl }),
        );
        configureSession(deps.getDefaultSession());
        if (!languageFromRenderer) texts.setLanguage(languageFromLocale(app.getLocale()));
        deps.registerDeepLinkScheme(DEEP_LINK_SCHEME);
        createAppTray();
        const power = deps.getPowerMonitor();
        // After sleep the socket may look connected while its TCP connection is long dead.
        power.on('resume', () => liveWindow()?.webContents.send(DESKTOP_IPC.resume));
        idle.start();
        updates?.start();
        ready = true;
        createMainWindow(pendingRoute);
        pendingRoute = null;
      })
      .catch((error: unknown) => {
        log.error('Could not start Atendo', error);
        app.quit();
      });
    return true;
  }

  return { start, tokens, server, getWindow: () => mainWindow };
}
