import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { Campaign, CampaignReport, Ticket } from '@atendo/shared';
import { apiCall, sideMenu, signIn, toast, trackSocket, unique, uniqueEmail } from './support/app';
import { type Desk, openSandboxDesk } from './support/sandbox';

/**
 * Campaigns on the real dispatcher: an admin sets the pace and starts a campaign in the browser,
 * follows it live to the end, and the sandbox network (which counts what each phone received)
 * shows every contact got the message once.
 */

/** Valid Brazilian mobiles: the sandbox has every number on WhatsApp unless told otherwise. */
const AUDIENCE = [
  { name: 'Ana Souza', number: '5511987650101' },
  { name: 'Bruno Lima', number: '5511987650102' },
  { name: 'Carla Dias', number: '5511987650103' },
];

interface Deliveries {
  messages: number;
  recipients: number;
  resent: number;
  repeated: { number: string; count: number }[];
}

interface CampaignDesk extends Desk {
  /** A second admin, who uses the browser (a sign-in ends the first admin's API session). */
  manager: { name: string; email: string; password: string };
  contactList: { id: number; name: string };
}

/** A company with a connected sandbox line, a contact list of AUDIENCE and an admin for the browser. */
async function campaignDesk(request: APIRequestContext): Promise<CampaignDesk> {
  const desk = await openSandboxDesk(request);
  const manager = { name: unique('Gestora'), email: uniqueEmail('gestora'), password: 'Manager-pass-1' };
  await apiCall(request, desk.adminToken, 'POST', '/users', { ...manager, profile: 'admin', queueIds: [] });
  const name = unique('Clientes de julho');
  const { id } = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/contact-lists', { name });
  for (const person of AUDIENCE) {
    await apiCall(request, desk.adminToken, 'POST', '/contact-list-items', { contactListId: id, ...person });
  }
  return { ...desk, manager, contactList: { id, name } };
}

async function signInLive(page: Page, account: { email: string; password: string }): Promise<void> {
  const socket = trackSocket(page);
  await signIn(page, account);
  await expect.poll(() => socket.ready).toBe(true);
}

const deliveries = (request: APIRequestContext, desk: Desk) =>
  apiCall<Deliveries>(request, desk.adminToken, 'GET', '/sandbox/deliveries');

/** One of the report's figures (its label, then its number). */
const figure = (page: Page, key: string): Locator => page.locator(`[data-figure="${key}"]`);

/** The campaigns table's row of a campaign. */
const campaignRow = (page: Page, name: string): Locator =>
  page.getByRole('table', { name: 'Campaigns' }).getByRole('row').filter({ hasText: name });

/** Types now into the form's start: the date dd/MM/yyyy and the time HH:mm (spec §2), in every language. */
async function startNow(dialog: Locator): Promise<void> {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  await dialog.getByLabel('Start date').fill(`${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`);
  await dialog.getByLabel('Start time').fill(`${pad(now.getHours())}:${pad(now.getMinutes())}`);
}

test.describe('campaigns', () => {
  test('an admin sets no interval, starts a campaign to a list through the form, its report reads Finished with all sent, and each number got one message', async ({
    page,
    request,
  }) => {
    const desk = await campaignDesk(request);
    await signInLive(page, desk.manager);

    // The pace, set on the settings page: no wait between sends, no longer pause, no own daily limit.
    await sideMenu(page).getByRole('link', { name: 'Campaign settings', exact: true }).click();
    await expect(page).toHaveURL(/\/campaigns-config$/);
    await expect(page.getByRole('heading', { name: 'Campaign settings', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Interval between messages' }).selectOption({ label: 'No interval' });
    await page.getByRole('combobox', { name: 'Longer pause every' }).selectOption({ label: 'Never' });
    await page.getByRole('combobox', { name: 'Length of the longer pause' }).selectOption({ label: 'No interval' });
    await page.getByRole('spinbutton', { name: 'Daily limit per connection' }).fill('0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Settings saved.')).toBeVisible();
    const rows = await apiCall<{ key: string; value: string }[]>(request, desk.adminToken, 'GET', '/campaign-settings');
    const saved = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
    expect(saved).toMatchObject({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, dailyLimit: 0 });

    // The campaign, through the form: the list, the line, a message with the contact's name, now.
    await sideMenu(page).getByRole('link', { name: 'Campaigns', exact: true }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(page.getByText('No campaigns yet.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    const name = unique('Entrega de julho');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Connection' }).selectOption({ label: 'Sandbox line' });
    await dialog
      .getByRole('combobox', { name: 'Contact list' })
      .selectOption({ label: `${desk.contactList.name} (3 contacts)` });
    await startNow(dialog);
    await expect(dialog.getByText(/^The campaign starts on /)).toBeVisible();
    const message = dialog.getByRole('textbox', { name: /^Messages · Variant 1/ });
    await message.fill('Olá ');
    await dialog.getByRole('button', { name: 'Insert {nome}' }).click();
    await expect(message).toBeFocused();
    await page.keyboard.type(', seu pedido saiu para entrega.');
    await expect(message).toHaveValue('Olá {nome}, seu pedido saiu para entrega.');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Campaign saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = campaignRow(page, name);
    await expect(row).toContainText(desk.contactList.name);
    await expect(row).toContainText('Sandbox line');

    // The report follows it to the end: every contact sent, none failed or left.
    await row.getByRole('link', { name: `Report of ${name}` }).click();
    await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
    await expect(page.getByRole('heading', { name: `Report: ${name}`, level: 1 })).toBeVisible();
    await expect(page.locator('[data-status="FINALIZADA"]')).toHaveText('Finished', { timeout: 30_000 });
    await expect(figure(page, 'sent')).toHaveText(/^Sent\s*3$/);
    await expect(figure(page, 'failed')).toHaveText(/^Failed\s*0$/);
    await expect(figure(page, 'pending')).toHaveText(/^Pending\s*0$/);
    await expect(page.getByText('100% (3 of 3 contacts)', { exact: true })).toBeVisible();
    await expect(page.getByText('No failures so far.', { exact: true })).toBeVisible();
    const campaignId = Number(/\/campaign\/(\d+)\/report$/.exec(page.url())?.[1]);
    const report = await apiCall<CampaignReport>(request, desk.adminToken, 'GET', `/campaigns/${campaignId}/report`);
    expect(report.campaign.status).toBe('FINALIZADA');
    expect(report.totals).toMatchObject({ contacts: 3, sent: 3, failed: 0, pending: 0, invalid: 0 });

    // On the network's side: three phones, one message each, nothing sent twice.
    expect(await deliveries(request, desk)).toEqual({ messages: 3, recipients: 3, resent: 0, repeated: [] });

    // Each message went out with its contact's name, into a closed ticket of the contact.
    const closed = await apiCall<{ tickets: Ticket[] }>(
      request,
      desk.adminToken,
      'GET',
      '/tickets?status=closed&showAll=true',
    );
    for (const person of AUDIENCE) {
      const ticket = closed.tickets.find((candidate) => candidate.contact.number === person.number);
      expect(ticket, `a ticket for ${person.number}`).toBeDefined();
      const { messages } = await apiCall<{ messages: { body: string; fromMe: boolean }[] }>(
        request,
        desk.adminToken,
        'GET',
        `/messages/${ticket?.id}`,
      );
      expect(messages).toEqual([
        expect.objectContaining({ body: `Olá ${person.name}, seu pedido saiu para entrega.`, fromMe: true }),
      ]);
    }

    // Back on the list, the campaign reads finished.
    await page.getByRole('link', { name: 'Back to campaigns' }).click();
    await expect(campaignRow(page, name)).toHaveAttribute('data-status', 'FINALIZADA');
    await expect(campaignRow(page, name)).toContainText('Finished');
  });

  test('a running campaign is stopped from its row, sends nothing while stopped, and restarted finishes without resending', async ({
    page,
    request,
  }) => {
    const desk = await campaignDesk(request);
    // Five seconds (±20%) between sends: time enough to stop it after the first.
    await apiCall(request, desk.adminToken, 'POST', '/campaign-settings', {
      settings: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0, dailyLimit: 0, variables: [] },
    });
    const name = unique('Aviso de feriado');
    await signInLive(page, desk.manager);
    await page.goto('/campaigns');
    await expect(page.getByText('No campaigns yet.', { exact: true })).toBeVisible();
    const campaign = await apiCall<Campaign>(request, desk.adminToken, 'POST', '/campaigns', {
      name,
      whatsappId: desk.whatsappId,
      contactListId: desk.contactList.id,
      message1: 'Olá {primeiroNome}! Não abriremos no feriado.',
      scheduledAt: new Date().toISOString(),
    });

    // It appears and runs, live; its row shows how far it got.
    const row = campaignRow(page, name);
    await expect(row).toHaveAttribute('data-status', 'EM_ANDAMENTO', { timeout: 15_000 });
    await expect(row).toContainText(/1 of 3 sent/, { timeout: 15_000 });
    await row.getByRole('button', { name: `Stop ${name}` }).click();
    await expect(toast(page, 'Campaign stopped.')).toBeVisible();
    await expect(row).toHaveAttribute('data-status', 'CANCELADA');
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: `Stop ${name}` })).toHaveCount(0);

    // Stopped after the first send, it sends nothing more, for longer than an interval.
    const before = await deliveries(request, desk);
    expect(before).toEqual({ messages: 1, recipients: 1, resent: 0, repeated: [] });
    await page.waitForTimeout(7_000);
    expect(await deliveries(request, desk)).toEqual(before);
    const stopped = await apiCall<CampaignReport>(request, desk.adminToken, 'GET', `/campaigns/${campaign.id}/report`);
    expect(stopped.campaign.status).toBe('CANCELADA');
    expect(stopped.totals).toMatchObject({ sent: 1, pending: 2 });

    // Restarted, it resumes where it stopped; its report follows the two sends left, live, to the end.
    await row.getByRole('button', { name: `Restart ${name}` }).click();
    await expect(toast(page, 'Campaign restarted.')).toBeVisible();
    await row.getByRole('link', { name: `Report of ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Report: ${name}`, level: 1 })).toBeVisible();
    await expect(page.locator('[data-status="EM_ANDAMENTO"]')).toHaveText('In progress');
    await expect(figure(page, 'sent')).toHaveText(/^Sent\s*[12]$/);
    await expect(page.locator('[data-status="FINALIZADA"]')).toHaveText('Finished', { timeout: 30_000 });
    await expect(figure(page, 'sent')).toHaveText(/^Sent\s*3$/);
    await expect(page.getByText('100% (3 of 3 contacts)', { exact: true })).toBeVisible();

    // Each number got exactly one message: the one sent before the stop was not sent again.
    expect(await deliveries(request, desk)).toEqual({ messages: 3, recipients: 3, resent: 0, repeated: [] });
    const finished = await apiCall<CampaignReport>(request, desk.adminToken, 'GET', `/campaigns/${campaign.id}/report`);
    expect(finished.totals).toMatchObject({ contacts: 3, sent: 3, failed: 0, pending: 0 });
  });
});
