import { expect, test } from '@playwright/test';
import { apiCall, apiSignIn, sideMenu, signIn, signOut, signupCompany, unique, uniqueEmail } from './support/app';

test.describe('to-do list', () => {
  test('tasks are added, edited and deleted, survive a reload and a sign-out, and stay each user’s own', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Todo');
    const token = await apiSignIn(request, company);
    const colleague = { email: uniqueEmail('colleague'), password: 'Agent-pass-1' };
    await apiCall(request, token, 'POST', '/users', {
      name: unique('Colleague'),
      ...colleague,
      profile: 'user',
      queueIds: [],
    });

    await signIn(page, company);
    await sideMenu(page).getByRole('link', { name: 'To-do', exact: true }).click();
    await expect(page).toHaveURL(/\/todolist$/);
    const list = page.getByRole('list', { name: 'To-do' });
    const newTask = page.getByLabel('New task');

    // Blank text adds nothing.
    await newTask.fill('   ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(/Nothing to do yet/)).toBeVisible();

    await newTask.fill('Ligar para a Maria');
    await newTask.press('Enter');
    await newTask.fill('Enviar o boleto');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(list.getByRole('listitem')).toHaveText([/Enviar o boleto/, /Ligar para a Maria/]);
    await expect(newTask).toHaveValue('');

    await page.getByRole('button', { name: 'Edit “Ligar para a Maria”' }).click();
    await page.getByLabel('Task text').fill('Ligar para a Maria às 10h');
    await page.getByLabel('Task text').press('Enter');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Ligar para a Maria às 10h');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Changed');

    // Escape leaves an edit unsaved.
    await page.getByRole('button', { name: 'Edit “Enviar o boleto”' }).click();
    await page.getByLabel('Task text').fill('outra coisa');
    await page.getByLabel('Task text').press('Escape');
    await expect(list.getByRole('listitem').first()).toContainText('Enviar o boleto');

    await page.getByRole('button', { name: 'Delete “Enviar o boleto”' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('list', { name: 'To-do' }).getByRole('listitem')).toHaveText([
      /Ligar para a Maria às 10h/,
    ]);

    // Another user of this browser has a list of their own; the first one's comes back after.
    await signOut(page);
    await signIn(page, colleague);
    await page.goto('/todolist');
    await expect(page.getByText(/Nothing to do yet/)).toBeVisible();
    await signOut(page);
    await signIn(page, company);
    await page.goto('/todolist');
    await expect(page.getByRole('list', { name: 'To-do' })).toContainText('Ligar para a Maria às 10h');
  });
});
