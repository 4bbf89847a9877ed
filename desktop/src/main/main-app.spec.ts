import { DESKTOP_IPC } from '@atendo/shared';
import type { BrowserWindowConstructorOptions, CustomScheme } from 'electron';
import type { NotificationPort } from './attention.js';
import type { IpcSenderEvent } from './ipc-validators.js';
import {
  createMainApp,
  type AppPort,
  type GuardableEvent,
  type MainAppDeps,
  type SessionPort,
  type WebContentsPort,
  type WindowPort,
} from './main-app.js';
import { MemoryStore, fakeFetch, fakeSafeStorage, jsonResponse } from './test-fakes.js';

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

class FakeWindow extends FakeEmitter implements WindowPort {
  readonly sent: Array<[string, unknown[]]> = [];
  readonly actions: string[] = [];
  loadedUrl: string | null = null;
  minimized = true;
  readonly webContents = {
    send: (channel: string, ...args: unknown[]) => void this.sent.push([channel, args]),
    reload: () => void this.actions.push('reload'),
  };
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
  }
  async loadURL(url: string) {
    this.loadedUrl = url;
  }
  isDestroyed = () => false;
  isMinimized = () => this.minimized;
  restore = () => void this.actions.push('restore');
  show = () => void this.actions.push('show');
  focus = () => void this.actions.push('focus');
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
  constructor(readonly options: { title: string; body: string }) {
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

function setup(options: { locked?: boolean; fetch?: ReturnType<typeof fakeFetch> } = {}) {
  const appEvents = new FakeEmitter();
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
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const app: AppPort = {
    requestSingleInstanceLock: () => options.locked ?? true,
    quit: () => void calls.push('quit'),
    whenReady: () => ready,
    on: (event: string, listener: AnyListener) => appEvents.on(event, listener),
    getVersion: () => '1.2.3',
    setBadgeCount: (count = 0) => {
      badge.push(count);
      return true;
    },
    setAppUserModelId: (id) => void calls.push(`appUserModelId:${id}`),
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
    getDefaultSession: () => ({
      setPermissionRequestHandler: (handler) => void (requestHandler = handler),
      setPermissionCheckHandler: () => {},
    }),
    createNotification: (notificationOptions) => {
      const notification = new FakeNotification(notificationOptions);
      notifications.push(notification);
      return notification;
    },
    platform: 'linux',
    rendererRoot: '/opt/atendo/dist/renderer',
    preloadPath: '/opt/atendo/dist/preload/preload.cjs',
    log: { warn: () => {}, error: () => {} },
  };
  const mainApp = createMainApp(deps);
  return {
    mainApp,
    store,
    appEvents,
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

  it('sets the badge and shows notifications that navigate the window on click', async () => {
    const { mainApp, windows, notifications, badge, send, becomeReady } = setup();
    mainApp.start();
    await becomeReady();
    send(DESKTOP_IPC.setUnreadCount, 7);
    expect(badge).toEqual([7]);

    send(DESKTOP_IPC.notify, { title: 'Ana', body: 'Olá', route: '/tickets/9', tag: 'ticket-9' });
    send(DESKTOP_IPC.notify, { title: 'Ana', body: 'Olá de novo', route: '/tickets/9', tag: 'ticket-9' });
    expect(notifications.map((n) => [n.options.body, n.shown, n.closed])).toEqual([
      ['Olá', true, true],
      ['Olá de novo', true, false],
    ]);
    notifications[1].emit('click');
    expect(windows[0].actions).toEqual(['restore', 'show', 'focus']);
    expect(windows[0].sent).toEqual([[DESKTOP_IPC.navigate, ['/tickets/9']]]);
  });
});
