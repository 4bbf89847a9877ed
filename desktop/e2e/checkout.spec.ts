import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiSignIn,
  E2E_ADMIN,
  formatDate,
  pageToken,
  signIn,
  toast,
  trackSocket,
  unique,
  uniqueEmail,
} from './support/app';

interface Invoice {
  id: number;
  value: number;
  status: string;
}

test.describe('checkout', () => {
  test("a new company's admin pays the trial invoice with Pix and sees the renewed licence", async ({
    page,
    request,
  }) => {
    // The super-admin sells a plan; a company signs up to it on the usual 3-day trial.
    const superToken = await apiSignIn(request, E2E_ADMIN);
    const plan = await apiCall<{ id: number; name: string }>(request, superToken, 'POST', '/plans', {
      name: unique('Pro'),
      users: 5,
      connections: 2,
      queues: 5,
      value: 99.9,
    });
    const company = { name: unique('Loja'), email: uniqueEmail('owner'), password: 'Owner-pass-1' };
    const created = await request.post('/companies/cadastro', { data: { ...company, planId: plan.id } });
    expect(created.status(), await created.text()).toBe(201);
    const { id: companyId, dueDate } = (await created.json()) as { id: number; dueDate: string };

    const socket = trackSocket(page);
    await signIn(page, company);
    const banner = page.getByRole('group', { name: 'Your subscription is ending' });
    await expect(banner).toContainText(`It ends in 3 days, on ${formatDate(dueDate)}.`);
    await banner.getByRole('button', { name: 'Renew now' }).click();

    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByText('Trial period', { exact: true })).toBeVisible();
    await expect(page.getByText(`Your trial ends in 3 days, on ${formatDate(dueDate)}.`)).toBeVisible();
    await expect(page.getByText(company.email, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sign now' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /^Pay invoice \d+$/ })).toBeVisible();
    // Step 1 (spec §5): first name, address, city and ZIP code required; the stand-in PSP needs no
    // CPF/CNPJ, but one given must be valid.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toHaveCount(4);
    await dialog.getByLabel('First name').fill('Maria');
    await dialog.getByLabel('Last name').fill('Souza');
    await dialog.getByLabel('CPF or CNPJ').fill('111.111.111-11');
    await dialog.getByRole('textbox', { name: /^Address/ }).fill('Av. Paulista, 1000');
    await dialog.getByLabel('City').fill('São Paulo');
    await dialog.getByLabel('State').fill('SP');
    await dialog.getByLabel('ZIP code').fill('01310-100');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Enter a valid CPF or CNPJ', { exact: true })).toBeVisible();
    await dialog.getByLabel('CPF or CNPJ').fill('529.982.247-25');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 2: the company's plan is chosen; a free plan could be too.
    const choice = dialog.getByRole('radio', { name: new RegExp(`^${plan.name} — R\\$\\s99,90`) });
    await expect(choice).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /^Default — free/ })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 3: review, then the Pix charge.
    await expect(dialog.getByText('Maria Souza', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/R\$\s99,90/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay with Pix' }).click();

    const qr = dialog.getByRole('img', { name: 'Pix QR code' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('width')).toBe('256');
    const code = await dialog.getByLabel('Pix copy and paste code').inputValue();
    expect(code).toMatch(/^000201/);
    expect(code).toContain('0014br.gov.bcb.pix');
    expect(code).toContain('540599.90');
    await expect(dialog.getByText(/Waiting for the payment/)).toBeVisible();

    // The stand-in PSP pays: it posts the PSP's notification to the server's webhook.
    const token = await pageToken(page);
    const [invoice] = await apiCall<Invoice[]>(request, token, 'GET', '/invoices/all');
    expect(invoice).toMatchObject({ value: 99.9, status: 'open' });
    await expect.poll(() => socket.ready).toBe(true);
    await apiCall(request, superToken, 'POST', `/payment-sandbox/invoices/${invoice.id}/pay`, {});

    const licence = await apiCall<{ dueDate: string }>(request, token, 'GET', `/companies/listPlan/${companyId}`);
    expect(new Date(licence.dueDate).getTime()).toBeGreaterThan(new Date(dueDate).getTime());
    await expect(dialog.getByText('Licence renewed', { exact: true })).toBeVisible();
    await expect(
      dialog.getByText(`Your licence is now active until ${formatDate(licence.dueDate)}. Taking you to the home page…`),
    ).toBeVisible();
    await expect(toast(page, 'Payment received. Thank you!')).toBeVisible();

    // Spec §4: home after 4 seconds; the warning is gone with the new due date.
    await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Active until ${formatDate(licence.dueDate)}`, { exact: true })).toBeVisible();
    await expect(banner).toBeHidden();

    await page.goto('/financeiro');
    const row = page.getByRole('row', { name: new RegExp(`^${invoice.id} `) });
    await expect(row).toContainText(/R\$\s99,90/);
    await expect(row).toContainText('Paid');
  });

  test('the subscription warning is for those who can renew and can be hidden until tomorrow; a free plan renews without paying', async ({
    page,
    request,
    browser,
  }) => {
    const superToken = await apiSignIn(request, E2E_ADMIN);
    const plan = await apiCall<{ id: number; name: string }>(request, superToken, 'POST', '/plans', {
      name: unique('Starter'),
      users: 2,
      connections: 1,
      queues: 2,
      value: 0,
    });
    const company = { name: unique('Feira'), email: uniqueEmail('owner'), password: 'Owner-pass-1' };
    const created = await request.post('/companies/cadastro', { data: { ...company, planId: plan.id } });
    expect(created.status(), await created.text()).toBe(201);
    const ownerToken = await apiSignIn(request, company);
    const agent = { name: unique('Agent'), email: uniqueEmail('agent'), password: 'Agent-pass-1' };
    await apiCall(request, ownerToken, 'POST', '/users', { ...agent, profile: 'user' });

    await signIn(page, company);
    const banner = page.getByRole('group', { name: 'Your subscription is ending' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Hide until tomorrow' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(banner).toBeHidden();

    // An agent cannot renew: no warning to act on.
    const agentContext = await browser.newContext();
    try {
      const agentPage = await agentContext.newPage();
      await signIn(agentPage, agent);
      await expect(agentPage.getByRole('group', { name: 'Your subscription is ending' })).toHaveCount(0);
    } finally {
      await agentContext.close();
    }

    // The free plan renews at once: nothing to scan, the licence moves on.
    const socket = trackSocket(page);
    await page.goto('/subscription');
    await expect.poll(() => socket.ready).toBe(true);
    await page.getByRole('button', { name: 'Sign now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Joana');
    await dialog.getByRole('textbox', { name: /^Address/ }).fill('Rua das Flores, 10');
    await dialog.getByLabel('City').fill('Recife');
    await dialog.getByLabel('ZIP code').fill('50000-000');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${plan.name} — free`) })).toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Renew for free' }).click();
    await expect(dialog.getByText('Licence renewed', { exact: true })).toBeVisible();
    const [invoice] = await apiCall<Invoice[]>(request, await pageToken(page), 'GET', '/invoices/all');
    expect(invoice).toMatchObject({ value: 0, status: 'paid' });
    await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
  });
});
