import { expect, test } from '@playwright/test';
import { formatDate, sideMenu, submitLogin, toast, unique, uniqueEmail, userMenuButton } from './support/app';

test.describe('signup', () => {
  test('a new company signs up through the form and its admin signs in to a 3-day trial', async ({ page }) => {
    const company = { name: unique('Acme'), email: uniqueEmail('owner'), password: 'Owner-pass-1' };

    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your company account' })).toBeVisible();

    await page.getByLabel('Company name').fill(company.name);
    await page.getByLabel('Email').fill(company.email);
    const phone = page.getByLabel('Phone');
    await phone.pressSequentially('11987654321');
    await expect(phone).toHaveValue('(11) 98765-4321');
    await page.getByLabel('Password').fill(company.password);

    const plan = page.getByRole('radio', { name: /Default — R\$\s0,00 per month/ });
    await expect(plan).not.toBeChecked();
    await plan.check();
    await expect(plan).toBeChecked();

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/companies/cadastro') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    // The mask is for the eye: the API gets the digits.
    expect(sent).toMatchObject({ name: company.name, email: company.email, phone: '11987654321' });
    const { dueDate } = (await response.json()) as { dueDate: string };

    await expect(toast(page, 'Company created. Sign in to start your trial.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, company);
    await expect(userMenuButton(page)).toBeVisible();
    await expect(page.getByText(`Hello, ${company.name}, welcome to ${company.name}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Active until ${formatDate(dueDate)}`, { exact: true })).toBeVisible();
    const banner = page.getByRole('group', { name: 'Your subscription is ending' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(
      `It ends in 3 days, on ${formatDate(dueDate)}. Renew to keep serving your customers.`,
    );
    // Its first user is the company's admin.
    await expect(sideMenu(page).getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  });

  test('the signup form shows translated field errors and sends nothing until it is valid', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/companies/cadastro')) posts.push(req.url());
    });

    await page.goto('/signup');
    await page.getByLabel('Company name').fill('X');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').pressSequentially('1198');
    await expect(page.getByLabel('Phone')).toHaveValue('(11) 98');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expect(page.getByText('Too short! At least 2 characters.', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid phone number', { exact: true })).toBeVisible();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(2); // password and plan
    await expect(page).toHaveURL(/\/signup$/);
    expect(posts).toEqual([]);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
