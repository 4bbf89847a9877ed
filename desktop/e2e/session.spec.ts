import { expect, test } from '@playwright/test';
import {
  luminance,
  sideMenu,
  signIn,
  signupCompany,
  submitLogin,
  themeBackground,
  userMenuButton,
} from './support/app';
import { waitForMail } from './support/mail';

test.describe('session', () => {
  test('an unauthenticated visit to /users goes to /login, and signing in returns to /users', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Redirect');

    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    await submitLogin(page, company);
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('cell', { name: company.email, exact: true })).toBeVisible();
  });

  test('signing in from /login lands on the home page, and the public pages then send you home', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Home');

    await signIn(page, company);
    await expect(page).toHaveURL(/\/$/);
    // The company's first user is its admin: home is the dashboard (spec §2).
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuButton(page)).toBeVisible();
  });

  test('a wrong password shows the translated error and keeps you on /login', async ({ page, request }) => {
    const company = await signupCompany(request, 'WrongPw');

    await page.goto('/login');
    await submitLogin(page, { email: company.email, password: 'Not-the-password-1' });
    await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    // The raw code must never reach the screen.
    await expect(page.getByText('ERR_INVALID_CREDENTIALS')).toHaveCount(0);
  });

  test('choosing Português translates the login page, survives a reload and translates errors', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Idioma');

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'Português' }).click();

    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cadastre-se' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('pt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Idioma' })).toBeVisible();

    await page.getByLabel('E-mail').fill(company.email);
    await page.getByLabel('Senha').fill('Senha-errada-1');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Usuário ou senha inválidos', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the dark theme switch changes the page background and survives a reload', async ({ page, request }) => {
    const company = await signupCompany(request, 'Theme');
    await signIn(page, company);

    const darkSwitch = page.getByRole('switch', { name: 'Dark theme' });
    // The browser prefers light and nothing is stored yet: the light theme is on.
    await expect(darkSwitch).not.toBeChecked();
    const light = await themeBackground(page);
    expect(luminance(light)).toBeGreaterThan(200);

    await darkSwitch.click();
    await expect(darkSwitch).toBeChecked();
    await expect.poll(async () => luminance(await themeBackground(page))).toBeLessThan(80);
    expect(await page.evaluate(() => window.localStorage.getItem('preferredTheme'))).toBe('dark');

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
    await expect.poll(async () => luminance(await themeBackground(page))).toBeLessThan(80);

    // And back: light again, also stored.
    await page.getByRole('switch', { name: 'Dark theme' }).click();
    await expect.poll(async () => themeBackground(page)).toEqual(light);
    expect(await page.evaluate(() => window.localStorage.getItem('preferredTheme'))).toBe('light');
  });

  test('signing in as the same user in another browser ends the first session with a translated notice', async ({
    page,
    request,
    browser,
  }) => {
    const company = await signupCompany(request, 'Conflict');
    const notice = 'Your account was accessed on another computer.';

    // The notice lives one second before page A reloads, so it is recorded as it is rendered
    // instead of being polled for.
    const toastsSeenByA: string[] = [];
    await page.exposeFunction('e2eToastShown', (text: string) => void toastsSeenByA.push(text));
    await page.addInitScript(() => {
      const report = (text: string) =>
        (window as unknown as { e2eToastShown: (text: string) => void }).e2eToastShown(text);
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (!(node instanceof Element)) continue;
            const titles = node.matches('.fui-ToastTitle')
              ? [node]
              : Array.from(node.querySelectorAll('.fui-ToastTitle'));
            for (const title of titles) report(title.textContent ?? '');
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });

    // Page A: wait until its socket has been accepted, or the notice would have nobody to reach.
    const socketReady = page
      .waitForEvent('websocket')
      .then((ws) =>
        ws.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('"ready"') }),
      );
    await signIn(page, company);
    await socketReady;
    expect(toastsSeenByA).toEqual([]);
    // The person's preferences on this browser, which no sign-in elsewhere should take away.
    await page.getByRole('switch', { name: 'Dark theme' }).click();
    await page.evaluate(() => {
      window.localStorage.setItem('volume', '0.4');
      window.localStorage.setItem('signOption', 'false');
    });
    const preferences = () =>
      page.evaluate(() => ['preferredTheme', 'volume', 'signOption'].map((key) => window.localStorage.getItem(key)));
    expect(await preferences()).toEqual(['dark', '0.4', 'false']);

    const other = await browser.newContext();
    try {
      const pageB = await other.newPage();
      await signIn(pageB, company);

      await expect.poll(() => toastsSeenByA).toContain(notice);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(
        page.getByText('You were signed out because your account was accessed on another computer.'),
      ).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      expect(await preferences()).toEqual(['dark', '0.4', 'false']);

      // The newer session carries on.
      await pageB.reload();
      await expect(userMenuButton(pageB)).toBeVisible();
      await expect(sideMenu(pageB).getByRole('link', { name: 'Users' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

test.describe('a browser set to Portuguese (Brazil)', () => {
  test.use({ locale: 'pt-BR' });

  test('opens /login in Portuguese with no choice stored, and the reset e-mail of a user who signed in there is in Portuguese', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Navegador');

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Idioma' })).toHaveText('Português');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    // Nothing is stored until someone chooses, so the page keeps following the browser.
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBeNull();

    // Signing in tells the server the language of a user who never chose one: their mail uses it.
    await page.getByLabel('E-mail').fill(company.email);
    await page.getByLabel('Senha').fill(company.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
    expect((await request.post(`/forgetpassword/${encodeURIComponent(company.email)}`)).status()).toBe(200);
    expect(await waitForMail(company.email)).toContain('Ele vale por 15 minutos e pode ser usado uma única vez.');
  });
});
