import { jest } from '@jest/globals';
import { DESKTOP_IPC } from '@atendo/shared';
import type { BrowserWindowConstructorOptions, CustomScheme, NativeImage } from 'electron';
import type { ContextMenuParams } from './context-menu.js';
import { IDLE_POLL_MS, type SystemIdleState } from './idle-monitor.js';
import type { IpcSenderEvent } from './ipc-validators.js';
import {
  createMainApp,
  type AppPort,
  type DownloadItemPort,
  type GuardableEvent,
  type MainAppDeps,
  type SessionPort,
  type WebContentsPort,
  type WindowPort,
} from './main-app.js';
import type { NotificationOptions, NotificationPort } from './notification-center.js';
import { FakeAutoUpdater, MemoryStore, fakeFetch, fakeSafeStorage, jsonResponse } from './test-fakes.js';
import type { MenuEntry, TrayPort } from './tray.js';
import { UPDATE_START_DELAY_MS } from './updater.js';

type Listener = (...args: unknown[]) => unknown;
/** Any listener, whatever its parameter types: the fakes stand in for Electron's typed emitters. */
type AnyListener = (...args: never[]) => unknown;

class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: AnyListener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }
  once(event: string, listener: AnyListener): this {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

class FakeWebContentsOfWindow extends FakeEmitter {
  constructor(private readonly window: FakeWindow) {
    super();
  }
  send = (channel: string, ...args: unknown[]) => void this.window.sent.push([channel, args]);
  reload = () => void this.window.actions.push('reload');
  downloadURL = (url: string) => void this.window.actions.push(`download:${url}`);
  replaceMisspelling = (word: string) => void this.window.actions.push(`replace:${word}`);
}

class FakeWindow extends FakeEmitter implements WindowPort {
  readonly sent: Array<[string, unknown[]]> = [];
  readonly actions: string[] = [];
  loadedUrl: string | null = null;
  minimized = true;
  focused = false;
  readonly webContents = new FakeWebContentsOfWindow(this);
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
  }
  async loadURL(url: string) {
    this.loadedUrl = url;
  }
  isDestroyed = () => false;
  isMinimized = () => this.minimized;
  isFocused = () => this.focused;
  restore = () => void this.actions.push('restore');
  show = () => void this.actions.push('show');
  hide = () => void this.actions.push('hide');
  focus = () => void this.actions.push('focus');
  flashFrame = (flag: boolean) => void this.actions.push(`flash:${flag}`);
  setOverlayIcon = (overlay: NativeImage | null, description: string) =>
    void this.actions.push(`overlay:${(overlay as unknown as { name?: string } | null)?.name ?? null}:${description}`);
}

class FakeTray extends FakeEmitter implements TrayPort {
  image = 'tray';
  tooltip = '';
  menu: MenuEntry[] = [];
  setImage(icon: string) {
    this.image = icon;
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(entries: MenuEntry[]) {
    this.menu = entries;
  }
  item(label: string): MenuEntry {
    const entry = this.menu.find((candidate) => candidate.label === label);
    if (!entry) throw new Error(`No tray entry ${label} in ${JSON.stringify(this.menu)}`);
    return entry;
  }
}

class FakeWebContents extends FakeEmitter implements WebContentsPort {
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.windowOpenHandler = handler;
  }
}

class FakeNotification extends FakeEmitter implements NotificationPort {
  shown = false;
  closed = false;
  constructor(readonly options: NotificationOptions) {
    super();
  }
  show() {
    this.shown = true;
  }
  close() {
    this.closed = true;
  }
}

const fromApp: IpcSenderEvent = { senderFrame: { url: 'app://atendo/' } };

interface SetupOptions {
  locked?: boolean;
  fetch?: ReturnType<typeof fakeFetch>;
  platform?: NodeJS.Platform;
  argv?: string[];
  locale?: string;
  updater?: FakeAutoUpdater;
}

const TICKET_UUID = '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f';

function setup(options: SetupOptions = {}) {
  const appEvents = new FakeEmitter();
  const sessionEvents = new FakeEmitter();
  const powerEvents = new FakeEmitter();
  const trays: FakeTray[] = [];
  const menus: MenuEntry[][] = [];
  const deepLinkSchemes: string[] = [];
  const spellcheck: string[][] = [];
  const dictionary: string[] = [];
  const dock: string[] = [];
  let idleState: SystemIdleState = 'active';
  const windows: FakeWindow[] = [];
  const notifications: FakeNotification[] = [];
  const opened: string[] = [];
  const badge: number[] = [];
  const calls: string[] = [];
  const schemes: CustomScheme[] = [];
  const handled = new Map<string, (request: Request) => Promise<Response>>();
  const invokeHandlers = new Map<string, Listener>();
  const sendHandlers = new Map<string, Listener>();
  let requestHandler: Parameters<SessionPort['setPermissionRequestHandler']>[0] | null = null;
  const questions: Array<Parameters<MainAppDeps['askToLeave']>[1]> = [];
  let leaveAnswer = false;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const app: AppPort = {
    requestSingleInstanceLock: () => options.locked ?? true,
    quit: () => void calls.push('quit'),
    whenReady: () => ready,
    on: (event: string, listener: AnyListener) => appEvents.on(event, listener),
    getVersion: () => '1.2.3',
    getLocale: () => options.locale ?? 'pt-BR',
    setBadgeCount: (count = 0) => {
      badge.push(count);
      return true;
    },
    setAppUserModelId: (id) => void calls.push(`appUserModelId:${id}`),
    dock: {
      setBadge: (text) => void dock.push(text),
      bounce: (type) => {
        dock.push(`bounce:${type}`);
        return 1;
      },
    },
  };
  const store = new MemoryStore();
  const deps: MainAppDeps = {
    app,
    createWindow: (windowOptions) => {
      const window = new FakeWindow(windowOptions);
      windows.push(window);
      return window;
    },
    ipcMain: {
      handle: (channel, listener) => void invokeHandlers.set(channel, listener as Listener),
      on: (channel, listener) => void sendHandlers.set(channel, listener as Listener),
    },
    safeStorage: fakeSafeStorage(),
    store,
    fetch: options.fetch ?? fakeFetch(),
    openExternal: async (url) => void opened.push(url),
    protocol: {
      registerSchemesAsPrivileged: (list) => void schemes.push(...list),
      handle: (scheme, handler) => void handled.set(scheme, handler),
    },
    getDefaultSession: (): SessionPort => ({
      setPermissionRequestHandler: (handler) => void (requestHandler = handler),
      setPermissionCheckHandler: () => {},
      availableSpellCheckerLanguages: ['de', 'en-GB', 'en-US', 'es', 'pt-BR'],
      setSpellCheckerLanguages: (languages) => void spellcheck.push(languages),
      addWordToSpellCheckerDictionary: (word) => {
        dictionary.push(word);
        return true;
      },
      on: (event, listener) => void sessionEvents.on(event, listener),
    }),
    getPowerMonitor: () => ({
      on: (event, listener) => void powerEvents.on(event, listener),
      getSystemIdleState: () => idleState,
    }),
    createNotification: (notificationOptions) => {
      const notification = new FakeNotification(notificationOptions);
      notifications.push(notification);
      return notification;
    },
    createTray: () => {
      const tray = new FakeTray();
      trays.push(tray);
      return tray;
    },
    popupMenu: (entries) => void menus.push(entries),
    askToLeave: (_window, texts) => {
      questions.push(texts);
      return leaveAnswer;
    },
    overlayIcon: (name) => ({ name }) as unknown as NativeImage,
    registerDeepLinkScheme: (scheme) => void deepLinkSchemes.push(scheme),
    getDownloadsPath: () => '/home/ana/Downloads',
    platform: options.platform ?? 'linux',
    argv: options.argv ?? ['/opt/atendo/atendo'],
    rendererRoot: '/opt/atendo/dist/renderer',
    preloadPath: '/opt/atendo/dist/preload/preload.cjs',
    updater: options.updater ?? null,
    openLogFolder: () => void calls.push('openLogFolder'),
    log: { info: () => {}, warn: () => {}, error: () => {} },
  };
  const mainApp = createMainApp(deps);
  return {
    mainApp,
    questions,
    answerLeave: (leave: boolean) => (leaveAnswer = leave),
    store,
    appEvents,
    sessionEvents,
    powerEvents,
    trays,
    menus,
    deepLinkSchemes,
    spellcheck,
    dictionary,
    dock,
    setIdleState: (state: SystemIdleState) => (idleState = state),
    windows,
    notifications,
    opened,
    badge,
    calls,
    schemes,
    handled,
    invoke: (channel: string, ...args: unknown[]) => Promise.resolve(invokeHandlers.get(channel)?.(fromApp, ...args)),
    send: (channel: string, ...args: unknown[]) => sendHandlers.get(channel)?.(fromApp, ...args),
    requestPermission: (
      permission: string,
      details: { requestingUrl?: string; mediaTypes?: Array<'audio' | 'video'> },
    ) => new Promise<boolean>((resolve) => requestHandler?.(null, permission, resolve, details)),
    becomeReady: async () => {
      resolveReady();
      await ready;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('createMainApp', () => {
  it('quits at once when another instance holds the lock', () => {
    const { mainApp, calls, schemes } = setup({ locked: false });
    expect(mainApp.start()).toBe(false);
    expect(calls).toEqual(['quit']);
    expect(schemes).toEqual([]);
  });

  it('registers the privileged app scheme before ready and serves it once ready', async () => {
    const { mainApp, schemes, handled, windows, becomeReady } = setup();
    mainApp.start();
    expect(schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
    ]);
    expect(handled.size).toBe(0);
    await becomeReady();
    expect(handled.has('app')).toBe(true);
    expect(windows).toHaveLength(1);
    expect(windows[0].loadedUrl).toBe('app://atendo/');
  });

  it('opens the window with the secure web preferences and the version for the preload', async () => {
    const { mainApp, windows, becomeReady } = setup();
    mainApp.start();
    await becomeReady();
    expect(windows[0].options.show).toBe(false);
    expect(windows[0].options.webPreferences).toMatchObject({
      preload: '/opt/atendo/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: true,
      backgroundThrottling: false,
      autoplayPolicy: 'no-user-gesture-required',
      additionalArguments: ['--atendo-version=1.2.3'],
    });
    windows[0].emit('ready-to-show');
    expect(windows[0].actions).toContain('show');
  });

  it('opens a window on macOS activate only once ready and when none is open', async () => {
    const { mainApp, appEvents, windows, becomeReady } = setup();
    mainApp.start();
    appEvents.emit('activate');
    expect(windows).toHaveLength(0);
    await becomeReady();
    appEvents.emit('activate');
    expect(windows).toHaveLength(1);
    windows[0].emit('closed');
    appEvents.emit('activate');
    expect(windows).toHaveLength(2);
  });

  it('focuses the existing window on a second launch', async () => {
    const { mainApp, appEvents, windows, becomeReady } = setup();
    mainApp.start();
    await becomeReady();
    appEvents.emit('second-instance', {}, ['atendo'], '/');
    expect(windows).toHaveLength(1);
    expect(windows[0].actions).toEqual(['restore', 'show', 'focus']);
  });

  it('guards every web contents: in-app navigation only, no new windows, web links to the browser', () => {
    const { mainApp, appEvents, opened } = setup();
    mainApp.start();
    const contents = new FakeWebContents();
    appEvents.emit('web-contents-created', {}, contents);

    const navigate = (url: string) => {
      let prevented = false;
      const event: GuardableEvent = { preventDefault: () => void (prevented = true) };
      contents.emit('will-navigate', event, url);
      return prevented;
    };
    expect(navigate('app://atendo/tickets')).toBe(false);
    expect(navigate('https://example.com/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://wa.me/1' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'file:///x' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/', 'https://wa.me/1']);

    let webviewPrevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => void (webviewPrevented = true) });
    expect(webviewPrevented).toBe(true);
  });

  it('grants notifications and the microphone only', async () => {
    const { mainApp, becomeReady, requestPermission } = setup();
    mainApp.start();
    await becomeReady();
    await expect(requestPermission('notifications', { requestingUrl: 'app://atendo/' })).resolves.toBe(true);
    await expect(requestPermission('media', { requestingUrl: 'app://atendo/', mediaTypes: ['audio'] })).resolves.toBe(
      true,
    );
    await expect(requestPermission('media', { requestingUrl: 'app://atendo/', mediaTypes: ['video'] })).resolves.toBe(
      false,
    );
    await expect(requestPermission('geolocation', { requestingUrl: 'app://atendo/' })).resolves.toBe(false);
  });

  it('saves a checked server, wipes the token of the previous one and reloads for the new CSP', async () => {
    const health = { name: 'Atendo', version: '1', status: 'ok', database: 'up', redis: 'up' };
    const fetch = fakeFetch(jsonResponse(200, health), jsonResponse(200, health));
    const { mainApp, store, windows, invoke, becomeReady } = setup({ fetch });
    mainApp.start();
    await becomeReady();
    mainApp.tokens.save('refresh-of-old-server');
    store.set('serverUrl', 'https://old.example.com');

    await expect(invoke(DESKTOP_IPC.setServerUrl, 'new.example.com/')).resolves.toEqual({
      ok: true,
      url: 'https://new.example.com',
    });
    expect(store.get('serverUrl')).toBe('https://new.example.com');
    expect(mainApp.tokens.read()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(windows[0].actions).toContain('reload');

    // The same server again changes nothing.
    mainApp.tokens.save('refresh-1');
    await invoke(DESKTOP_IPC.setServerUrl, 'https://new.example.com');
    expect(mainApp.tokens.read()).toBe('refresh-1');
  });

  it('does not save a server that fails the check', async () => {
    const { mainApp, store, invoke } = setup({ fetch: fakeFetch(jsonResponse(200, { name: 'Other' })) });
    mainApp.start();
    await expect(invoke(DESKTOP_IPC.setServerUrl, 'other.example.com')).resolves.toEqual({
      ok: false,
      error: 'not-this-product',
    });
    expect(store.get('serverUrl')).toBeUndefined();
    await expect(invoke(DESKTOP_IPC.getServerUrl)).resolves.toBeNull();
  });

  it('sets the badge and shows silent notifications that navigate the window on click', async () => {
    const { mainApp, windows, notifications, badge, trays, send, becomeReady } = setup();
    mainApp.start();
    await becomeReady();
    send(DESKTOP_IPC.setUnreadCount, 7);
    expect(badge).toEqual([7]);
    expect(trays[0].image).toBe('tray-unread');
    expect(trays[0].tooltip).toBe('Atendo: 7 tickets com mensagens não lidas');

    send(DESKTOP_IPC.notify, { title: 'Ana', body: 'Olá', route: '/tickets/9', tag: 'ticket-9' });
    expect(notifications.map((n) => n.options)).toEqual([{ title: 'Ana', body: 'Olá', silent: true }]);
    // The window is not focused: the taskbar flashes until it is.
    expect(windows[0].actions).toEqual(['flash:true']);
    windows[0].emit('focus');
    expect(windows[0].actions).toEqual(['flash:true', 'flash:false']);

    notifications[0].emit('click');
    expect(windows[0].actions.slice(2)).toEqual(['restore', 'show', 'focus']);
    expect(windows[0].sent).toEqual([[DESKTOP_IPC.navigate, ['/tickets/9']]]);
  });

  it('Windows: the overlay icon follows the count; macOS: the dock badge and bounce', async () => {
    const win = setup({ platform: 'win32', locale: 'en-US' });
    win.mainApp.start();
    await win.becomeReady();
    win.send(DESKTOP_IPC.setUnreadCount, 12);
    win.send(DESKTOP_IPC.setUnreadCount, 12, { stale: true });
    expect(win.windows[0].actions).toEqual([
      'overlay:overlay-9plus:12 tickets with unread messages',
      'overlay:overlay-dot:Unread messages, the number will update when back online',
    ]);
    expect(win.badge).toEqual([]);

    const mac = setup({ platform: 'darwin' });
    mac.mainApp.start();
    await mac.becomeReady();
    mac.send(DESKTOP_IPC.setUnreadCount, 12);
    mac.send(DESKTOP_IPC.notify, { title: 'Ana', body: 'Olá', route: '/tickets/9', tag: 'ticket-9' });
    expect(mac.dock).toEqual(['12', 'bounce:informational']);
  });

  it('a page load resets the badge until the new page reports its count', async () => {
    const { mainApp, windows, badge, send, becomeReady } = setup();
    mainApp.start();
    await becomeReady();
    send(DESKTOP_IPC.setUnreadCount, 4);
    windows[0].webContents.emit('did-navigate');
    expect(badge).toEqual([4, 0]);
  });

  it('signing out clears the badge and the notifications, and disables the tray sign-out', async () => {
    const fetch = fakeFetch(
      jsonResponse(200, { token: 'a', user: { id: 1 } }, ['jrt=refresh-1; Path=/; HttpOnly']),
      new Response(null, { status: 204 }),
    );
    const { mainApp, store, trays, notifications, badge, invoke, send, becomeReady } = setup({ fetch });
    store.set('serverUrl', 'https://atendo.example.com');
    mainApp.start();
    await becomeReady();
    expect(trays[0].item('Sair').enabled).toBe(false);
    await invoke(DESKTOP_IPC.login, { email: 'ana@acme.com', password: 'secret' });
    expect(trays[0].item('Sair').enabled).toBe(true);

    send(DESKTOP_IPC.setUnreadCount, 3);
    send(DESKTOP_IPC.notify, { title: 'Ana', body: 'Olá', route: '/tickets/9', tag: 'ticket-9' });
    await invoke(DESKTOP_IPC.logout, 'a');
    expect(mainApp.tokens.read()).toBeNull();
    expect(store.get('encryptedRefreshToken')).toBeUndefined();
    expect(badge).toEqual([3, 0]);
    expect(trays[0].image).toBe('tray');
    expect(notifications[0].closed).toBe(true);
    expect(trays[0].item('Sair').enabled).toBe(false);
  });

  it('clears the badge when a refresh is refused, not when the server cannot be reached', async () => {
    const fetch = fakeFetch(new TypeError('fetch failed'), jsonResponse(401, { error: 'ERR_SESSION_EXPIRED' }));
    const { mainApp, store, badge, invoke, send, becomeReady } = setup({ fetch });
    store.set('serverUrl', 'https://atendo.example.com');
    mainApp.start();
    await becomeReady();
    mainApp.tokens.save('refresh-1');
    send(DESKTOP_IPC.setUnreadCount, 3);
    await expect(invoke(DESKTOP_IPC.refresh)).rejects.toThrow('ERR_SERVER_UNREACHABLE');
    expect(badge).toEqual([3]);
    await expect(invoke(DESKTOP_IPC.refresh)).rejects.toThrow('ERR_SESSION_EXPIRED');
    expect(badge).toEqual([3, 0]);
  });

  it('tray menu: open shows the window, sign out asks the renderer, quit quits', async () => {
    const { mainApp, trays, windows, calls, becomeReady } = setup({ locale: 'es-ES' });
    mainApp.start();
    await becomeReady();
    mainApp.tokens.save('refresh-1');
    const tray = trays[0];
    expect(tray.menu.map((entry) => entry.label ?? entry.type)).toEqual([
      'Abrir Atendo',
      'separator',
      'Cerrar sesión',
      'separator',
      'Abrir la carpeta de registros',
      'Salir de Atendo',
    ]);
    tray.item('Abrir Atendo').click?.();
    expect(windows[0].actions).toEqual(['restore', 'show', 'focus']);
    tray.emit('click');
    expect(windows[0].actions).toHaveLength(6);
    tray.item('Cerrar sesión').click?.();
    expect(windows[0].sent).toEqual([[DESKTOP_IPC.signOut, []]]);
    tray.item('Abrir la carpeta de registros').click?.();
    expect(calls).toContain('openLogFolder');
    tray.item('Salir de Atendo').click?.();
    expect(calls).toContain('quit');
  });

  describe('updates', () => {
    async function withUpdateReady(options: SetupOptions = {}) {
      const updater = new FakeAutoUpdater();
      const context = setup({ locale: 'en-US', ...options, updater });
      context.store.set('serverUrl', 'https://atendo.example.com');
      context.mainApp.start();
      await context.becomeReady();
      updater.next = { version: '1.3.0' };
      // The check at start, brought forward.
      await jest.advanceTimersByTimeAsync(UPDATE_START_DELAY_MS);
      return { ...context, updater };
    }

    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    it('checks its server once ready, notifies the downloaded update, and offers the restart in the tray', async () => {
      const { updater, notifications, trays, calls } = await withUpdateReady();
      expect(updater.feeds).toEqual(['generic https://atendo.example.com/updates']);
      expect(updater.autoInstallOnAppQuit).toBe(true);
      expect(notifications.map((n) => [n.options.title, n.options.body, n.shown])).toEqual([
        ['Atendo 1.3.0 is ready', 'It installs when you quit Atendo. Click to restart now.', true],
      ]);
      expect(trays[0].item('Restart to update to 1.3.0')).toBeDefined();
      // Nothing restarts by itself.
      await jest.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      expect(updater.installs).toEqual([]);
      expect(calls).not.toContain('quit');
    });

    it('refuses "Restart now" while the agent is writing a message, and restarts once it is sent', async () => {
      const { updater, notifications, trays, windows, send } = await withUpdateReady();
      send(DESKTOP_IPC.setComposing, true);
      notifications[0].emit('click');
      expect(updater.installs).toEqual([]);
      expect(notifications.at(-1)?.options.title).toBe('Send or clear your message first');
      // The window comes forward, where the message is.
      expect(windows[0].actions).toContain('show');
      trays[0].item('Restart to update to 1.3.0').click?.();
      expect(updater.installs).toEqual([]);
      send(DESKTOP_IPC.setComposing, false);
      trays[0].item('Restart to update to 1.3.0').click?.();
      expect(updater.installs).toEqual([[false, true]]);
      // The windows close for the install instead of hiding to the tray.
      const event = { preventDefault: jest.fn() };
      windows[0].emit('close', event);
      expect(event.preventDefault).not.toHaveBeenCalled();
    });
  });

  it("follows the renderer's language in the tray menu and the badge texts", async () => {
    const { mainApp, trays, send, becomeReady } = setup({ locale: 'pt-BR' });
    mainApp.start();
    await becomeReady();
    expect(trays[0].menu[0].label).toBe('Abrir o Atendo');
    send(DESKTOP_IPC.setLanguage, 'en');
    expect(trays[0].menu[0].label).toBe('Open Atendo');
    send(DESKTOP_IPC.setUnreadCount, 1);
    expect(trays[0].tooltip).toBe('Atendo: 1 ticket with unread messages');
  });

  it('closing the window hides it; quitting lets it close', async () => {
    const { mainApp, appEvents, windows, becomeReady } = setup();
    mainApp.start();
    await becomeReady();
    let prevented = false;
    windows[0].emit('close', { preventDefault: () => void (prevented = true) });
    expect(prevented).toBe(true);
    expect(windows[0].actions).toEqual(['hide']);

    appEvents.emit('before-quit');
    prevented = false;
    windows[0].emit('close', { preventDefault: () => void (prevented = true) });
    expect(prevented).toBe(false);
  });

  it('asks before a page with unsaved changes unloads; staying cancels the quit', async () => {
    const { mainApp, appEvents, windows, becomeReady, questions, answerLeave, send } = setup();
    mainApp.start();
    await becomeReady();
    send(DESKTOP_IPC.setLanguage, 'pt');
    appEvents.emit('before-quit');
    let letGo = false;
    windows[0].webContents.emit('will-prevent-unload', { preventDefault: () => void (letGo = true) });
    expect(questions).toEqual([
      {
        title: 'Alterações não guardadas',
        message: 'Esta página tem alterações que não foram guardadas.',
        detail: 'Saindo agora, elas se perdem.',
        leave: 'Sair',
        stay: 'Ficar',
      },
    ]);
    expect(letGo).toBe(false);
    // The quit did not happen: closing the window hides it again.
    let prevented = false;
    windows[0].emit('close', { preventDefault: () => void (prevented = true) });
    expect(prevented).toBe(true);

    answerLeave(true);
    appEvents.emit('before-quit');
    windows[0].webContents.emit('will-prevent-unload', { preventDefault: () => void (letGo = true) });
    expect(letGo).toBe(true);
    prevented = false;
    windows[0].emit('close', { preventDefault: () => void (prevented = true) });
    expect(prevented).toBe(false);
  });

  it('opens deep links: at launch, from a second instance, and from macOS open-url', async () => {
    const link = `atendo://tickets/${TICKET_UUID}`;
    const launched = setup({ argv: ['/opt/atendo/atendo', link] });
    launched.mainApp.start();
    await launched.becomeReady();
    expect(launched.windows[0].loadedUrl).toBe(`app://atendo/tickets/${TICKET_UUID}`);
    expect(launched.deepLinkSchemes).toEqual(['atendo']);

    launched.appEvents.emit('second-instance', {}, ['/opt/atendo/atendo', link]);
    expect(launched.windows[0].sent).toEqual([[DESKTOP_IPC.navigate, [`/tickets/${TICKET_UUID}`]]]);
    launched.appEvents.emit('second-instance', {}, ['/opt/atendo/atendo', 'atendo://settings']);
    expect(launched.windows[0].sent).toHaveLength(1);

    const mac = setup({ platform: 'darwin' });
    mac.mainApp.start();
    // Before ready (the link launched the app): kept for the first window.
    let prevented = false;
    mac.appEvents.emit('open-url', { preventDefault: () => void (prevented = true) }, link);
    expect(prevented).toBe(true);
    await mac.becomeReady();
    expect(mac.windows[0].loadedUrl).toBe(`app://atendo/tickets/${TICKET_UUID}`);
  });

  it('tells the renderer about resume from sleep and idle changes', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    try {
      const { mainApp, windows, powerEvents, setIdleState, becomeReady } = setup();
      mainApp.start();
      await becomeReady();
      powerEvents.emit('resume');
      setIdleState('locked');
      jest.advanceTimersByTime(IDLE_POLL_MS);
      setIdleState('active');
      jest.advanceTimersByTime(IDLE_POLL_MS);
      expect(windows[0].sent).toEqual([
        [DESKTOP_IPC.resume, []],
        [DESKTOP_IPC.idle, [true]],
        [DESKTOP_IPC.idle, [false]],
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sets pt, en and es spellchecking (not on macOS) and offers corrections in a context menu', async () => {
    const { mainApp, windows, spellcheck, menus, dictionary, becomeReady } = setup();
    mainApp.start();
    await becomeReady();
    expect(spellcheck).toEqual([['pt-BR', 'en-US', 'es']]);

    const params: ContextMenuParams = {
      isEditable: true,
      selectionText: '',
      misspelledWord: 'olaa',
      dictionarySuggestions: ['olá'],
      editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true },
    };
    windows[0].webContents.emit('context-menu', {}, params);
    menus[0][0].click?.();
    menus[0][1].click?.();
    expect(windows[0].actions).toEqual(['replace:olá']);
    expect(dictionary).toEqual(['olaa']);

    const mac = setup({ platform: 'darwin' });
    mac.mainApp.start();
    await mac.becomeReady();
    expect(mac.spellcheck).toEqual([]);
  });

  it("downloads only the server's media, through a save dialog in Downloads", async () => {
    const { mainApp, store, windows, sessionEvents, send, becomeReady } = setup();
    store.set('serverUrl', 'https://atendo.example.com');
    mainApp.start();
    await becomeReady();
    send(DESKTOP_IPC.download, 'https://atendo.example.com/public/company1/contrato.pdf');
    send(DESKTOP_IPC.download, 'https://evil.example.com/x.exe');
    expect(windows[0].actions).toEqual(['download:https://atendo.example.com/public/company1/contrato.pdf']);

    const dialogs: unknown[] = [];
    const item: DownloadItemPort = {
      getFilename: () => 'contrato:final.pdf',
      setSaveDialogOptions: (dialog) => void dialogs.push(dialog),
    };
    sessionEvents.emit('will-download', {}, item);
    expect(dialogs).toEqual([{ title: 'Salvar arquivo', defaultPath: '/home/ana/Downloads/contrato_final.pdf' }]);
  });

  it('tells the renderer whether the refresh token survives a restart', async () => {
    const { mainApp, invoke } = setup();
    mainApp.start();
    await expect(invoke(DESKTOP_IPC.isStorageSecure)).resolves.toBe(true);
  });
});
