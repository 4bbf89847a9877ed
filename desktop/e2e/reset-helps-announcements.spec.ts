import { type BrowserContext, expect, test } from '@playwright/test';
import {
  apiCall,
  apiSignIn,
  E2E_ADMIN,
  sideMenu,
  signIn,
  signupCompany,
  submitLogin,
  toast,
  trackSocket,
  unique,
  userMenuButton,
} from './support/app';
import { resetCodeIn, waitForMail } from './support/mail';

/** The help player and thumbnails live on YouTube: a stand-in answers for them, so no test leaves this machine. */
async function standInForYouTube(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/(www\.youtube-nocookie\.com|i\.ytimg\.com)\//, (route) =>
    route.request().resourceType() === 'image'
      ? route.fulfill({ status: 404 })
      : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>Playing</p>' }),
  );
}

const INVALID_CREDENTIALS = 'Invalid email or password';

test.describe('password reset, help videos and announcements', () => {
  test('a user who forgot the password sets a new one with the code from the e-mail', async ({ page, request }) => {
    const company = await signupCompany(request, 'Reset');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgetpsw$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

    // An address nobody uses is said so (spec 2 §8), and the form stays on the first step.
    await page.getByLabel('Email').fill('nobody-here@e2e.atendo.test');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(toast(page, 'No account uses this e-mail.')).toBeVisible();

    await page.getByLabel('Email').fill(company.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(toast(page, `Code sent to ${company.email}. It is valid for 15 minutes.`)).toBeVisible();
    await expect(page.getByText(`Enter the code we sent to ${company.email} and choose a new password.`)).toBeVisible();

    const mail = await waitForMail(company.email);
    expect(mail).toContain('It is valid for 15 minutes and works once.');
    const code = resetCodeIn(mail);

    // The form checks the password rule and the confirmation before anything is sent.
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm the new password').fill('different');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Use at least one digit, one lowercase and one uppercase letter')).toBeVisible();
    await expect(page.getByText('The passwords do not match')).toBeVisible();

    // A mistyped code is explained on the page, and costs one of the five tries.
    await page.getByRole('textbox', { name: 'Code' }).fill(code === 'AAAA-AAAA' ? 'BBBB-BBBB' : 'AAAA-AAAA');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-pass-42');
    await page.getByLabel('Confirm the new password').fill('Fresh-pass-42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The code is not correct. Check the e-mail and try again.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password changed. Sign in with the new one.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The toast's text would also match the password field's label.
    await expect(toast(page, 'Password changed. Sign in with the new one.')).toBeHidden();

    await submitLogin(page, { email: company.email, password: company.password });
    await expect(page.getByText(INVALID_CREDENTIALS)).toBeVisible();
    await submitLogin(page, { email: company.email, password: 'Fresh-pass-42' });
    await expect(userMenuButton(page)).toBeVisible();
  });

  test('a session ended by a password reset elsewhere goes to sign-in and says why', async ({ page, request }) => {
    const company = await signupCompany(request, 'Changed');
    const socket = trackSocket(page);
    await signIn(page, company);
    await expect.poll(() => socket.ready).toBe(true);

    // The owner resets the password from another device.
    expect((await request.post(`/forgetpassword/${encodeURIComponent(company.email)}`)).status()).toBe(200);
    const code = resetCodeIn(await waitForMail(company.email));
    const reset = await request.post(
      `/resetpasswords/${[company.email, code, 'Fresh-pass-43'].map(encodeURIComponent).join('/')}`,
    );
    expect(reset.status()).toBe(204);

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your password was changed, so you were signed out. Sign in with the new password.'),
    ).toBeVisible();
    await submitLogin(page, { email: company.email, password: 'Fresh-pass-43' });
    await expect(userMenuButton(page)).toBeVisible();
  });

  test('the e-mail link opens the code step, with a way back to sign-up (spec 2 §2)', async ({ page }) => {
    await page.goto('/forgetpsw?email=someone%40e2e.atendo.test');
    await expect(
      page.getByText('Enter the code we sent to someone@e2e.atendo.test and choose a new password.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('an announcement of the super-admin appears live in another company’s popover', async ({ browser, request }) => {
    const company = await signupCompany(request, 'Readers');
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    const socket = trackSocket(reader);
    await signIn(reader, company);
    await expect.poll(() => socket.ready).toBe(true);

    // Not theirs: the announcements page sends them home with a note (spec 2 §8).
    await reader.goto('/announcements');
    await expect(toast(reader, 'Only the platform administrator manages announcements.')).toBeVisible();
    await expect(reader).toHaveURL(/\/$/);
    await expect.poll(() => socket.ready).toBe(true);

    await reader.getByRole('button', { name: /^Announcements, \d+ new$/ }).click();
    const popover = reader.getByRole('group', { name: 'Announcements' });
    await expect(popover).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, E2E_ADMIN);
    await sideMenu(admin).getByRole('link', { name: 'Announcements', exact: true }).click();
    await expect(admin.getByRole('heading', { name: 'Announcements' })).toBeVisible();
    const title = unique('Maintenance');
    await admin.getByRole('button', { name: 'Add announcement' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New announcement' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Text').fill('The platform restarts on Sunday at 2am.');
    await dialog.getByLabel('Priority').selectOption({ label: 'High' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(admin, 'Announcement saved.')).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('High');

    // Live, without a reload, in the reader's open popover: red for a high priority (spec §9).
    const item = popover.getByRole('listitem').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText('The platform restarts on Sunday at 2am.');
    const border = await item.evaluate((element) => getComputedStyle(element).borderLeftColor);
    const [red, green, blue] = (border.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(100);
    expect(blue).toBeLessThan(100);

    // Retired by the super-admin: it leaves the popover as live.
    await admin.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit announcement' });
    await edit.getByRole('switch', { name: 'Active (shown to every company)' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Inactive');
    await expect(item).toHaveCount(0);

    await adminContext.close();
    await readerContext.close();
  });

  test('a help video opens in the player and Escape closes it', async ({ page, context, request }) => {
    await standInForYouTube(context);
    const title = unique('Getting started');
    const token = await apiSignIn(request, E2E_ADMIN);
    await apiCall(request, token, 'POST', '/helps', {
      title,
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      description: 'The first steps in Atendo.',
    });

    const company = await signupCompany(request, 'Viewers');
    await signIn(page, company);
    await sideMenu(page).getByRole('link', { name: 'Helps', exact: true }).click();
    await expect(page).toHaveURL(/\/helps$/);
    // Counted once the list has arrived (the video created above is in it).
    await expect(page.getByRole('button', { name: `Play ${title}` })).toBeVisible();
    const count = await page.getByRole('list', { name: 'Help videos' }).getByRole('listitem').count();
    await expect(page.getByRole('heading', { name: `Help videos (${count})` })).toBeVisible();

    await page.getByRole('button', { name: `Play ${title}` }).click();
    const player = page.getByRole('dialog', { name: title });
    await expect(player).toBeVisible();
    await expect(player.getByText('The first steps in Atendo.')).toBeVisible();
    await expect(player.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    await expect(page.frameLocator(`iframe[title="Video: ${title}"]`).getByText('Playing')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(player).toBeHidden();
  });

  test('the super-admin keeps the help videos on a page of their own', async ({ page, context }) => {
    await standInForYouTube(context);
    await signIn(page, E2E_ADMIN);
    // An old link to the settings tab opens the page.
    await page.goto('/settings?tab=helps');
    await expect(page).toHaveURL(/\/helps-admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const title = unique('Queues tour');
    await page.getByRole('button', { name: 'Add video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add help video' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Video').fill('not a video');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a YouTube video code or link')).toBeVisible();
    await dialog.getByLabel('Video').fill('https://youtu.be/aqz-KE-bpKQ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Help video saved.')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('aqz-KE-bpKQ');

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Help video deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
