import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCall, signIn, sideMenu, signupCompany, toast, unique } from './support/app';
import { openSandboxDesk } from './support/sandbox';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsx(table: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  for (const line of table) sheet.addRow(line);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The contacts table's row of a contact. */
const contactRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: name });

async function openContacts(page: Page): Promise<void> {
  await sideMenu(page).getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
}

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('menuitem', { name: 'From a spreadsheet (.xlsx)' }).click();
  return page.getByRole('dialog', { name: 'Import contacts from a spreadsheet' });
}

async function send(dialog: Locator, name: string, buffer: Buffer): Promise<void> {
  await dialog.getByTestId('contacts-import-file').setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
}

test.describe('contacts', () => {
  test('import a spreadsheet with one bad row and see the error report; export and re-import', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Contacts');
    await signIn(page, company);
    await openContacts(page);
    await expect(page.getByText('No contacts yet.', { exact: true })).toBeVisible();

    // The template comes from the site root and is a sheet the import reads.
    let dialog = await openImport(page);
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download the template' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('modelo-contatos.xlsx');
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.readFile(await template.path());
    expect(templateBook.worksheets[0].getRow(1).values).toEqual([undefined, 'name', 'number', 'email']);

    // Three good rows and a bad one: the report names the bad row, its name and why.
    const ana = unique('Ana');
    const bruno = unique('Bruno');
    const carla = unique('Carla');
    await send(
      dialog,
      'contatos.xlsx',
      await xlsx([
        ['Nome', 'Telefone', 'E-mail'],
        [ana, '(11) 98765-1001', 'ana@example.com'],
        [bruno, '(11) 8765-1002', ''],
        ['Número Ruim', '12345', ''],
        [carla, '+351 912 345 678', 'carla@example.com'],
      ]),
    );
    await expect(dialog.getByText('3 imported, 1 rows not imported:', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Rows not imported' }).getByRole('listitem')).toHaveText([
      'Row 4 — Número Ruim: Invalid phone number',
    ]);
    // A file that is not a spreadsheet, whatever its name, is refused with the reason.
    await send(dialog, 'fake.xlsx', Buffer.from('name;number\nZé;5511987650000\n'));
    await expect(dialog.getByText('The file is not a spreadsheet that can be read', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The list shows them, numbers as people read them (an old 8-digit mobile got its ninth digit).
    await expect(contactRow(page, ana)).toContainText('+55 11 98765 1001');
    await expect(contactRow(page, bruno)).toContainText('+55 11 98765 1002');
    await expect(contactRow(page, carla)).toContainText('+351 912 345 678');

    // The export: semicolons, a byte-order mark, the stored numbers.
    const exportDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exported = await exportDownload;
    expect(exported.suggestedFilename()).toBe('contatos.csv');
    const csv = readFileSync(await exported.path(), 'utf8');
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('\ufeffname;number;email');
    expect(lines.slice(1).sort()).toEqual(
      [
        `${ana};5511987651001;ana@example.com`,
        `${bruno};5511987651002;`,
        `${carla};351912345678;carla@example.com`,
      ].sort(),
    );

    // One contact goes; the exported file, as a sheet, brings it back and reports the others as known.
    await page.getByRole('button', { name: `Delete ${bruno}` }).click();
    await page
      .getByRole('alertdialog', { name: `Delete ${bruno}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Contact deleted.')).toBeVisible();
    await expect(contactRow(page, bruno)).toHaveCount(0);

    dialog = await openImport(page);
    await send(
      dialog,
      'contatos-de-volta.xlsx',
      await xlsx(lines.map((line) => line.replace(/^\ufeff/, '').split(';'))),
    );
    await expect(dialog.getByText('1 imported, 2 rows not imported:', { exact: true })).toBeVisible();
    const reported = dialog.getByRole('list', { name: 'Rows not imported' }).getByRole('listitem');
    await expect(reported).toHaveCount(2);
    await expect(reported.filter({ hasText: ana })).toContainText('A contact with this number already exists.');
    await expect(reported.filter({ hasText: carla })).toContainText('A contact with this number already exists.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(contactRow(page, bruno)).toContainText('+55 11 98765 1002');

    // Search by the number as people type it.
    await page.getByRole('searchbox').fill('(11) 98765-1001');
    await expect(contactRow(page, ana)).toBeVisible();
    await expect(contactRow(page, carla)).toHaveCount(0);
  });

  test('an agent adds a contact and starts a conversation with it; deleting is not theirs', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    const name = unique('Cliente');
    await apiCall(request, desk.adminToken, 'POST', '/contacts', { name: unique('Outro'), number: '5521987650099' });

    await signIn(page, desk.agent);
    await openContacts(page);
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Number').fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Too short', { exact: false })).toBeVisible();
    await dialog.getByLabel('Number').fill('(21) 8765-4444');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Contact saved.')).toBeVisible();
    await expect(contactRow(page, name)).toContainText('+55 21 98765 4444');
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

    await page.getByRole('button', { name: `Start a conversation with ${name}` }).click();
    const start = page.getByRole('dialog', { name: 'New ticket' });
    await expect(start.getByRole('combobox').first()).toHaveValue(name);
    await start.getByLabel('Queue').selectOption({ label: desk.queue1.name });
    await start.getByRole('button', { name: 'Open ticket' }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  });
});
