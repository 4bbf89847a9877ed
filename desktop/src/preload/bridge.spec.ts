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
    bridge.setUnreadCount(2);
    bridge.notify({ title: 'Ana', body: 'Hi', route: '/tickets/1', tag: 't1' });
    expect(fake.invoked).toEqual([
      [DESKTOP_IPC.getServerUrl, []],
      [DESKTOP_IPC.setServerUrl, ['a.example.com']],
      [DESKTOP_IPC.login, [{ email: 'ana@acme.com', password: 'secret' }]],
      [DESKTOP_IPC.refresh, []],
      [DESKTOP_IPC.logout, [null]],
    ]);
    expect(fake.sent).toEqual([
      [DESKTOP_IPC.setUnreadCount, [2]],
      [DESKTOP_IPC.notify, [{ title: 'Ana', body: 'Hi', route: '/tickets/1', tag: 't1' }]],
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
});
