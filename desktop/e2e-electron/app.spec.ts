import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, type ElectronApplication, expect, type Page, test } from '@playwright/test';
import { type Account, trackSocket, userMenuButton } from '../e2e/support/app';
import { CUSTOMER, customerWrites, openSandboxDesk } from '../e2e/support/sandbox';
import { SERVER_URL } from './playwright.config';

const desktopDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The app as `npm run desktop` starts it, on a profile of its own (settings, token, local storage).
 * The binary comes from the runner (desktop/scripts/run-electron-tests.mjs), which found it.
 */
async function launchApp(
  profile = mkdtempSync(join(tmpdir(), 'atendo-profile-')),
): Promise<{ app: ElectronApplication; window: Page; profile: string }> {
  const app = await electron.launch({
    executablePath: process.env.ATENDO_ELECTRON_PATH,
    // Running as root (containers, CI) needs Chromium's sandbox off; the renderer stays sandboxed.
    args: ['--no-sandbox', desktopDir],
    env: { ...process.env, ATENDO_USER_DATA_DIR: profile },
  });
  return { app, window: await app.firstWindow(), profile };
}

async function connectAndSignIn(window: Page, account: Account): Promise<void> {
  await expect(window.getByRole('heading', { name: 'Connect to your server' })).toBeVisible();
  await window.getByLabel('Server address').fill(SERVER_URL);
  await window.getByRole('button', { name: 'Connect', exact: true }).click();
  // Main saves the server and reloads the page under the new server's content policy.
  await expect(window.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(window.getByText(`Server: ${SERVER_URL}`, { exact: true })).toBeVisible();
  await window.getByLabel('Email').fill(account.email);
  await window.getByLabel('Password').fill(account.password);
  await window.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(userMenuButton(window)).toBeVisible();
}

test.describe('desktop app', () => {
  test('starts on the first-run screen, checks the server, signs in, and opens on the last screen after a restart', async ({
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    const first = await launchApp();
    let profile: string;
    try {
      expect(first.window.url()).toBe('app://atendo/login');
      await connectAndSignIn(first.window, desk.agent);
      // The refresh token stays in the main process: the page's storage holds no trace of it.
      const storage = JSON.stringify(await first.window.evaluate(() => ({ ...window.localStorage })));
      expect(storage).not.toContain('jrt');
      await first.window.getByRole('link', { name: 'Tickets', exact: true }).click();
      await expect(first.window).toHaveURL('app://atendo/tickets');
      profile = first.profile;
    } finally {
      await first.app.close();
    }

    const second = await launchApp(profile);
    try {
      await expect(second.window).toHaveURL('app://atendo/tickets');
      await expect(userMenuButton(second.window)).toBeVisible();
    } finally {
      await second.app.close();
    }
  });

  test('a native notification for an inbound message opens its ticket when clicked', async ({ request }) => {
    const desk = await openSandboxDesk(request, { agentAllTicket: 'enabled' });
    const { app, window } = await launchApp();
    try {
      // The notifications main shows are recorded instead of handed to the OS, whose notification
      // service may be missing here, so the test can click one as the agent would.
      await app.evaluate(({ Notification }) => {
        const shown: Electron.Notification[] = [];
        Object.assign(globalThis, { __shownNotifications: shown });
        Notification.isSupported = () => true;
        Notification.prototype.show = function record(this: Electron.Notification) {
          shown.push(this);
        };
      });
      const socket = trackSocket(window);
      await connectAndSignIn(window, desk.agent);
      await expect.poll(() => socket.ready).toBe(true);

      await customerWrites(request, desk, 'Preciso de ajuda com meu pedido');
      await expect
        .poll(() =>
          app.evaluate(() =>
            (globalThis as unknown as { __shownNotifications: Electron.Notification[] }).__shownNotifications.map(
              (notification) => ({ title: notification.title, body: notification.body, silent: notification.silent }),
            ),
          ),
        )
        .toEqual([{ title: CUSTOMER.name, body: 'Preciso de ajuda com meu pedido', silent: true }]);

      await app.evaluate(() =>
        (globalThis as unknown as { __shownNotifications: Electron.Notification[] }).__shownNotifications[0].emit(
          'click',
        ),
      );
      await expect(window).toHaveURL(/^app:\/\/atendo\/tickets\/[0-9a-f-]{36}$/);
      await expect(window.getByRole('button', { name: `Contact details: ${CUSTOMER.name}` })).toBeVisible();
    } finally {
      await app.close();
    }
  });
});
