import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiCall,
  apiSignIn,
  E2E_ADMIN,
  pageToken,
  sideMenu,
  signIn,
  signupCompany,
  toast,
  trackSocket,
  unique,
  uniqueEmail,
} from './support/app';
import { customerWrites, openSandboxDesk, type Ticket } from './support/sandbox';

/** A lane of the board, by its name (the lane of tickets without a kanban tag is "Open"). */
const lane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, id: number) =>
  scope.getByRole('listitem', { name: new RegExp(`^Ticket #${id},`) });

/** Drags with the mouse as a person does: press on the card, move a little, travel, release. */
async function dragCard(page: Page, from: Locator, to: Locator): Promise<void> {
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error('the card or the lane is not on screen');
  const x = source.x + source.width / 2;
  const y = source.y + 24;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 12, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 15 });
  await page.mouse.up();
}

test.describe('kanban', () => {
  test("drag a kanban card and see the agent's other window follow; then a keyboard move", async ({
    browser,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    // A new lane takes the board's last place: these stand in the order they were made.
    const first = unique('Negociacao');
    const second = unique('Proposta');
    const firstTag = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/tags', {
      name: first,
      color: '#1e88e5',
      kanban: 1,
    });
    const secondTag = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/tags', {
      name: second,
      color: '#43a047',
      kanban: 1,
    });
    await customerWrites(request, desk, 'Quero fechar o pedido de 12 cadeiras');
    let ticket: Ticket | undefined;
    await expect
      .poll(async () => {
        const page = await apiCall<{ tickets: Ticket[] }>(request, desk.adminToken, 'GET', '/tickets?status=pending');
        ticket = page.tickets[0];
        return ticket?.id ?? null;
      })
      .not.toBeNull();
    const id = (ticket as Ticket).id;

    // The agent of the ticket's queue, in two windows of one session.
    const context = await browser.newContext();
    const one = await context.newPage();
    const oneSocket = trackSocket(one);
    await signIn(one, desk.agent);
    await sideMenu(one).getByRole('link', { name: 'Kanban', exact: true }).click();
    await expect(one).toHaveURL(/\/kanban$/);
    await expect(card(lane(one, 'Open'), id)).toBeVisible();
    await expect(card(lane(one, 'Open'), id)).toContainText('Maria Cliente');
    await expect(card(lane(one, 'Open'), id)).toContainText('12 cadeiras');
    const two = await context.newPage();
    const twoSocket = trackSocket(two);
    await two.goto('/kanban');
    await expect(card(lane(two, 'Open'), id)).toBeVisible();
    await expect.poll(() => oneSocket.ready && twoSocket.ready).toBe(true);

    // A mouse drag in the first window (the one in front: a page in the background gets no
    // animation frames): both steps confirmed, and the second window follows.
    await one.bringToFront();
    await dragCard(one, card(one, id), lane(one, first));
    await expect(toast(one, 'Tag removed from the ticket.')).toBeVisible();
    await expect(toast(one, 'Tag added to the ticket.')).toBeVisible();
    await expect(card(lane(one, first), id)).toBeVisible();
    await expect(card(lane(two, first), id)).toBeVisible();
    await expect(card(lane(two, 'Open'), id)).toHaveCount(0);

    // A keyboard move in the second window: pick up, one lane right, drop.
    // Each key waits for what the screen reader is told after the one before: the board listens
    // for the arrows once the card is picked up (it is then over its own lane).
    await two.bringToFront();
    await two.getByRole('button', { name: `Move ticket #${id}` }).focus();
    await two.keyboard.press('Space');
    await expect(two.getByText(`Ticket #${id} is over the ${first} lane.`, { exact: true })).toBeAttached();
    await two.keyboard.press('ArrowRight');
    await expect(two.getByText(`Ticket #${id} is over the ${second} lane.`, { exact: true })).toBeAttached();
    await two.keyboard.press('Space');
    await expect(two.getByText(`Ticket #${id} was dropped in the ${second} lane.`, { exact: true })).toBeAttached();
    await expect(toast(two, 'Tag added to the ticket.')).toBeVisible();
    await expect(card(lane(two, second), id)).toBeVisible();
    await expect(card(lane(one, second), id)).toBeVisible();
    await expect(card(lane(one, first), id)).toHaveCount(0);

    const saved = await apiCall<{ tags: { id: number }[] }>(request, desk.adminToken, 'GET', `/tickets/${id}`);
    expect(saved.tags.map((tag) => tag.id)).toEqual([secondTag.id]);
    expect(firstTag.id).not.toBe(secondTag.id);

    // The card's link opens the ticket.
    await card(one, id).getByRole('link', { name: 'See ticket' }).click();
    await expect(one).toHaveURL(new RegExp(`/tickets/${(ticket as Ticket).uuid}$`));
    await context.close();
  });

  test('an admin arranges the lanes by dragging one and by keyboard; an agent sees the new order live', async ({
    browser,
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Lanes');
    const adminToken = await apiSignIn(request, company);
    for (const name of ['Em andamento', 'Proposta', 'Novo pedido']) {
      await apiCall(request, adminToken, 'POST', '/tags', { name, color: '#1e88e5', kanban: 1 });
    }
    const agent = { name: unique('Agente'), email: uniqueEmail('lanes-agent'), password: 'Agent-pass-1' };
    await apiCall(request, adminToken, 'POST', '/users', { ...agent, profile: 'user', queueIds: [] });
    const order = (where: Page) =>
      where.locator('[data-lane]').evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute('aria-label')));

    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    const agentSocket = trackSocket(agentPage);
    await signIn(agentPage, agent);
    await agentPage.goto('/kanban');
    await expect.poll(() => order(agentPage)).toEqual(['Open', 'Em andamento', 'Proposta', 'Novo pedido']);
    // Agents keep the board's order: nothing to arrange it with.
    await expect(agentPage.getByRole('button', { name: /^Move the .* lane$/ })).toHaveCount(0);
    await expect.poll(() => agentSocket.ready).toBe(true);

    await page.setViewportSize({ width: 1400, height: 850 });
    await signIn(page, company);
    await page.goto('/kanban');
    await expect.poll(() => order(page)).toEqual(['Open', 'Em andamento', 'Proposta', 'Novo pedido']);

    // The mouse: "Novo pedido" by its handle, to where "Em andamento" stands.
    const handle = page.getByRole('button', { name: 'Move the Novo pedido lane' });
    // The board is wider than the screen: the last lane is reached by scrolling it sideways.
    await handle.scrollIntoViewIfNeeded();
    const from = await handle.boundingBox();
    const moving = await lane(page, 'Novo pedido').boundingBox();
    const target = await lane(page, 'Em andamento').boundingBox();
    if (!from || !moving || !target) throw new Error('a lane is not on screen');
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 12, y, { steps: 3 });
    await page.mouse.move(x - (moving.x - target.x), y, { steps: 20 });
    await page.mouse.up();
    const dragged = ['Open', 'Novo pedido', 'Em andamento', 'Proposta'];
    await expect.poll(() => order(page)).toEqual(dragged);
    await expect.poll(() => order(agentPage)).toEqual(dragged);
    const lanes = async () =>
      // The page's own session: signing in there ended the one the setup used.
      (await apiCall<{ lista: { name: string }[] }>(request, await pageToken(page), 'GET', '/tags/kanban')).lista.map(
        (tag) => tag.name,
      );
    await expect.poll(lanes).toEqual(dragged.slice(1));

    // The keyboard: pick "Proposta" up, one place left, drop; each step is told to screen readers.
    await page.getByRole('button', { name: 'Move the Proposta lane' }).focus();
    await page.keyboard.press('Space');
    // Picked up, it is first told where it stands (the announcement of the pick-up comes before).
    await expect(page.getByText('The Proposta lane is at place 3 of 3.', { exact: true })).toBeAttached();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('The Proposta lane is at place 2 of 3.', { exact: true })).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('The Proposta lane now stands at place 2 of 3.', { exact: true })).toBeAttached();
    const arranged = ['Open', 'Novo pedido', 'Proposta', 'Em andamento'];
    await expect.poll(() => order(page)).toEqual(arranged);
    await expect.poll(() => order(agentPage)).toEqual(arranged);
    await expect.poll(lanes).toEqual(arranged.slice(1));

    // It is kept: a new visit shows the same order.
    await page.reload();
    await expect.poll(() => order(page)).toEqual(arranged);
    await agentContext.close();
  });

  test('a company whose plan lacks the kanban has no menu entry, and the address goes home', async ({
    page,
    request,
  }) => {
    const superToken = await apiSignIn(request, E2E_ADMIN);
    const plan = await apiCall<{ id: number }>(request, superToken, 'POST', '/plans', {
      name: unique('Sem kanban'),
      useKanban: false,
    });
    const account = { email: uniqueEmail('nokanban'), password: 'Admin-pass-1' };
    await apiCall(request, superToken, 'POST', '/companies', {
      name: unique('Sem kanban'),
      ...account,
      planId: plan.id,
    });
    await signIn(page, account);
    await expect(sideMenu(page).getByRole('link', { name: 'Tags', exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Kanban', exact: true })).toHaveCount(0);
    await page.goto('/kanban');
    // Spec §8: it says why, then goes home.
    await expect(toast(page, 'This company has no access to this page! Redirecting you.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
