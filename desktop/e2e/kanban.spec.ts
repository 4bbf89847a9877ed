import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiCall,
  apiSignIn,
  E2E_ADMIN,
  sideMenu,
  signIn,
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
    // Lanes stand in tag order: by name.
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
