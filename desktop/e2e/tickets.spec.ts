import { expect, type Page, test } from '@playwright/test';
import { apiCall, openTicketsScreen, signIn, toast } from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk, type Ticket } from './support/sandbox';

/** The conversation loop on the real pipeline: an agent works a sandbox customer's messages in the browser. */

/**
 * Records every tick state the sent bubble holding `text` goes through, from the first render on,
 * into window.__acks (one entry per change), so the test can tell the ticks advanced in order.
 */
async function recordTicks(page: Page, text: string): Promise<void> {
  await page.evaluate((needle) => {
    const seen: number[] = [];
    (window as unknown as { __acks: number[] }).__acks = seen;
    const look = () => {
      for (const bubble of document.querySelectorAll('[role="group"][aria-label="Sent message"]')) {
        if (!bubble.textContent?.includes(needle)) continue;
        const ack = Number(bubble.querySelector('[data-ack]')?.getAttribute('data-ack'));
        if (!Number.isNaN(ack) && seen[seen.length - 1] !== ack) seen.push(ack);
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-ack'],
    });
  }, text);
}

async function recordedTicks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __acks: number[] }).__acks);
}

test.describe('tickets', () => {
  test('a sandbox customer writes; the agent sees it live, accepts, answers, sees the ticks advance and transfers it', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    const { agent } = desk;
    await openTicketsScreen(page, agent);

    const waitingTab = page.getByRole('tab', { name: /^Waiting/ });
    const progressTab = page.getByRole('tab', { name: /^In progress/ });
    const waitingList = page.getByRole('list', { name: 'Waiting tickets', exact: true });
    const progressList = page.getByRole('list', { name: 'Tickets in progress', exact: true });
    // Fluent's Tab renders its content twice (a hidden copy reserves the bold width): the visible badge.
    const pendingCount = page.getByTestId('count-pending').filter({ visible: true });
    const openCount = page.getByTestId('count-open').filter({ visible: true });

    // Nothing waits yet: the list is loaded and empty.
    await waitingTab.click();
    await expect(waitingTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No tickets here.', { exact: true })).toBeVisible();
    await expect(pendingCount).toHaveText('0');
    await expect(openCount).toHaveText('0');

    // The customer writes: the ticket arrives in "Waiting" with the text, with no reload (a reload
    // would drop this marker).
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await customerWrites(request, desk, 'Olá, preciso de ajuda');
    const waitingRow = waitingList.getByRole('listitem').filter({ hasText: CUSTOMER.name });
    await expect(waitingRow).toBeVisible();
    await expect(waitingRow).toContainText('Olá, preciso de ajuda');
    await expect(waitingRow).toContainText(desk.queue1.name);
    await expect(waitingRow.getByLabel('1 unread message')).toBeVisible();
    await expect(pendingCount).toHaveText('1');
    await expect(page.getByText('No tickets here.', { exact: true })).toBeHidden();

    // Accept: the conversation opens on the ticket, now in progress and the agent's.
    await waitingRow.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop() as string;
    await expect(page.getByRole('button', { name: `Contact details: ${CUSTOMER.name}` })).toBeVisible();
    await expect(page.getByText(`${CUSTOMER.from} · with ${agent.name}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Return', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(
      log.getByRole('group', { name: 'Received message' }).filter({ hasText: 'Olá, preciso de ajuda' }),
    ).toBeVisible();
    await expect(pendingCount).toHaveText('0');
    await expect(openCount).toHaveText('1');
    await progressTab.click();
    await expect(progressList.getByRole('listitem').filter({ hasText: CUSTOMER.name })).toBeVisible();

    // The answer, sent from the composer (signed with the agent's name, the default).
    const answer = 'Claro, Maria! Em que posso ajudar?';
    await recordTicks(page, answer);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(answer);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(composer).toHaveValue('');
    const sent = log.getByRole('group', { name: 'Sent message' }).filter({ hasText: answer });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(agent.name);

    // The sandbox reports sent, delivered and read: the tick ends on "Read", having moved up to it.
    const readTick = sent.getByRole('img', { name: 'Read', exact: true });
    await expect(readTick).toBeVisible();
    await expect(readTick).toHaveAttribute('data-ack', '4');
    const ticks = await recordedTicks(page);
    expect(ticks[0], `ticks seen: ${ticks.join(' → ')}`).toBeLessThan(4);
    expect(ticks, `ticks seen: ${ticks.join(' → ')}`).toEqual([...ticks].sort((a, b) => a - b));
    expect(ticks[ticks.length - 1]).toBe(4);

    // The customer writes again: it appears in the open conversation, live.
    await customerWrites(request, desk, 'Quero mudar meu plano');
    await expect(
      log.getByRole('group', { name: 'Received message' }).filter({ hasText: 'Quero mudar meu plano' }),
    ).toBeVisible();
    const progressRow = progressList.getByRole('listitem').filter({ hasText: CUSTOMER.name });
    await expect(progressRow).toContainText('Quero mudar meu plano');
    // Read as it arrived: no unread count on the row, and none on the server.
    await expect(progressRow.getByLabel(/unread message/)).toHaveCount(0);
    await expect
      .poll(async () => (await apiCall<Ticket>(request, desk.adminToken, 'GET', `/tickets/u/${uuid}`)).unreadMessages)
      .toBe(0);

    // None of the above reloaded the page.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Transfer to queue 2 with no user: back to waiting there, out of this agent's sight.
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer ticket' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Queue', exact: true }).selectOption({ label: desk.queue2.name });
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(toast(page, 'Ticket transferred.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(page.getByText('Pick a ticket to start a conversation.', { exact: true })).toBeVisible();
    await expect(openCount).toHaveText('0');
    await expect(pendingCount).toHaveText('0');
    await expect(progressList.getByRole('listitem')).toHaveCount(0);
    await waitingTab.click();
    await expect(waitingList.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByText('No tickets here.', { exact: true })).toBeVisible();

    // The server agrees: pending in queue 2, nobody's.
    const tickets = await apiCall<{ tickets: Ticket[] }>(
      request,
      desk.adminToken,
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    const moved = tickets.tickets.find((ticket) => ticket.uuid === uuid);
    expect(moved).toMatchObject({ status: 'pending', queueId: desk.queue2.id, userId: null });
  });

  test('an agent without the queue who opens the ticket by its address gets the toast and the list', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    await customerWrites(request, desk, 'Alguém pode me atender?');
    let ticket: Ticket | undefined;
    await expect
      .poll(async () => {
        const list = await apiCall<{ tickets: Ticket[] }>(
          request,
          desk.adminToken,
          'GET',
          '/tickets?status=pending&showAll=true',
        );
        ticket = list.tickets.find((t) => t.contact.number === CUSTOMER.from);
        return ticket?.status;
      })
      .toBe('pending');
    if (!ticket) throw new Error('No ticket for the customer');
    expect(ticket.queueId).toBe(desk.queue1.id);

    // The outsider (queue 2 only) follows a link to that ticket.
    await signIn(page, desk.outsider);
    await page.goto(`/tickets/${ticket.uuid}`);
    await expect(toast(page, 'Access not allowed')).toBeVisible();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(page.getByText('Pick a ticket to start a conversation.', { exact: true })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Messages' })).toHaveCount(0);
    await expect(page.getByText('Alguém pode me atender?')).toHaveCount(0);
    await expect(page.getByText('This ticket could not be opened.', { exact: true })).toHaveCount(0);
  });
});
