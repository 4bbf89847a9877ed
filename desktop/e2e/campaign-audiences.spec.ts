import { expect, test } from '@playwright/test';
import type { Ticket } from '@atendo/shared';
import { apiCall, signIn, toast, unique, uniqueEmail } from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk } from './support/sandbox';

/**
 * Building a campaign's audience from the people the company already talks to: a list filled with
 * everyone whose ticket carries a tag, then a campaign on the default connection sent at once.
 */
test('an admin fills a list with the contacts of a tag, and sends a campaign to it now on the default connection', async ({
  page,
  request,
}) => {
  const desk = await openSandboxDesk(request);
  const manager = { name: unique('Gestora'), email: uniqueEmail('gestora'), password: 'Manager-pass-1' };
  await apiCall(request, desk.adminToken, 'POST', '/users', { ...manager, profile: 'admin', queueIds: [] });
  await apiCall(request, desk.adminToken, 'POST', '/campaign-settings', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, dailyLimit: 0, variables: [] },
  });
  // A customer who wrote in, whose ticket is tagged VIP.
  await customerWrites(request, desk, 'Oi, quero saber das promoções');
  let ticket: Ticket | undefined;
  await expect
    .poll(async () => {
      const { tickets } = await apiCall<{ tickets: Ticket[] }>(
        request,
        desk.adminToken,
        'GET',
        '/tickets?status=pending&showAll=true',
      );
      ticket = tickets.find((candidate) => candidate.contact.number === CUSTOMER.from);
      return !!ticket;
    })
    .toBe(true);
  const tagName = unique('VIP');
  const tag = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/tags', {
    name: tagName,
    color: '#B80000',
  });
  await apiCall(request, desk.adminToken, 'POST', '/tags/sync', { ticketId: ticket!.id, tags: [{ id: tag.id }] });
  const listName = unique('Clientes VIP');
  const list = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/contact-lists', { name: listName });

  await signIn(page, manager);
  await page.goto(`/contact-lists/${list.id}/contacts`);
  await page.getByRole('button', { name: 'Add existing contacts' }).click();
  const adding = page.getByRole('dialog', { name: 'Add existing contacts' });
  // Nothing chosen: the dialog says what it needs.
  await adding.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(adding.getByText('Required')).toBeVisible();
  await adding.getByRole('combobox', { name: 'Every contact with the tag' }).selectOption({ label: tagName });
  await adding.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Contacts added: 1. Left out (no number or already in the list): 0.')).toBeVisible();
  await expect(adding).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: CUSTOMER.name })).toBeVisible();

  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  // The default connection is chosen already.
  await expect(dialog.getByRole('combobox', { name: 'Connection' })).toHaveValue(String(desk.whatsappId));
  // The start's fields show their format and offer a calendar, which fills the date in.
  await expect(dialog.getByLabel('Start date')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await expect(dialog.getByLabel('Start time')).toHaveAttribute('placeholder', 'hh:mm');
  await dialog.getByRole('button', { name: 'Open the calendar' }).click();
  const today = new Date();
  // Each day is named by its date; days before today are not offered.
  const day = (date: number) =>
    dialog.getByRole('button', {
      name: `${date}, ${today.toLocaleString('en', { month: 'long' })}, ${today.getFullYear()}`,
      exact: true,
    });
  if (today.getDate() > 1) await expect(day(1)).toBeDisabled();
  await day(today.getDate()).click();
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(dialog.getByLabel('Start date')).toHaveValue(
    `${pad(today.getDate())}/${pad(today.getMonth() + 1)}/${today.getFullYear()}`,
  );
  // Sent now instead: the date and time give way to the moment of saving.
  await dialog.getByRole('switch', { name: 'Send now' }).check();
  await expect(dialog.getByLabel('Start date')).toBeHidden();
  await expect(dialog.getByText('The campaign starts as soon as it is saved.')).toBeVisible();
  const name = unique('Promoção VIP');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Contact list' }).selectOption({ label: `${listName} (1 contact)` });
  await dialog.getByRole('textbox', { name: /^Messages · Variant 1/ }).fill('Promoção só para clientes VIP!');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Campaign saved.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Campaigns' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-status', 'FINALIZADA', { timeout: 30_000 });
  const deliveries = await apiCall<{ messages: number; recipients: number }>(
    request,
    desk.adminToken,
    'GET',
    '/sandbox/deliveries',
  );
  expect(deliveries).toMatchObject({ messages: 1, recipients: 1 });
});
