import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiSignIn, sideMenu, signIn, signupCompany, toast, unique, uniqueEmail } from './support/app';

/** The tags table's row of a tag. */
const tagRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Tags' }).getByRole('row').filter({ hasText: name });

test.describe('tags', () => {
  test('an admin keeps the tags and their kanban lanes; an agent renames one; both screens follow live', async ({
    page,
    browser,
    request,
  }) => {
    const company = await signupCompany(request, 'Tags');
    const adminToken = await apiSignIn(request, company);
    const agent = { email: uniqueEmail('tagger'), password: 'Agent-pass-1' };
    await apiCall(request, adminToken, 'POST', '/users', {
      name: unique('Tagger'),
      ...agent,
      profile: 'user',
      queueIds: [],
    });

    // The agent's window, open on the tags page from the menu.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, agent);
    await sideMenu(agentPage).getByRole('link', { name: 'Tags', exact: true }).click();
    await expect(agentPage.getByRole('heading', { name: 'Tags', exact: true })).toBeVisible();
    await expect(agentPage.getByText('No tags yet.', { exact: true })).toBeVisible();

    // The admin adds a kanban lane.
    await signIn(page, company);
    await sideMenu(page).getByRole('link', { name: 'Tags', exact: true }).click();
    await page.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tag' });
    await dialog.getByLabel('Name').fill('Cl');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Too short', { exact: false })).toBeVisible();
    await dialog.getByLabel('Name').fill('Cliente VIP');
    await dialog.getByRole('switch', { name: 'Kanban lane' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Tag saved.')).toBeVisible();
    await expect(tagRow(page, 'Cliente VIP')).toContainText('Lane');
    await expect(tagRow(page, 'Cliente VIP')).toContainText('0');

    // The agent sees it arrive, and may rename it but not touch its lane.
    await expect(tagRow(agentPage, 'Cliente VIP')).toBeVisible();
    await agentPage.getByRole('button', { name: 'Edit Cliente VIP' }).click();
    const agentDialog = agentPage.getByRole('dialog', { name: 'Edit tag' });
    await expect(agentDialog.getByLabel('Name')).toHaveValue('Cliente VIP');
    await expect(agentDialog.getByRole('switch')).toHaveCount(0);
    await agentDialog.getByLabel('Name').fill('Cliente Ouro');
    await agentDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(agentPage, 'Tag saved.')).toBeVisible();
    await expect(tagRow(page, 'Cliente Ouro')).toContainText('Lane');

    // Search, then delete after the question.
    await page.getByRole('searchbox').fill('ouro');
    await expect(tagRow(page, 'Cliente Ouro')).toBeVisible();
    await page.getByRole('searchbox').fill('xilofone');
    await expect(page.getByText('No tags match this search.', { exact: true })).toBeVisible();
    await page.getByRole('searchbox').fill('');
    await page.getByRole('button', { name: 'Delete Cliente Ouro' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete Cliente Ouro?' })).toBeVisible();
    await page
      .getByRole('alertdialog', { name: 'Delete Cliente Ouro?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Tag deleted.')).toBeVisible();
    await expect(agentPage.getByText('No tags yet.', { exact: true })).toBeVisible();
    await agentContext.close();
  });
});
