import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { sideMenu, signIn, signupCompany, toast, trackSocket, unique } from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk } from './support/sandbox';

/** A 1×1 PNG: a real image the browser decodes, as a photo would be. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

test.describe('quick messages and file lists', () => {
  test('an agent keeps a quick message with a photo, and "/" in a conversation sends the photo with its text', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    const socket = trackSocket(page);
    await signIn(page, desk.agent);

    // The quick message, with its photo, from the page of the menu.
    await sideMenu(page).getByRole('link', { name: 'Quick messages', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Quick messages', exact: true })).toBeVisible();
    await expect(page.getByText('No quick messages yet.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add quick message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New quick message' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
    const shortcode = unique('vitrine');
    await dialog.getByLabel('Shortcode').fill(shortcode);
    await dialog.getByLabel('Message').fill('Veja a nossa vitrine de hoje!');
    await dialog.getByTestId('quick-message-file').setInputFiles({
      name: 'vitrine.png',
      mimeType: 'image/png',
      buffer: PIXEL,
    });
    await expect(dialog.getByText('vitrine.png', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Quick message saved.')).toBeVisible();
    const row = rowOf(page, 'Quick messages', shortcode);
    await expect(row).toContainText('Personal');
    await expect(row.getByRole('link', { name: 'vitrine.png' })).toBeVisible();

    // A customer writes; the agent accepts and answers with "/".
    await sideMenu(page).getByRole('link', { name: 'Tickets', exact: true }).click();
    await expect.poll(() => socket.ready).toBe(true);
    await customerWrites(request, desk, 'Oi, o que tem de novo hoje?');
    await page.getByRole('tab', { name: /^Waiting/ }).click();
    await page
      .getByRole('list', { name: 'Waiting tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(`/${shortcode.slice(0, 6)}`);
    const suggestion = page.getByRole('listbox', { name: 'Quick answers' }).getByRole('option');
    await expect(suggestion).toHaveCount(1);
    await expect(suggestion.getByRole('img', { name: 'With attachment: vitrine.png' })).toBeVisible();
    await suggestion.getByRole('button').click();
    await expect(composer).toHaveValue('Veja a nossa vitrine de hoje!');
    await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('vitrine.png');
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    // The photo arrives in the conversation with the text as its caption, and its ticks advance.
    const sent = page
      .getByRole('log', { name: 'Messages' })
      .getByRole('group', { name: 'Sent message' })
      .filter({ hasText: 'Veja a nossa vitrine de hoje!' });
    await expect(sent).toHaveCount(1);
    const photo = sent.locator('img').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(sent.getByRole('img', { name: 'Read', exact: true })).toBeVisible();
    await expect(composer).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  });

  test('an admin makes a file list of two files, sees it listed, downloads one, edits it and deletes it', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Arquivos');
    await signIn(page, company);
    await page.getByRole('link', { name: 'File lists', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'File lists', exact: true })).toBeVisible();
    await expect(page.getByText('No file lists yet.', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add file list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New file list' });
    await dialog.getByLabel(/^Name\s*\*?$/).fill('Ca');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Too short', { exact: false })).toBeVisible();
    const name = unique('Catálogo de verão');
    await dialog.getByLabel(/^Name\s*\*?$/).fill(name);
    await dialog.getByLabel('Message').fill('Confira as novidades da estação!');
    await dialog.getByTestId('file-list-add').setInputFiles([
      { name: 'tabela-de-precos.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'vitrine.png', mimeType: 'image/png', buffer: PIXEL },
    ]);
    await expect(dialog.getByLabel('Name of file 1')).toHaveValue('tabela-de-precos');
    await dialog.getByLabel('Name of file 2').fill('Foto da vitrine');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'File list saved.')).toBeVisible();
    const row = rowOf(page, 'File lists', name);
    await expect(row).toContainText('2 files');

    // Its files are stored: one comes back, with the session, under the name it was given.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit file list' });
    await expect(edit.getByLabel('Name of file 2')).toHaveValue('Foto da vitrine');
    await expect(edit.getByText('File stored', { exact: true })).toHaveCount(2);
    const downloading = page.waitForEvent('download');
    await edit.getByRole('button', { name: 'Download Foto da vitrine' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Foto da vitrine.png');
    expect(Buffer.compare(await readFile((await download.path()) as string), PIXEL)).toBe(0);

    // Edited: renamed, one file removed.
    const renamed = `${name} 2`;
    await edit.getByLabel(/^Name\s*\*?$/).fill(renamed);
    await edit.getByRole('button', { name: 'Remove tabela-de-precos' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'File list saved.')).toBeVisible();
    await expect(rowOf(page, 'File lists', renamed)).toContainText('1 file');

    // Searched, then deleted after the question.
    await page.getByRole('searchbox').fill('inverno');
    await expect(page.getByText('No file lists match this search.', { exact: true })).toBeVisible();
    await page.getByRole('searchbox').fill('');
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const question = page.getByRole('alertdialog', { name: `Delete ${renamed}?` });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'File list deleted.')).toBeVisible();
    await expect(page.getByText('No file lists yet.', { exact: true })).toBeVisible();
  });
});
