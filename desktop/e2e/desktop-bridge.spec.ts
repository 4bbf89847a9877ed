import { expect, type Page, test } from '@playwright/test';
import { type Account, pageToken, sideMenu, signIn, trackSocket, userMenuButton } from './support/app';
import { CUSTOMER, customerSendsFile, customerWrites, openSandboxDesk } from './support/sandbox';

/**
 * The renderer's half of the desktop app, in Chromium: a recording `window.desktop` stands in for
 * the Electron preload, so each test sees what the page sends over the bridge (badge, notifications,
 * language, sign-out) and drives what main would send it (notification clicks, tray sign-out,
 * resume, idle). Sign-in still reaches the real server, through the fake bridge.
 */

type Call = [string, ...unknown[]];

interface BridgeOptions {
  /** What `auth.isStorageSecure` answers: false is a machine without a keyring. */
  secureStorage?: boolean;
}

async function installRecordingBridge(page: Page, options: BridgeOptions = {}): Promise<void> {
  await page.addInitScript(
    ({ secureStorage }) => {
      const calls: unknown[][] = [];
      const listeners: Record<string, Array<(value?: unknown) => void>> = {};
      const record = (...call: unknown[]) => void calls.push(call);
      const listen = (channel: string) => (listener: (value?: unknown) => void) => {
        (listeners[channel] ??= []).push(listener);
        return () => {
          listeners[channel] = listeners[channel].filter((candidate) => candidate !== listener);
        };
      };
      const answer = async (response: Response) => {
        const body = await response.json();
        if (!response.ok) throw new Error(body.error ?? `status ${response.status}`);
        return body;
      };
      Object.assign(window, {
        __bridge: {
          calls,
          emit: (channel: string, value?: unknown) => listeners[channel]?.forEach((listener) => listener(value)),
        },
        desktop: {
          platform: 'linux',
          appVersion: '0.0.0-e2e',
          server: {
            getUrl: async () => window.location.origin,
            setUrl: async (url: string) => ({ ok: true, url }),
          },
          auth: {
            // Main's part is played by the page itself: same server, same answers.
            login: async (credentials: { email: string; password: string }) => {
              record('auth.login', credentials.email);
              return answer(
                await fetch('/auth/login', {
                  method: 'POST',
                  headers: { 'Content-Type': 'application/json' },
                  body: JSON.stringify(credentials),
                }),
              );
            },
            refresh: async () => {
              record('auth.refresh');
              return answer(await fetch('/auth/refresh_token', { method: 'POST' }));
            },
            logout: async (token: string | null) => {
              record('auth.logout', token);
              await fetch('/auth/logout', { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
            },
            isStorageSecure: async () => secureStorage,
          },
          setUnreadCount: (count: number, badge?: { stale?: boolean }) =>
            record('setUnreadCount', count, badge?.stale === true),
          notify: (notification: unknown) => record('notify', notification),
          dismissNotification: (tag: string) => record('dismissNotification', tag),
          setLanguage: (language: string) => record('setLanguage', language),
          download: (url: string) => record('download', url),
          onNavigate: listen('navigate'),
          onSignOutRequest: listen('signOut'),
          onResume: listen('resume'),
          onIdleChange: listen('idle'),
        },
      });
    },
    { secureStorage: options.secureStorage ?? true },
  );
}

async function bridgeCalls(page: Page, name?: string): Promise<Call[]> {
  const calls = await page.evaluate(() => (window as unknown as { __bridge: { calls: Call[] } }).__bridge.calls);
  return name ? calls.filter(([called]) => called === name) : calls;
}

async function lastBadge(page: Page): Promise<Call | undefined> {
  return (await bridgeCalls(page, 'setUnreadCount')).at(-1);
}

/** What main would send the page: 'navigate', 'signOut', 'resume' or 'idle'. */
async function fromMain(page: Page, channel: string, value?: unknown): Promise<void> {
  await page.evaluate(
    ([name, argument]) =>
      (window as unknown as { __bridge: { emit(channel: unknown, value: unknown): void } }).__bridge.emit(
        name,
        argument,
      ),
    [channel, value] as const,
  );
}

/** Signs in on the desktop bridge and waits for the live socket. */
async function signInOnDesktop(page: Page, account: Account): Promise<void> {
  const socket = trackSocket(page);
  await signIn(page, account);
  await expect.poll(() => socket.ready).toBe(true);
}

/** Accepts the customer's waiting ticket from the tickets screen, which opens (and reads) it. */
async function acceptWaitingTicket(page: Page): Promise<void> {
  await sideMenu(page).getByRole('link', { name: 'Tickets', exact: true }).click();
  await page.getByRole('tab', { name: /^Waiting/ }).click();
  await page
    .getByRole('list', { name: 'Waiting tickets', exact: true })
    .getByRole('listitem')
    .filter({ hasText: CUSTOMER.name })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Return', exact: true })).toBeVisible();
}

const offlineBanner = (page: Page) => page.getByText('No connection to the server', { exact: true });

test.describe('desktop bridge', () => {
  test('an inbound message: one notification for its ticket, the unread badge, and both cleared once read', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request, { agentAllTicket: 'enabled' });
    await installRecordingBridge(page);
    await signInOnDesktop(page, desk.agent);
    await expect.poll(() => lastBadge(page)).toEqual(['setUnreadCount', 0, false]);
    expect(await bridgeCalls(page, 'auth.login')).toEqual([['auth.login', desk.agent.email]]);

    await customerWrites(request, desk, 'Olá, preciso de ajuda');
    await expect.poll(() => bridgeCalls(page, 'notify')).toHaveLength(1);
    const [[, notification]] = await bridgeCalls(page, 'notify');
    const { route, tag } = notification as { route: string; tag: string };
    expect(notification).toEqual({
      title: CUSTOMER.name,
      body: 'Olá, preciso de ajuda',
      route: expect.stringMatching(/^\/tickets\/[0-9a-f-]{36}$/),
      tag: expect.stringMatching(/^ticket-\d+$/),
    });
    await expect.poll(() => lastBadge(page)).toEqual(['setUnreadCount', 1, false]);

    // A second message of the same ticket carries the same tag: main folds the two into one.
    await customerWrites(request, desk, 'segunda mensagem');
    await expect.poll(() => bridgeCalls(page, 'notify')).toHaveLength(2);
    expect((await bridgeCalls(page, 'notify'))[1][1]).toMatchObject({ route, tag, body: 'segunda mensagem' });
    // Still one ticket with unread messages.
    expect(await lastBadge(page)).toEqual(['setUnreadCount', 1, false]);

    // The agent takes the ticket: opening it reads it, so the badge drops to zero and the ticket's
    // notification is withdrawn.
    await acceptWaitingTicket(page);
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await expect.poll(() => lastBadge(page)).toEqual(['setUnreadCount', 0, false]);
    await expect.poll(() => bridgeCalls(page, 'dismissNotification')).toEqual([['dismissNotification', tag]]);

    // Main reports a notification's click: the page opens that ticket, wherever it was.
    await page.goto('/connections');
    await fromMain(page, 'navigate', route);
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await expect(page.getByRole('button', { name: `Contact details: ${CUSTOMER.name}` })).toBeVisible();
  });

  test("a document: notified by its translated label, and saved through main's save dialog when clicked", async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request, { agentAllTicket: 'enabled' });
    await installRecordingBridge(page);
    await signInOnDesktop(page, desk.agent);

    await customerSendsFile(request, desk, {
      mimetype: 'application/pdf',
      filename: 'pedido-123.pdf',
      content: '%PDF-1.4 order',
    });
    await expect.poll(() => bridgeCalls(page, 'notify')).toHaveLength(1);
    expect((await bridgeCalls(page, 'notify'))[0][1]).toMatchObject({ title: CUSTOMER.name, body: 'Document' });

    await acceptWaitingTicket(page);
    const ticketUrl = page.url();
    await page.getByRole('link', { name: 'pedido-123.pdf' }).click();
    const origin = new URL(ticketUrl).origin;
    await expect
      .poll(() => bridgeCalls(page, 'download'))
      .toEqual([['download', expect.stringMatching(new RegExp(`^${origin}/public/.+\\.pdf$`))]]);
    // The page stays where it was: the file is main's to save.
    expect(page.url()).toBe(ticketUrl);
    expect(page.context().pages()).toHaveLength(1);
  });

  test('sign-out from the user menu or the tray logs out through main and clears the badge', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    await installRecordingBridge(page);
    await signInOnDesktop(page, desk.agent);
    const token = await pageToken(page);

    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await bridgeCalls(page, 'auth.logout')).toEqual([['auth.logout', token]]);
    expect(await lastBadge(page)).toEqual(['setUnreadCount', 0, false]);

    // The tray's "Sign out" arrives from main and takes the same way.
    await signInOnDesktop(page, desk.agent);
    const second = await pageToken(page);
    await fromMain(page, 'signOut');
    await expect(page).toHaveURL(/\/login$/);
    expect((await bridgeCalls(page, 'auth.logout')).at(-1)).toEqual(['auth.logout', second]);
    expect(await lastBadge(page)).toEqual(['setUnreadCount', 0, false]);
  });

  test('changing server from the user menu signs out first, then opens the server form', async ({ page, request }) => {
    const desk = await openSandboxDesk(request);
    await installRecordingBridge(page);
    await signInOnDesktop(page, desk.agent);
    const token = await pageToken(page);

    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Change server' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change server' });
    await dialog.getByRole('button', { name: 'Sign out and change' }).click();

    await expect(page.getByRole('heading', { name: 'Connect to your server' })).toBeVisible();
    await expect(page.getByLabel('Server address')).toHaveValue(new URL(page.url()).origin);
    expect(await bridgeCalls(page, 'auth.logout')).toEqual([['auth.logout', token]]);
    expect(await lastBadge(page)).toEqual(['setUnreadCount', 0, false]);
  });

  test("tells main the page's language, and again when it changes", async ({ page }) => {
    await installRecordingBridge(page);
    await page.goto('/login');
    await expect.poll(() => bridgeCalls(page, 'setLanguage')).toEqual([['setLanguage', 'en']]);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await expect
      .poll(() => bridgeCalls(page, 'setLanguage'))
      .toEqual([
        ['setLanguage', 'en'],
        ['setLanguage', 'es'],
      ]);
  });

  test('says so on the sign-in page when the OS has no keyring', async ({ page }) => {
    await installRecordingBridge(page, { secureStorage: false });
    await page.goto('/login');
    await expect(page.getByText('Your sign-in is not kept after closing the app', { exact: true })).toBeVisible();
  });

  test('no keyring notice where the token is stored safely', async ({ page }) => {
    await installRecordingBridge(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText('Your sign-in is not kept after closing the app', { exact: true })).toHaveCount(0);
  });

  test('offline: a reconnect banner and a stale badge; back online: reconnected and live again', async ({
    page,
    request,
    context,
  }) => {
    const desk = await openSandboxDesk(request, { agentAllTicket: 'enabled' });
    await installRecordingBridge(page);
    await customerWrites(request, desk, 'Tem alguém aí?');
    await signInOnDesktop(page, desk.agent);
    await expect.poll(() => lastBadge(page)).toEqual(['setUnreadCount', 1, false]);

    await context.setOffline(true);
    await expect(offlineBanner(page)).toBeVisible();
    await expect.poll(() => lastBadge(page)).toEqual(['setUnreadCount', 1, true]);

    const socket = trackSocket(page);
    await context.setOffline(false);
    await expect(offlineBanner(page)).toBeHidden();
    await expect.poll(() => lastBadge(page)).toEqual(['setUnreadCount', 1, false]);
    await expect.poll(() => socket.ready).toBe(true);

    // Live again: a new message still reaches the page.
    const before = (await bridgeCalls(page, 'notify')).length;
    await customerWrites(request, desk, 'Voltei');
    await expect.poll(async () => (await bridgeCalls(page, 'notify')).length).toBe(before + 1);
  });

  test('a start without the server opens on the last screen with the banner, and recovers on reconnect', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    await installRecordingBridge(page);
    await signInOnDesktop(page, desk.agent);
    await page.goto('/connections');
    await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();

    // The app starts again (it always loads its root) while the server cannot be reached: calls
    // fail, and the socket's connection hangs unanswered.
    const api = (url: URL) => !['/', '/login'].includes(url.pathname) && !url.pathname.startsWith('/assets/');
    await page.route(api, (route) => route.abort('internetdisconnected'));
    let serverBack = false;
    await page.routeWebSocket(/socket\.io/, (socket) => {
      if (serverBack) socket.connectToServer();
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/connections$/);
    await expect(userMenuButton(page)).toBeVisible();
    await expect(offlineBanner(page)).toBeVisible();

    // The server is back: one click skips the wait, and the screen's data arrives.
    await page.unrouteAll({ behavior: 'wait' });
    serverBack = true;
    const socket = trackSocket(page);
    await page.getByRole('button', { name: 'Reconnect now' }).click();
    await expect(offlineBanner(page)).toBeHidden();
    await expect.poll(() => socket.ready).toBe(true);
    await expect(page.getByText('Sandbox line', { exact: true })).toBeVisible();
  });

  test('coming back from away or waking from sleep: the server hears from the page at once', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    await installRecordingBridge(page);
    const sent: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        if (typeof frame.payload === 'string') sent.push(frame.payload);
      }),
    );
    await signInOnDesktop(page, desk.agent);
    const statusPings = () => sent.filter((frame) => frame.startsWith('42["userStatus"')).length;
    await expect.poll(statusPings).toBe(1);

    // Away: nothing is sent; back: the status goes out without waiting for the 5-minute interval.
    await fromMain(page, 'idle', true);
    await fromMain(page, 'idle', false);
    await expect.poll(statusPings).toBe(2);

    // Resume from sleep: a new connection, which announces itself again.
    const socket = trackSocket(page);
    await fromMain(page, 'resume');
    await expect.poll(() => socket.ready).toBe(true);
    await expect.poll(statusPings).toBe(3);
  });
});
