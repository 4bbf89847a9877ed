import { DESKTOP_IPC } from '@atendo/shared';
import { createDesktopBridge, readAppVersion, unwrapRemoteError, type IpcRendererPort } from './bridge.js';

type Listener = (event: unknown, ...args: unknown[]) => void;

function fakeIpcRenderer(answer: (channel: string, args: unknown[]) => Promise<unknown> = async () => undefined) {
  const invoked: Array<[string, unknown[]]> = [];
  const sent: Array<[string, unknown[]]> = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc: IpcRendererPort = {
    invoke: (channel, ...args) => {
      invoked.push([channel, args]);
      return answer(channel, args);
    },
    send: (channel, ...args) => void sent.push([channel, args]),
    on: (channel, listener) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
    },
    removeListener: (channel, listener) => {
      listeners.get(channel)?.delete(listener);
    },
  };
  const emit = (channel: string, ...args: unknown[]) =>
    listeners.get(channel)?.forEach((listener) => listener({ sender: 'internal' }, ...args));
  return { ipc, invoked, sent, listeners, emit };
}

const environment = { platform: 'win32', argv: ['electron', '--type=renderer', '--atendo-version=1.4.0'] };

describe('desktop bridge', () => {
  it('reports platform and the version main passed on the command line', () => {
    const bridge = createDesktopBridge(fakeIpcRenderer().ipc, environment);
    expect(bridge.platform).toBe('win32');
    expect(bridge.appVersion).toBe('1.4.0');
    expect(createDesktopBridge(fakeIpcRenderer().ipc, { platform: 'freebsd', argv: [] }).platform).toBe('linux');
    expect(readAppVersion([])).toBe('');
  });

  it('invokes the shared channels with only the expected arguments', async () => {
    const fake = fakeIpcRenderer(async (channel) =>
      channel === DESKTOP_IPC.getServerUrl ? 'https://a.example.com' : undefined,
    );
    const bridge = createDesktopBridge(fake.ipc, environment);
    await expect(bridge.server.getUrl()).resolves.toBe('https://a.example.com');
    await bridge.server.setUrl('a.example.com');
    await bridge.auth.login({ email: 'ana@acme.com', password: 'secret', remember: true } as never);
    await bridge.auth.refresh();
    await bridge.auth.logout(null);
    await bridge.auth.isStorageSecure();
    bridge.setUnreadCount(2);
    bridge.setUnreadCount(5, { stale: true, extra: 1 } as never);
    bridge.notify({ title: 'Ana', body: 'Hi', route: '/tickets/1', tag: 't1', icon: 'x' } as never);
    bridge.dismissNotification('t1');
    bridge.setLanguage('es');
    bridge.setComposing(true);
    bridge.setComposing('yes' as never);
    bridge.download('https://a.example.com/public/company1/doc.pdf');
    expect(fake.invoked).toEqual([
      [DESKTOP_IPC.getServerUrl, []],
      [DESKTOP_IPC.setServerUrl, ['a.example.com']],
      [DESKTOP_IPC.login, [{ email: 'ana@acme.com', password: 'secret' }]],
      [DESKTOP_IPC.refresh, []],
      [DESKTOP_IPC.logout, [null]],
      [DESKTOP_IPC.isStorageSecure, []],
    ]);
    expect(fake.sent).toEqual([
      [DESKTOP_IPC.setUnreadCount, [2, { stale: false }]],
      [DESKTOP_IPC.setUnreadCount, [5, { stale: true }]],
      [DESKTOP_IPC.notify, [{ title: 'Ana', body: 'Hi', route: '/tickets/1', tag: 't1' }]],
      [DESKTOP_IPC.dismissNotification, ['t1']],
      [DESKTOP_IPC.setLanguage, ['es']],
      [DESKTOP_IPC.setComposing, [true]],
      [DESKTOP_IPC.setComposing, [false]],
      [DESKTOP_IPC.download, ['https://a.example.com/public/company1/doc.pdf']],
    ]);
  });

  it("strips Electron's remote-method wrapper so the message is the main process's code", async () => {
    const fake = fakeIpcRenderer(async () => {
      throw new Error("Error invoking remote method 'auth/login': AuthError: ERR_INVALID_CREDENTIALS");
    });
    await expect(createDesktopBridge(fake.ipc, environment).auth.login({ email: 'a', password: 'b' })).rejects.toThrow(
      new Error('ERR_INVALID_CREDENTIALS'),
    );
    expect(
      unwrapRemoteError(
        new Error(
          `Error invoking remote method 'auth/login': Error: {"error":"ERR_SUBSCRIPTION_EXPIRED","dueDate":"2024-05-01"}`,
        ),
      ).message,
    ).toBe('{"error":"ERR_SUBSCRIPTION_EXPIRED","dueDate":"2024-05-01"}');
  });

  it('forwards navigation routes without the IPC event, and unsubscribes', () => {
    const fake = fakeIpcRenderer();
    const bridge = createDesktopBridge(fake.ipc, environment);
    const received: unknown[][] = [];
    const unsubscribe = bridge.onNavigate((...args) => void received.push(args));
    fake.emit(DESKTOP_IPC.navigate, '/tickets/3');
    fake.emit(DESKTOP_IPC.navigate, { not: 'a route' });
    unsubscribe();
    fake.emit(DESKTOP_IPC.navigate, '/tickets/4');
    expect(received).toEqual([['/tickets/3']]);
    expect(fake.listeners.get(DESKTOP_IPC.navigate)?.size).toBe(0);
  });

  it('forwards sign-out requests, resume and idle changes with only well-typed values', () => {
    const fake = fakeIpcRenderer();
    const bridge = createDesktopBridge(fake.ipc, environment);
    const received: unknown[] = [];
    const stops = [
      bridge.onSignOutRequest((...args) => void received.push(['signOut', ...args])),
      bridge.onResume((...args) => void received.push(['resume', ...args])),
      bridge.onIdleChange((idle) => void received.push(['idle', idle])),
    ];
    fake.emit(DESKTOP_IPC.signOut, 'ignored');
    fake.emit(DESKTOP_IPC.resume);
    fake.emit(DESKTOP_IPC.idle, true);
    fake.emit(DESKTOP_IPC.idle, 'yes');
    fake.emit(DESKTOP_IPC.idle, false);
    for (const stop of stops) stop();
    fake.emit(DESKTOP_IPC.resume);
    expect(received).toEqual([['signOut'], ['resume'], ['idle', true], ['idle', false]]);
  });
});
