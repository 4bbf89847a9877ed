import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  E2E_ADMIN,
  luminance,
  pageToken,
  sideMenu,
  signIn,
  signOut,
  signupCompany,
  themeBackground,
  toast,
  unique,
  uniqueEmail,
  userMenuButton,
} from './support/app';

/** Opens a page of the admin drawer through its side-menu link. */
async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  await sideMenu(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
}

/** The text of the Queues table, read before a dialog hides the page from the accessibility tree. */
async function queuesTableText(page: Page): Promise<string> {
  const table = page.getByRole('table', { name: 'Queues' });
  // Loaded: a queue row under the header row, or the empty-list message.
  await expect(
    table
      .getByRole('row')
      .nth(1)
      .or(page.getByText('No queues yet.', { exact: true })),
  ).toBeVisible();
  return (await table.innerText()).toUpperCase();
}

/** The palette's first colour that the listed queues do not use yet. */
async function firstFreeColor(dialog: Locator, listed: string): Promise<string> {
  const swatches = await dialog.getByRole('gridcell').all();
  expect(swatches.length).toBeGreaterThan(0);
  for (const swatch of swatches) {
    const color = await swatch.getAttribute('aria-label');
    if (color && !listed.includes(color.toUpperCase())) return color;
  }
  throw new Error('Every palette colour is taken in this company');
}

test.describe('administration', () => {
  test('the super-admin switches the shell to Português and to the dark theme', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await expect(page.getByText('Hello, Admin, welcome to Platform', { exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Users', exact: true })).toBeVisible();

    // Signed in, the choice is also stored on the user.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/users/set-language/pt') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'Português' }).click();
    expect((await saved).ok()).toBe(true);

    await expect(page.getByText('Olá, Admin, seja bem-vindo(a) à Platform', { exact: true })).toBeVisible();
    const menu = sideMenu(page, 'Menu principal');
    for (const label of ['Dashboard', 'Usuários', 'Filas', 'Configurações']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('pt');

    const darkSwitch = page.getByRole('switch', { name: 'Tema escuro' });
    await expect(darkSwitch).not.toBeChecked();
    const light = luminance(await themeBackground(page));
    await darkSwitch.click();
    await expect(darkSwitch).toBeChecked();
    await expect.poll(async () => luminance(await themeBackground(page))).toBeLessThan(light - 100);

    // Both choices survive a reload.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Tema escuro' })).toBeChecked();
    await expect(sideMenu(page, 'Menu principal').getByRole('link', { name: 'Usuários', exact: true })).toBeVisible();

    // Back to English, so the super-admin's stored language is left as it was.
    const restored = page.waitForResponse((response) => response.url().endsWith('/users/set-language/en'));
    await page.getByRole('button', { name: 'Idioma' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    expect((await restored).ok()).toBe(true);
    await expect(sideMenu(page).getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  });

  test('the super-admin creates a queue and a user in it; that user sees no admin items', async ({ page }) => {
    const queueName = unique('Queue');
    const user = { name: unique('Agent'), email: uniqueEmail('agent'), password: 'Agent-pass-1' };

    await signIn(page, E2E_ADMIN);

    // The queue, with a colour from the swatch grid.
    await openFromMenu(page, 'Queues', '/queues');
    // A company's queues need distinct colours: take the first swatch no queue uses yet (a retry
    // of this test finds its earlier queue in the platform company).
    const listed = await queuesTableText(page);
    await page.getByRole('button', { name: 'Add queue' }).click();
    const queueDialog = page.getByRole('dialog', { name: 'Add queue' });
    await queueDialog.getByRole('textbox', { name: 'Name' }).fill(queueName);
    const color = await firstFreeColor(queueDialog, listed);
    await queueDialog.getByRole('gridcell', { name: color }).click();
    await expect(queueDialog.getByText(color, { exact: true })).toBeVisible();
    await queueDialog.getByRole('textbox', { name: 'Greeting message' }).fill('Welcome to the e2e queue');
    await queueDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Queue saved.')).toBeVisible();
    await expect(queueDialog).toBeHidden();
    const queueRow = page.getByRole('row').filter({ hasText: queueName });
    await expect(queueRow).toBeVisible();
    await expect(queueRow).toContainText(color);
    await expect(queueRow.getByRole('button', { name: `Edit ${queueName}` })).toBeVisible();

    // The user, in that queue.
    await openFromMenu(page, 'Users', '/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Add user' });
    await userDialog.getByRole('textbox', { name: 'Name' }).fill(user.name);
    await userDialog.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await userDialog.getByLabel('Password').fill(user.password);
    await expect(userDialog.getByLabel('Profile')).toHaveValue('user');
    const queuesBox = userDialog.getByRole('combobox', { name: 'Queues' });
    await queuesBox.click();
    await page.getByRole('menuitemcheckbox', { name: queueName }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: queueName })).toBeChecked();
    await queuesBox.click();
    await expect(queuesBox).toHaveText(queueName);
    await userDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'User saved.')).toBeVisible();
    await expect(userDialog).toBeHidden();
    const userRow = page.getByRole('row').filter({ hasText: user.email });
    await expect(userRow).toBeVisible();
    await expect(userRow).toContainText(user.name);
    await expect(userRow.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
    await expect(userRow.getByRole('button', { name: `Edit ${user.name}` })).toBeVisible();

    // The new user, signed in: the user menu, their queue, and nothing of the admin drawer.
    await signOut(page);
    await signIn(page, user);
    await expect(page.getByText(`Hello, ${user.name}, welcome to Platform`, { exact: true })).toBeVisible();
    const menu = sideMenu(page);
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    for (const label of ['Users', 'Queues', 'Settings']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    await expect(menu.getByText('Administration')).toHaveCount(0);
    await expect(page.getByText(queueName, { exact: true })).toBeVisible();

    await userMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Typing an admin address sends a plain user home instead.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  });

  test('the user modal refuses a one-character name with the translated message and creates nothing', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Validation');
    const email = uniqueEmail('short');
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/users') posts.push(req.url());
    });

    await signIn(page, company);
    await openFromMenu(page, 'Users', '/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('A');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByLabel('Password').fill('Agent-pass-1');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog.getByText('Too short! At least 2 characters.', { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('row').filter({ hasText: company.email })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
    expect(posts).toEqual([]);
    // And the server agrees: the company still has its admin only.
    const answer = await request.get('/users/', { headers: { Authorization: `Bearer ${await pageToken(page)}` } });
    expect(answer.ok()).toBe(true);
    const listed = (await answer.json()) as { users: Array<{ email: string }> };
    expect(listed.users.map((u) => u.email)).toEqual([company.email]);
  });
});
