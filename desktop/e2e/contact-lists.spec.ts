import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  apiCall,
  apiSignIn,
  sideMenu,
  signIn,
  signupCompany,
  toast,
  trackSocket,
  unique,
  uniqueEmail,
} from './support/app';

/** The row of a table (by its accessible name) that shows `text`. */
const row = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

async function spreadsheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const values of rows) sheet.addRow(values);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test.describe('contact lists', () => {
  test('an admin makes a list, imports a spreadsheet, watches the WhatsApp checks arrive, edits and deletes', async ({
    page,
    request,
  }) => {
    // The company's first admin drives the sandbox over the API; a second admin uses the browser
    // (a sign-in ends the same user's other session).
    const company = await signupCompany(request, 'Listas');
    const token = await apiSignIn(request, company);
    const line = await apiCall<{ id: number }>(request, token, 'POST', '/whatsapp', {
      name: 'Sandbox line',
      provider: 'sandbox',
      isDefault: true,
    });
    await apiCall(request, token, 'POST', `/whatsappsession/${line.id}`);
    await expect
      .poll(async () => {
        const scan = await request.post(`/sandbox/connections/${line.id}/scan`, {
          headers: { Authorization: `Bearer ${token}` },
          data: {},
        });
        return scan.status();
      })
      .toBe(200);
    await apiCall(request, token, 'PUT', '/sandbox/numbers/5511955550002', { onWhatsApp: false });
    const manager = { name: unique('Gestora'), email: uniqueEmail('gestora'), password: 'Manager-pass-1' };
    await apiCall(request, token, 'POST', '/users', { ...manager, profile: 'admin', queueIds: [] });

    const socket = trackSocket(page);
    await signIn(page, manager);
    await expect.poll(() => socket.ready).toBe(true);
    await sideMenu(page).getByRole('link', { name: 'Contact lists', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Contact lists', exact: true })).toBeVisible();
    await expect(page.getByText('No contact lists yet.', { exact: true })).toBeVisible();

    // The example spreadsheet is a real .xlsx (a zip archive), saved under its own name.
    const example = page.getByRole('link', { name: 'Example spreadsheet' });
    await expect(example).toHaveAttribute('download', 'contact-list-example.xlsx');
    const file = await page.request.get((await example.getAttribute('href')) ?? '');
    expect(file.ok()).toBe(true);
    expect((await file.body()).subarray(0, 2).toString()).toBe('PK');

    await page.getByRole('button', { name: 'Add list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact list' });
    await dialog.getByLabel('Name').fill('C');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Too short', { exact: false })).toBeVisible();
    const listName = unique('Clientes de julho');
    await dialog.getByLabel('Name').fill(listName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'List saved.')).toBeVisible();
    await expect(row(page, 'Contact lists', listName)).toContainText('0');

    await page.getByRole('button', { name: `Open the contacts of ${listName}` }).click();
    await expect(page).toHaveURL(/\/contact-lists\/\d+\/contacts$/);
    await expect(page.getByRole('heading', { name: listName, exact: true })).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import spreadsheet' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await spreadsheet([
        ['Nome', 'Número', 'E-mail'],
        ['Ana Lima', '11 95555-0001', 'ana@example.com'],
        ['Bruno Reis', '5511955550002', ''],
        ['Carla Dias', '(11) 95555-0003', 'carla@example.com'],
        ['Davi', '11 95555-0004', 'davi@'],
      ]),
    });
    const report = page.getByRole('dialog', { name: 'Spreadsheet imported' });
    await expect(report).toContainText('Contacts added: 3. Rows not imported: 1.');
    await expect(report.getByRole('listitem')).toHaveText(['Row 5, Email: Invalid email']);
    await report.getByRole('button', { name: 'Close' }).click();

    // The rows arrive, then each number's check, live: two on WhatsApp, one not.
    await expect(page.getByRole('table', { name: listName }).getByRole('row')).toHaveCount(4);
    const items = (name: string) => row(page, listName, name);
    await expect(items('Ana Lima')).toContainText('+55 11 95555 0001');
    await expect(items('Ana Lima').getByRole('img', { name: 'On WhatsApp' })).toBeVisible({ timeout: 20_000 });
    await expect(items('Bruno Reis').getByRole('img', { name: 'Not on WhatsApp' })).toBeVisible({ timeout: 20_000 });
    await expect(items('Carla Dias').getByRole('img', { name: 'On WhatsApp' })).toBeVisible({ timeout: 20_000 });

    // A new number is checked again.
    await page.getByRole('button', { name: 'Edit Bruno Reis' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await expect(edit.getByLabel('Number')).toHaveValue('5511955550002');
    await edit.getByLabel('Number').fill('123');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Too short', { exact: false })).toBeVisible();
    await edit.getByLabel('Number').fill('+55 11 95555-0005');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Contact saved.')).toBeVisible();
    await expect(items('Bruno Reis')).toContainText('+55 11 95555 0005');
    await expect(items('Bruno Reis').getByRole('img', { name: 'On WhatsApp' })).toBeVisible({ timeout: 20_000 });

    await page.getByRole('searchbox').fill('carla@');
    await expect(page.getByRole('table', { name: listName }).getByRole('row')).toHaveCount(2);
    await page.getByRole('searchbox').fill('');

    await page.getByRole('button', { name: 'Delete Carla Dias' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete Carla Dias?' });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Contact deleted.')).toBeVisible();
    await expect(items('Carla Dias')).toHaveCount(0);

    // The list's count followed every change.
    await page.getByRole('button', { name: 'Back to lists' }).click();
    await expect(row(page, 'Contact lists', listName).getByRole('cell').nth(1)).toHaveText(/2$/);
  });

  test('agents have no contact lists: no menu entry, and the address leads home', async ({ page, request }) => {
    const company = await signupCompany(request, 'SemListas');
    const token = await apiSignIn(request, company);
    const agent = { name: unique('Agente'), email: uniqueEmail('agente'), password: 'Agent-pass-1' };
    await apiCall(request, token, 'POST', '/users', { ...agent, profile: 'user', queueIds: [] });
    await signIn(page, agent);
    await expect(sideMenu(page).getByRole('link', { name: 'Tickets', exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Contact lists', exact: true })).toHaveCount(0);
    await page.goto('/contact-lists');
    await expect(page).toHaveURL(/\/$/);
  });
});
