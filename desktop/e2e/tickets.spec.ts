import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type Account,
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

/**
 * The conversation loop on the real pipeline: a sandbox WhatsApp connection delivers a customer's
 * messages, an agent works them in the browser. The sandbox is driven over HTTP by the company's
 * first admin, who is never signed in to the browser (a sign-in ends the user's other session).
 */

interface Named {
  id: number;
  name: string;
}

interface Agent extends Account, Named {}

interface Ticket {
  id: number;
  uuid: string;
  status: 'open' | 'pending' | 'closed';
  queueId: number | null;
  userId: number | null;
  contact: { name: string; number: string };
}

/** A company with a connected sandbox line on queue 1, an agent of queue 1 and one of queue 2 only. */
interface Desk {
  adminToken: string;
  whatsappId: number;
  queue1: Named;
  queue2: Named;
  agent: Agent;
  outsider: Agent;
}

const CUSTOMER = { from: '5511988887777', name: 'Maria Cliente' };

async function createAgent(request: APIRequestContext, token: string, prefix: string, queueIds: number[]) {
  const account = { name: unique(prefix), email: uniqueEmail(prefix), password: 'Agent-pass-1' };
  const user = await apiCall<Named>(request, token, 'POST', '/users', { ...account, profile: 'user', queueIds });
  return { ...account, id: user.id };
}

async function openSandboxDesk(request: APIRequestContext): Promise<Desk> {
  const company = await signupCompany(request, 'Desk');
  const adminToken = await apiSignIn(request, company);
  const queue1 = await apiCall<Named>(request, adminToken, 'POST', '/queue', {
    name: unique('Sales'),
    color: '#1e88e5',
  });
  const queue2 = await apiCall<Named>(request, adminToken, 'POST', '/queue', {
    name: unique('Billing'),
    color: '#e53935',
  });
  const agent = await createAgent(request, adminToken, 'Agent', [queue1.id]);
  const outsider = await createAgent(request, adminToken, 'Outsider', [queue2.id]);

  const line = await apiCall<{ id: number }>(request, adminToken, 'POST', '/whatsapp', {
    name: 'Sandbox line',
    provider: 'sandbox',
    queueIds: [queue1.id],
    isDefault: true,
  });
  await apiCall(request, adminToken, 'POST', `/whatsappsession/${line.id}`);
  // The session shows its QR a moment after the start; the scan is refused until then.
  await expect
    .poll(async () => {
      const scan = await request.post(`/sandbox/connections/${line.id}/scan`, {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: {},
      });
      return scan.ok() ? ((await scan.json()) as { status: string }).status : `${scan.status()} ${await scan.text()}`;
    })
    .toBe('CONNECTED');
  return { adminToken, whatsappId: line.id, queue1, queue2, agent, outsider };
}

/** The customer writes to the sandbox line, exactly as an inbound WhatsApp message arrives. */
async function customerWrites(request: APIRequestContext, desk: Desk, body: string): Promise<void> {
  await apiCall(request, desk.adminToken, 'POST', `/sandbox/connections/${desk.whatsappId}/messages`, {
    ...CUSTOMER,
    body,
  });
}

/** The agent's tickets screen, through the side menu, once the socket delivers live events. */
async function openTicketsScreen(page: Page, agent: Account): Promise<void> {
  const socket = trackSocket(page);
  await signIn(page, agent);
  await sideMenu(page).getByRole('link', { name: 'Tickets', exact: true }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByText('Pick a ticket to start a conversation.', { exact: true })).toBeVisible();
  await expect.poll(() => socket.ready).toBe(true);
}

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
