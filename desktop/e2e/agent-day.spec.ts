import { expect, test } from '@playwright/test';
import { apiCall, openTicketsScreen, sideMenu, toast } from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk, type Ticket } from './support/sandbox';

/**
 * An agent's day as outside testers found it wanting: a new customer in the agent's own queue must
 * be heard, what a waiting customer asked must be readable before accepting, the list must follow
 * the ticket, files must keep their names, and unread counts must clear.
 */

/** A 1×1 PNG: a real image the browser decodes, as a photo would be. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe("an agent's day", () => {
  test("a new customer of the agent's own queue rings the bell; the waiting row shows what they asked and can be read before accepting", async ({
    page,
    request,
  }) => {
    // allTicket is off: it is about queueless tickets, not the agent's own queue.
    const desk = await openSandboxDesk(request, { agentAllTicket: 'desabled' });
    await openTicketsScreen(page, desk.agent);
    const bell = page.getByRole('button', { name: /^Notifications \(/ });
    await expect(bell).toHaveAccessibleName('Notifications (0 unread tickets)');

    await customerWrites(request, desk, 'Quero a segunda via do boleto');
    await expect(bell).toHaveAccessibleName('Notifications (1 unread ticket)');

    await page.getByRole('tab', { name: /^Waiting/ }).click();
    const row = page
      .getByRole('list', { name: 'Waiting tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name });
    await expect(row).toContainText('Quero a segunda via do boleto');

    // A click on the waiting row opens the conversation read-only: no composer, no accepting needed.
    await row.getByText('Quero a segunda via do boleto').click();
    const peek = page.getByRole('dialog', { name: `Conversation with ${CUSTOMER.name} (read-only)` });
    await expect(peek.getByRole('group', { name: 'Received message' })).toContainText('Quero a segunda via do boleto');
    await expect(peek.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await peek.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(peek).toBeHidden();
    await expect(page).toHaveURL(/\/tickets$/);

    // Accepting moves the list to the tab the ticket is now in, and the agent can type at once.
    await row.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('tab', { name: /^In progress/ })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('list', { name: 'Tickets in progress', exact: true }).getByRole('listitem'),
    ).toContainText([CUSTOMER.name]);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  });

  test('files keep their names with the caption on the first, the thread follows an image, a reopened conversation is read, a transfer is not a deletion', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    await openTicketsScreen(page, desk.agent);
    await customerWrites(request, desk, 'Bom dia');
    await page.getByRole('tab', { name: /^Waiting/ }).click();
    const waitingRow = page
      .getByRole('list', { name: 'Waiting tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name });
    await waitingRow.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop() as string;
    const log = page.getByRole('log', { name: 'Messages' });

    // Two files and a caption: the text box stays usable while files wait to go.
    await page.getByTestId('composer-file-input').setInputFiles([
      { name: 'foto-do-produto.png', mimeType: 'image/png', buffer: PIXEL },
      { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeEditable();
    await composer.fill('Segue a foto e o contrato');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const sent = log.getByRole('group', { name: 'Sent message' });
    await expect(sent).toHaveCount(2);
    await expect(sent.nth(0)).toContainText('Segue a foto e o contrato');
    await expect(sent.nth(0).getByRole('img').first()).toBeVisible();
    await expect(sent.nth(1)).toContainText('contrato.pdf');
    await expect(sent.nth(1)).not.toContainText('Segue a foto e o contrato');
    await expect(composer).toHaveValue('');
    // The image loaded after the thread was laid out: the thread still ends at the bottom.
    await expect
      .poll(() => log.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight)))
      .toBeLessThan(4);

    // The agent leaves the conversation (it stays in memory); the customer writes; coming back reads it.
    await page.getByRole('tab', { name: /^In progress/ }).click();
    await sideMenu(page).getByRole('link', { name: 'Tickets', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(page.getByText('Pick a ticket to start a conversation.', { exact: true })).toBeVisible();
    await customerWrites(request, desk, 'Recebi, obrigado');
    const progressRow = page
      .getByRole('list', { name: 'Tickets in progress', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name });
    await expect(progressRow.getByLabel('1 unread message')).toBeVisible();
    await progressRow.getByRole('button').first().click();
    await expect(log.getByRole('group', { name: 'Received message' }).last()).toContainText('Recebi, obrigado');
    await expect(progressRow.getByLabel(/unread message/)).toHaveCount(0);
    await expect
      .poll(async () => (await apiCall<Ticket>(request, desk.adminToken, 'GET', `/tickets/u/${uuid}`)).unreadMessages)
      .toBe(0);

    // Transferred out of the agent's queues: the transfer is confirmed, nothing says it was deleted.
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer ticket' });
    await dialog.getByRole('combobox', { name: 'Queue', exact: true }).selectOption({ label: desk.queue2.name });
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(toast(page, 'Ticket transferred.')).toBeVisible();
    await expect(page).toHaveURL(/\/tickets$/);
    // Long enough for a late socket event to have shown its toast.
    await page.waitForTimeout(1500);
    await expect(page.getByText('The ticket you were in was deleted.')).toHaveCount(0);
    await expect(page.getByText('The ticket you were in was moved out of your queues.')).toHaveCount(0);
  });

  test('resolving and reopening keeps the list on the ticket', async ({ page, request }) => {
    const desk = await openSandboxDesk(request);
    await openTicketsScreen(page, desk.agent);
    await customerWrites(request, desk, 'Oi de novo');
    await page.getByRole('tab', { name: /^Waiting/ }).click();
    await page
      .getByRole('list', { name: 'Waiting tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop() as string;
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets$/);

    await page.getByRole('tab', { name: 'Closed', exact: true }).click();
    await page
      .getByRole('list', { name: 'Closed tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name })
      .getByRole('button')
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${uuid}$`));
    await page.getByRole('button', { name: 'Reopen', exact: true }).click();
    // Not left on "Closed" showing nothing: the list shows the ticket where it now is.
    await expect(page.getByRole('tab', { name: /^In progress/ })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('list', { name: 'Tickets in progress', exact: true }).getByRole('listitem'),
    ).toContainText([CUSTOMER.name]);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    // No deletion toast for what was only a change of list.
    await expect(page.getByText('The ticket you were in was deleted.')).toHaveCount(0);
  });

  test('a ticket in the search results stays there when someone accepts it', async ({ page, request }) => {
    const desk = await openSandboxDesk(request);
    await openTicketsScreen(page, desk.agent);
    await customerWrites(request, desk, 'Tem desconto à vista?');
    await page.getByRole('tab', { name: 'Search', exact: true }).click();
    // The words are sent once typing pauses: the results are those of the words, not of the empty box.
    const searched = page.waitForResponse((res) => res.url().includes('searchParam=') && res.ok());
    await page.getByRole('searchbox', { name: 'Search tickets and messages' }).fill(CUSTOMER.name);
    await searched;
    const results = page.getByRole('list', { name: 'Search results', exact: true });
    const row = results.getByRole('listitem').filter({ hasText: CUSTOMER.name });
    await expect(row.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();

    // An admin takes it: for the lists that is a delete, then an update; the result stays, now open.
    const [ticket] = (
      await apiCall<{ tickets: Ticket[] }>(request, desk.adminToken, 'GET', '/tickets?status=pending&showAll=true')
    ).tickets.filter((t) => t.contact.number === CUSTOMER.from);
    await apiCall(request, desk.adminToken, 'PUT', `/tickets/${ticket.id}`, { status: 'open' });
    await expect(row.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
    await expect(row).toBeVisible();
  });
});
