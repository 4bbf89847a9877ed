import { expect, type Page, test } from '@playwright/test';
import { waitForMail } from './support/mail';
import {
  apiCall,
  apiSignIn,
  E2E_ADMIN,
  formatDate,
  pageToken,
  signIn,
  sideMenu,
  signupCompany,
  submitLogin,
  toast,
  trackSocket,
  unique,
  uniqueEmail,
  userMenuButton,
} from './support/app';

/** Opens one of the super-admin's back-office pages from its entry in the side menu. */
async function openBackOffice(page: Page, entry: 'Companies' | 'Plans'): Promise<void> {
  await page.goto('/');
  await sideMenu(page).getByRole('link', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${entry.toLowerCase()}$`));
  await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
}

test.describe('plans and companies', () => {
  test('the super-admin creates a plan and a company; its admin signs in until the company is disabled', async ({
    page,
    browser,
  }) => {
    const planName = unique('Plan');
    const company = { name: unique('Company'), email: uniqueEmail('owner'), password: 'Owner-pass-1' };
    await signIn(page, E2E_ADMIN);

    // The plan: the form starts at the spec's defaults (0 limits, every feature on).
    await openBackOffice(page, 'Plans');
    await page.getByRole('button', { name: 'Add plan' }).click();
    const planDialog = page.getByRole('dialog', { name: 'New plan' });
    await expect(planDialog.getByRole('spinbutton', { name: 'Users' })).toHaveValue('0');
    await expect(planDialog.getByRole('switch', { name: 'Kanban' })).toBeChecked();
    await planDialog.getByRole('textbox', { name: 'Name' }).fill(planName);
    await planDialog.getByRole('spinbutton', { name: 'Users' }).fill('3');
    await planDialog.getByRole('textbox', { name: 'Price' }).fill('149.9');
    await planDialog.getByRole('switch', { name: 'Kanban' }).click();
    await planDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Plan saved.')).toBeVisible();
    const planRow = page.getByRole('row').filter({ hasText: planName });
    await expect(planRow).toContainText('R$ 149,90');
    await expect(planRow).toContainText('Unlimited');
    await expect(planRow).toContainText('Campaigns');
    await expect(planRow).not.toContainText('Kanban');

    // A bad value is refused with the field's reason.
    await page.getByRole('button', { name: 'Add plan' }).click();
    const badDialog = page.getByRole('dialog', { name: 'New plan' });
    await badDialog.getByRole('textbox', { name: 'Name' }).fill('x');
    await badDialog.getByRole('button', { name: 'Save' }).click();
    await expect(badDialog.getByText('Too short! At least 2 characters.')).toBeVisible();
    await badDialog.getByRole('button', { name: 'Cancel' }).click();

    // The company, on that plan, with its first admin.
    await openBackOffice(page, 'Companies');
    await page.getByRole('button', { name: 'Add company' }).click();
    const companyDialog = page.getByRole('dialog', { name: 'New company' });
    await companyDialog.getByRole('textbox', { name: 'Name' }).fill(company.name);
    await companyDialog.getByRole('textbox', { name: 'E-mail' }).fill(company.email);
    await companyDialog.getByRole('textbox', { name: 'Phone' }).fill('11987654321');
    await companyDialog.getByLabel("Admin's password").fill(company.password);
    await companyDialog.getByRole('combobox', { name: 'Plan' }).selectOption({ label: planName });
    await companyDialog.getByRole('combobox', { name: 'Recurrence' }).selectOption({ label: 'Quarterly' });
    // Expire from no due date: one quarter from today.
    await companyDialog.getByRole('button', { name: '+ Due date' }).click();
    await expect(companyDialog.getByLabel('Due date')).not.toHaveValue('');
    await companyDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Company saved.')).toBeVisible();
    const companyRow = page.getByRole('row').filter({ hasText: company.email });
    await expect(companyRow).toContainText(planName);
    await expect(companyRow).toContainText('Active');
    await expect(companyRow).toContainText('Quarterly');
    await expect(companyRow).toHaveAttribute('data-tone', 'none');

    // Rows are tinted by the days left: 5 days is yellow, 2 days past due orange, 10 days past red.
    const superToken = await page.evaluate(() => window.localStorage.getItem('token'));
    const plans = await apiCall<Array<{ id: number; name: string }>>(page.request, superToken!, 'GET', '/plans/all');
    const planId = plans.find((p) => p.name === planName)!.id;
    const tinted: Record<string, string> = {};
    for (const [tone, days] of [
      ['yellow', 5],
      ['orange', -2],
      ['red', -10],
    ] as const) {
      const due = new Date();
      due.setDate(due.getDate() + days);
      const name = unique(`Tone ${tone}`);
      tinted[tone] = name;
      await apiCall(page.request, superToken!, 'POST', '/companies', {
        name,
        email: uniqueEmail(tone),
        password: 'Tone-pass-1',
        planId,
        dueDate: due.toISOString(),
      });
    }
    await page.reload();
    for (const [tone, name] of Object.entries(tinted)) {
      await expect(page.getByRole('row').filter({ hasText: name })).toHaveAttribute('data-tone', tone);
    }
    await expect(page.getByRole('row').filter({ hasText: tinted.orange })).toContainText('2 days overdue');

    // The company's admin signs in, in another browser.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/login');
    await submitLogin(admin, company);
    await expect(userMenuButton(admin)).toBeVisible();
    await expect(admin.getByText(`Hello, ${company.name}, welcome to ${company.name}`, { exact: true })).toBeVisible();

    // Their own business hours, once the company schedules by company.
    await admin.goto('/settings');
    await expect(sideMenu(admin).getByRole('link', { name: 'Companies', exact: true })).toHaveCount(0);
    await expect(admin.getByRole('tab', { name: 'Companies' })).toHaveCount(0);
    await expect(admin.getByRole('tab', { name: 'Schedules' })).toHaveCount(0);
    await admin.getByRole('combobox', { name: 'Business hours management' }).selectOption('company');
    await expect(toast(admin, 'Settings saved.')).toBeVisible();
    await admin.getByRole('tab', { name: 'Schedules' }).click();
    await admin.getByRole('textbox', { name: 'Monday – opens' }).fill('0900');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(toast(admin, 'Business hours saved.')).toBeVisible();
    const hours = (await findCompany(page, superToken!, company.email)).schedules;
    expect(hours.find((d) => d.weekdayEn === 'monday')?.startTime).toBe('09:00');

    // The super-admin disables the company: its admin is signed out and cannot sign in again.
    await page
      .getByRole('row')
      .filter({ hasText: company.email })
      .getByRole('button', { name: `Edit ${company.name}` })
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Edit company' });
    await expect(editDialog.getByLabel('Due date')).toHaveValue(
      formatDate((await findCompany(page, superToken!, company.email)).dueDate!)
        .split('/')
        .reverse()
        .join('-'),
    );
    await editDialog.getByRole('switch', { name: 'Active' }).click();
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Company saved.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: company.email })).toContainText('Inactive');

    await admin.reload();
    await expect(admin).toHaveURL(/\/login$/);
    await submitLogin(admin, company);
    await expect(toast(admin, 'Your company is inactive. Contact support.')).toBeVisible();
    await expect(admin).toHaveURL(/\/login$/);
    await adminContext.close();
  });

  test('a plan price reads Brazilian amounts, shows what it will save and saves it', async ({ page }) => {
    const name = unique('Priced');
    await signIn(page, E2E_ADMIN);
    await openBackOffice(page, 'Plans');
    await page.getByRole('button', { name: 'Add plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    const price = dialog.getByRole('textbox', { name: 'Price' });
    await expect(price).toHaveValue('0');
    // Typed the Brazilian way, key by key.
    await price.fill('');
    await price.pressSequentially('49,90');
    await expect(price).toHaveValue('49,90');
    await expect(dialog.getByText('Saved as R$ 49,90', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Plan saved.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('R$ 49,90');
    const saved = async () =>
      (await apiCall<{ name: string; value: number }[]>(page.request, await pageToken(page), 'GET', '/plans/all')).find(
        (plan) => plan.name === name,
      )?.value;
    expect(await saved()).toBe(49.9);

    // Pasted with the symbol and thousands, then typed with a dot for the cents.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit plan' });
    const editPrice = edit.getByRole('textbox', { name: 'Price' });
    await expect(editPrice).toHaveValue('49,9');
    await editPrice.fill('R$ 1.234,56');
    await expect(editPrice).toHaveValue('1.234,56');
    await expect(edit.getByText('Saved as R$ 1.234,56', { exact: true })).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Plan saved.')).toBeVisible();
    await expect(row).toContainText('R$ 1.234,56');
    expect(await saved()).toBe(1234.56);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await editPrice.fill('');
    await editPrice.pressSequentially('49.90');
    await expect(editPrice).toHaveValue('49,90');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('R$ 49,90');
    expect(await saved()).toBe(49.9);
  });

  test('a company created without a password: its first admin is invited by e-mail, and the link sets the password and signs in', async ({
    page,
    browser,
  }) => {
    const company = { name: unique('NoPass'), email: uniqueEmail('owner') };
    await signIn(page, E2E_ADMIN);
    await openBackOffice(page, 'Companies');
    await page.getByRole('button', { name: 'Add company' }).click();
    const companyDialog = page.getByRole('dialog', { name: 'New company' });
    await expect(companyDialog.getByText(/Leave it empty and the first admin is e-mailed an invitation/)).toBeVisible();
    await companyDialog.getByRole('textbox', { name: 'Name' }).fill(company.name);
    await companyDialog.getByRole('textbox', { name: 'E-mail' }).fill(company.email);
    await companyDialog.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Default' });
    // The invitation's language: the admin reads Portuguese.
    await companyDialog.getByRole('combobox', { name: "Admin's language" }).selectOption({ label: 'Português' });
    await companyDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Invitation sent to ${company.email}: its link sets the admin's password.`)).toBeVisible();
    await expect(companyDialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: company.email })).toBeVisible();

    const mail = await waitForMail(company.email);
    expect(mail).toMatch(/^Subject: Seu acesso ao Atendo: /m);
    const link = new URL(/^(http\S+\/forgetpsw\?\S+)\r?$/m.exec(mail)![1]);

    const ownerContext = await browser.newContext();
    try {
      const owner = await ownerContext.newPage();
      // No password works before the invitation is used, not the family's default either.
      await owner.goto('/login');
      await submitLogin(owner, { email: company.email, password: '123456' });
      await expect(owner).toHaveURL(/\/login$/);
      // The link (on whichever origin the app is served from here) sets the password and signs in.
      await owner.goto(`${link.pathname}${link.search}${link.hash}`);
      await expect(owner.getByRole('heading', { name: 'Welcome! Set your password' })).toBeVisible();
      await expect(owner.getByRole('textbox', { name: 'Code' })).toHaveValue(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      await owner.getByRole('textbox', { name: 'New password', exact: true }).fill('First-pass-123');
      await owner.getByLabel('Confirm the new password').fill('First-pass-123');
      await owner.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(userMenuButton(owner)).toBeVisible();
      await expect(owner).not.toHaveURL(/forgetpsw/);
    } finally {
      await ownerContext.close();
    }
  });

  test("the super-admin's Invoices page lists every company's invoices, by company and by status, and the back office has its own entries", async ({
    page,
    request,
  }) => {
    // Two companies with their trial invoice; the first renews on the free plan (its invoice paid).
    const paying = await signupCompany(request, 'Paying');
    const waiting = await signupCompany(request, 'Waiting');
    const payingToken = await apiSignIn(request, paying);
    const [invoice] = await apiCall<Array<{ id: number; planId: number }>>(
      request,
      payingToken,
      'GET',
      '/invoices/all',
    );
    await apiCall(request, payingToken, 'POST', '/subscription', { planId: invoice.planId, invoiceId: invoice.id });
    await apiSignIn(request, waiting);

    await signIn(page, E2E_ADMIN);
    const menu = sideMenu(page);
    for (const [entry, path] of [
      ['Companies', '/companies'],
      ['Plans', '/plans'],
      ['Help videos (manage)', '/helps-admin'],
    ] as const) {
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    // An old link to a settings tab opens its page; the settings keep their own tabs only.
    await page.goto('/settings?tab=companies');
    await expect(page).toHaveURL(/\/companies$/);
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Plans' })).toHaveCount(0);

    await sideMenu(page).getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices of every company' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Invoices of every company' });
    await expect(table.getByRole('columnheader', { name: 'Company' })).toBeVisible();

    // One company, picked by searching its name.
    const pickCompany = async (name: string) => {
      const picker = page.getByRole('combobox', { name: 'Company' });
      await picker.click();
      await picker.clear();
      await picker.pressSequentially(name.slice(0, -2));
      await page.getByRole('option', { name, exact: true }).click();
      await expect(picker).toHaveValue(name);
    };
    await pickCompany(paying.name);
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows.filter({ hasText: paying.name }).first()).toBeVisible();
    await expect(rows.filter({ hasNotText: paying.name })).toHaveCount(0);
    await expect(rows.filter({ hasText: paying.name }).filter({ hasText: 'Paid' }).first()).toBeVisible();

    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption({ label: 'Open' });
    await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(0);

    await pickCompany(waiting.name);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(waiting.name);
    await expect(rows.first()).toHaveAttribute('data-status', 'open');
    await status.selectOption({ label: 'Paid' });
    await expect(page.getByText('No invoice matches these filters.')).toBeVisible();

    // All companies again: paid invoices of any company, the paying one's among them.
    await page.getByRole('combobox', { name: 'Company' }).clear();
    await expect(rows.filter({ hasText: paying.name })).toHaveCount(1);
    await expect(rows.filter({ hasNotText: 'Paid' })).toHaveCount(0);
  });

  test("an agent's home page follows the company to another plan without a reload", async ({ page, request }) => {
    const superToken = await apiSignIn(request, E2E_ADMIN);
    const company = await signupCompany(request, 'Moving');
    const adminToken = await apiSignIn(request, company);
    const agent = { name: 'Agent', email: uniqueEmail('agent'), password: 'Agent-pass-1' };
    await apiCall(request, adminToken, 'POST', '/users', { ...agent, profile: 'user', queueIds: [] });

    const socket = trackSocket(page);
    await signIn(page, agent);
    await expect(page.getByText('Default', { exact: true })).toBeVisible();
    await expect.poll(() => socket.ready).toBe(true);

    const plan = await apiCall<{ id: number; name: string }>(request, superToken, 'POST', '/plans', {
      name: unique('Premium'),
    });
    const current = await apiCall<Record<string, unknown>>(request, superToken, 'GET', `/companies/${company.id}`);
    await apiCall(request, superToken, 'PUT', `/companies/${company.id}`, { ...current, planId: plan.id });
    await expect(page.getByText(plan.name, { exact: true })).toBeVisible();
    await expect(page.getByText('Default', { exact: true })).toHaveCount(0);
  });
});

/** A company as the super-admin's list answers it, found by its e-mail. */
async function findCompany(page: Page, token: string, email: string) {
  const found = await apiCall<{
    companies: Array<{
      email: string;
      dueDate: string | null;
      schedules: Array<{ weekdayEn: string; startTime: string }>;
    }>;
  }>(page.request, token, 'GET', `/companies?searchParam=${encodeURIComponent(email)}`);
  expect(found.companies).toHaveLength(1);
  return found.companies[0];
}
