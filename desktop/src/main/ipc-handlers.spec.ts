import { DESKTOP_IPC, type ServerCheckResult } from '@atendo/shared';
import type { Attention } from './attention.js';
import type { AuthClient } from './auth-client.js';
import { registerIpcHandlers, type IpcMainPort } from './ipc-handlers.js';
import {
  IPC_ERRORS,
  assertTrustedSender,
  parseDownloadArgs,
  parseLanguageArgs,
  parseLogoutArgs,
  parseNotifyArgs,
  parseRoute,
  parseTagArgs,
  parseUnreadCountArgs,
  type IpcSenderEvent,
} from './ipc-validators.js';

type Listener = (event: IpcSenderEvent, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainPort = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    on: (channel, listener) => void listeners.set(channel, listener),
  };
  return {
    ipcMain,
    invoke: (channel: string, event: IpcSenderEvent, ...args: unknown[]) =>
      Promise.resolve(handlers.get(channel)?.(event, ...args)),
    send: (channel: string, event: IpcSenderEvent, ...args: unknown[]) => listeners.get(channel)?.(event, ...args),
    handlers,
    listeners,
  };
}

const fromApp: IpcSenderEvent = { senderFrame: { url: 'app://atendo/tickets/1' } };
const fromWeb: IpcSenderEvent = { senderFrame: { url: 'https://evil.example.com/' } };

function setup() {
  const calls: Array<[string, unknown]> = [];
  const rejected: Array<[string, unknown]> = [];
  const okResult: ServerCheckResult = { ok: true, url: 'https://atendo.example.com' };
  const auth: AuthClient = {
    login: async (credentials) => {
      calls.push(['login', credentials]);
      return { token: 't', user: {} as never };
    },
    refresh: async () => {
      calls.push(['refresh', undefined]);
      return { token: 't2', user: {} as never };
    },
    logout: async (token) => void calls.push(['logout', token]),
  };
  const attention: Pick<Attention, 'setUnread' | 'notify' | 'dismiss'> = {
    setUnread: (state) => void calls.push(['badge', state]),
    notify: (request) => void calls.push(['notify', request]),
    dismiss: (tag) => void calls.push(['dismiss', tag]),
  };
  const ipc = fakeIpcMain();
  registerIpcHandlers({
    ipcMain: ipc.ipcMain,
    server: {
      getUrl: () => 'https://atendo.example.com',
      setUrl: async (url) => {
        calls.push(['setUrl', url]);
        return okResult;
      },
    },
    auth,
    isStorageSecure: () => false,
    attention,
    setLanguage: (language) => void calls.push(['language', language]),
    setComposing: (composing) => void calls.push(['composing', composing]),
    download: (url) => void calls.push(['download', url]),
    onRejectedMessage: (channel, error) => void rejected.push([channel, error]),
  });
  return { ...ipc, calls, rejected };
}

describe('assertTrustedSender', () => {
  it.each([
    [{ senderFrame: { url: 'app://atendo/' } }, true],
    [{ senderFrame: { url: 'app://atendo/login?next=%2F' } }, true],
    [{ senderFrame: { url: 'app://atendo.evil/' } }, false],
    [{ senderFrame: { url: 'app://atendo@evil/' } }, false],
    [{ senderFrame: { url: 'https://atendo/' } }, false],
    [{ senderFrame: { url: 'file:///app/index.html' } }, false],
    [{ senderFrame: null }, false],
  ])('%j trusted: %p', (event, trusted) => {
    if (trusted) expect(() => assertTrustedSender(event)).not.toThrow();
    else expect(() => assertTrustedSender(event)).toThrow(IPC_ERRORS.forbiddenSender);
  });
});

describe('argument validators', () => {
  it('accepts only app routes for notifications', () => {
    expect(parseRoute('/tickets/42?tab=notes')).toBe('/tickets/42?tab=notes');
    for (const route of ['tickets', '//evil.com', 'https://evil.com', '/a\\b', '/a\nb', 42, '/'.padEnd(3000, 'a')]) {
      expect(() => parseRoute(route)).toThrow(IPC_ERRORS.invalidArguments);
    }
  });

  it('copies only the known notification fields', () => {
    expect(
      parseNotifyArgs([{ title: 'Ana', body: 'Hi', route: '/tickets/1', tag: 'ticket-1', icon: 'file:///x' }]),
    ).toEqual({
      title: 'Ana',
      body: 'Hi',
      route: '/tickets/1',
      tag: 'ticket-1',
    });
    expect(() => parseNotifyArgs([{ title: '', body: 'Hi', route: '/', tag: '' }])).toThrow(
      IPC_ERRORS.invalidArguments,
    );
    expect(() => parseNotifyArgs([{ title: 'x'.repeat(300), body: '', route: '/', tag: '' }])).toThrow(
      IPC_ERRORS.invalidArguments,
    );
  });

  it('accepts unread counts that are non-negative integers, optionally marked stale', () => {
    expect(parseUnreadCountArgs([3])).toEqual({ count: 3, stale: false });
    expect(parseUnreadCountArgs([3, { stale: true }])).toEqual({ count: 3, stale: true });
    expect(parseUnreadCountArgs([3, {}])).toEqual({ count: 3, stale: false });
    for (const count of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null, 2_000_000]) {
      expect(() => parseUnreadCountArgs([count])).toThrow(IPC_ERRORS.invalidArguments);
    }
    expect(() => parseUnreadCountArgs([])).toThrow(IPC_ERRORS.invalidArguments);
    expect(() => parseUnreadCountArgs([3, { stale: 'yes' }])).toThrow(IPC_ERRORS.invalidArguments);
    expect(() => parseUnreadCountArgs([3, true])).toThrow(IPC_ERRORS.invalidArguments);
    expect(() => parseUnreadCountArgs([3, {}, 1])).toThrow(IPC_ERRORS.invalidArguments);
  });

  it('accepts a non-empty bounded notification tag', () => {
    expect(parseTagArgs(['ticket-9'])).toBe('ticket-9');
    for (const args of [[''], ['x'.repeat(300)], [9], [], ['a', 'b']]) {
      expect(() => parseTagArgs(args)).toThrow(IPC_ERRORS.invalidArguments);
    }
  });

  it("accepts only the app's languages", () => {
    expect(parseLanguageArgs(['pt'])).toBe('pt');
    for (const args of [['de'], ['pt-BR'], [null], [], ['en', 'es']]) {
      expect(() => parseLanguageArgs(args)).toThrow(IPC_ERRORS.invalidArguments);
    }
  });

  it('accepts http(s) download URLs only', () => {
    expect(parseDownloadArgs(['https://a.example.com/public/x.pdf'])).toBe('https://a.example.com/public/x.pdf');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'app://atendo/x', 'https://a/\nb', 42]) {
      expect(() => parseDownloadArgs([url])).toThrow(IPC_ERRORS.invalidArguments);
    }
    expect(() => parseDownloadArgs([`https://a.example.com/${'x'.repeat(3000)}`])).toThrow(IPC_ERRORS.invalidArguments);
  });

  it('accepts a header-safe access token or null on logout', () => {
    expect(parseLogoutArgs([null])).toBeNull();
    expect(parseLogoutArgs(['eyJ.a.b'])).toBe('eyJ.a.b');
    expect(() => parseLogoutArgs(['a\r\nCookie: x'])).toThrow(IPC_ERRORS.invalidArguments);
    expect(() => parseLogoutArgs([{}])).toThrow(IPC_ERRORS.invalidArguments);
  });
});

describe('registerIpcHandlers', () => {
  it('registers every invoke channel with handle and the fire-and-forget ones with on', () => {
    const { handlers, listeners } = setup();
    expect([...handlers.keys()].sort()).toEqual(
      [
        DESKTOP_IPC.getServerUrl,
        DESKTOP_IPC.setServerUrl,
        DESKTOP_IPC.login,
        DESKTOP_IPC.refresh,
        DESKTOP_IPC.logout,
        DESKTOP_IPC.isStorageSecure,
      ].sort(),
    );
    expect([...listeners.keys()].sort()).toEqual(
      [
        DESKTOP_IPC.setUnreadCount,
        DESKTOP_IPC.notify,
        DESKTOP_IPC.dismissNotification,
        DESKTOP_IPC.setLanguage,
        DESKTOP_IPC.setComposing,
        DESKTOP_IPC.download,
      ].sort(),
    );
  });

  it('serves a trusted sender with valid arguments', async () => {
    const { invoke, send, calls } = setup();
    await expect(invoke(DESKTOP_IPC.getServerUrl, fromApp)).resolves.toBe('https://atendo.example.com');
    await expect(invoke(DESKTOP_IPC.setServerUrl, fromApp, 'atendo.example.com')).resolves.toEqual({
      ok: true,
      url: 'https://atendo.example.com',
    });
    await expect(
      invoke(DESKTOP_IPC.login, fromApp, { email: 'ana@acme.com', password: 'secret', extra: true }),
    ).resolves.toEqual({ token: 't', user: {} });
    await invoke(DESKTOP_IPC.login, fromApp, { email: 'ana@acme.com', password: 'secret', language: 'pt' });
    await invoke(DESKTOP_IPC.logout, fromApp, 'access');
    await expect(invoke(DESKTOP_IPC.isStorageSecure, fromApp)).resolves.toBe(false);
    send(DESKTOP_IPC.setUnreadCount, fromApp, 4);
    send(DESKTOP_IPC.setUnreadCount, fromApp, 2, { stale: true });
    send(DESKTOP_IPC.dismissNotification, fromApp, 'ticket-1');
    send(DESKTOP_IPC.setLanguage, fromApp, 'es');
    send(DESKTOP_IPC.setComposing, fromApp, true);
    send(DESKTOP_IPC.download, fromApp, 'https://atendo.example.com/public/a.pdf');
    expect(calls).toEqual([
      ['setUrl', 'atendo.example.com'],
      ['login', { email: 'ana@acme.com', password: 'secret' }],
      ['login', { email: 'ana@acme.com', password: 'secret', language: 'pt' }],
      ['logout', 'access'],
      ['badge', { count: 4, stale: false }],
      ['badge', { count: 2, stale: true }],
      ['dismiss', 'ticket-1'],
      ['language', 'es'],
      ['composing', true],
      ['download', 'https://atendo.example.com/public/a.pdf'],
    ]);
  });

  it('rejects every invoke channel for a foreign sender, before doing anything', async () => {
    const { invoke, calls } = setup();
    for (const channel of [
      DESKTOP_IPC.getServerUrl,
      DESKTOP_IPC.setServerUrl,
      DESKTOP_IPC.login,
      DESKTOP_IPC.refresh,
      DESKTOP_IPC.logout,
      DESKTOP_IPC.isStorageSecure,
    ]) {
      await expect(invoke(channel, fromWeb, 'x')).rejects.toThrow(IPC_ERRORS.forbiddenSender);
    }
    expect(calls).toEqual([]);
  });

  it('rejects bad arguments', async () => {
    const { invoke, calls } = setup();
    await expect(invoke(DESKTOP_IPC.setServerUrl, fromApp, 42)).rejects.toThrow(IPC_ERRORS.invalidArguments);
    await expect(invoke(DESKTOP_IPC.setServerUrl, fromApp, '   ')).rejects.toThrow(IPC_ERRORS.invalidArguments);
    await expect(invoke(DESKTOP_IPC.setServerUrl, fromApp, 'a'.repeat(3000))).rejects.toThrow(
      IPC_ERRORS.invalidArguments,
    );
    await expect(invoke(DESKTOP_IPC.login, fromApp, { email: 'ana@acme.com' })).rejects.toThrow(
      IPC_ERRORS.invalidArguments,
    );
    await expect(invoke(DESKTOP_IPC.login, fromApp, ['ana@acme.com', 'secret'])).rejects.toThrow(
      IPC_ERRORS.invalidArguments,
    );
    await expect(invoke(DESKTOP_IPC.login, fromApp, { email: 'a'.repeat(300), password: 'x' })).rejects.toThrow(
      IPC_ERRORS.invalidArguments,
    );
    await expect(invoke(DESKTOP_IPC.login, fromApp, { email: 'a@b.c', password: 'x', language: 'fr' })).rejects.toThrow(
      IPC_ERRORS.invalidArguments,
    );
    await expect(invoke(DESKTOP_IPC.refresh, fromApp, 'unexpected')).rejects.toThrow(IPC_ERRORS.invalidArguments);
    expect(calls).toEqual([]);
  });

  it('drops fire-and-forget messages from foreign senders or with bad arguments, and reports them', () => {
    const { send, calls, rejected } = setup();
    send(DESKTOP_IPC.setUnreadCount, fromWeb, 3);
    send(DESKTOP_IPC.setUnreadCount, fromApp, -3);
    send(DESKTOP_IPC.notify, fromApp, { title: 'Ana', body: 'Hi', route: 'https://evil.com', tag: 't' });
    send(DESKTOP_IPC.notify, fromWeb, { title: 'Ana', body: 'Hi', route: '/tickets/1', tag: 't' });
    send(DESKTOP_IPC.dismissNotification, fromWeb, 'ticket-1');
    send(DESKTOP_IPC.setLanguage, fromApp, 'fr');
    send(DESKTOP_IPC.setComposing, fromApp, 'yes');
    send(DESKTOP_IPC.setComposing, fromWeb, false);
    send(DESKTOP_IPC.download, fromWeb, 'https://atendo.example.com/public/a.pdf');
    send(DESKTOP_IPC.download, fromApp, 'file:///etc/passwd');
    expect(calls).toEqual([]);
    expect(rejected.map(([channel, error]) => [channel, (error as Error).message])).toEqual([
      [DESKTOP_IPC.setUnreadCount, IPC_ERRORS.forbiddenSender],
      [DESKTOP_IPC.setUnreadCount, IPC_ERRORS.invalidArguments],
      [DESKTOP_IPC.notify, IPC_ERRORS.invalidArguments],
      [DESKTOP_IPC.notify, IPC_ERRORS.forbiddenSender],
      [DESKTOP_IPC.dismissNotification, IPC_ERRORS.forbiddenSender],
      [DESKTOP_IPC.setLanguage, IPC_ERRORS.invalidArguments],
      [DESKTOP_IPC.setComposing, IPC_ERRORS.invalidArguments],
      [DESKTOP_IPC.setComposing, IPC_ERRORS.forbiddenSender],
      [DESKTOP_IPC.download, IPC_ERRORS.forbiddenSender],
      [DESKTOP_IPC.download, IPC_ERRORS.invalidArguments],
    ]);
  });
});
