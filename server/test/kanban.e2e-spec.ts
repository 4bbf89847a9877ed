import { randomBytes } from 'node:crypto';
import { KANBAN_LANE_SIZE } from '@atendo/shared';
import {
  collect,
  connected,
  conversationApp,
  type ConversationCompany,
  inbound,
  settle,
  type SignedUpCompany,
  sinkOf,
} from './support/conversations.js';
import { ADMIN, type TestApp } from './support/test-app.js';

let t: TestApp, co: ConversationCompany, other: SignedUpCompany;

beforeAll(async () => {
  ({ t, co, other } = await conversationApp('Board', 'Elsewhere'));
}, 60_000);
afterAll(() => t.close());

type Card = { id: number; uuid: string; tags: { id: number }[]; contact: { name: string; number: string } };
type Lane = { tagId: number | null; count: number; cursor: string | null };

let numbers = 0;
/** A customer's first message on `line`, and the ticket it opened. */
async function ticketFrom(line: number, name = 'Cliente'): Promise<{ id: number; uuid: string; number: string }> {
  numbers += 1;
  const number = `55119${String(70000000 + numbers)}`;
  await sinkOf(t).message(inbound(co.companyId, line, { number, name }, `Mensagem de ${name}`));
  const found = await t.request('GET', `/tickets?searchParam=${number}`, { token: co.admin.token });
  return { ...found.body.tickets[0], number };
}

const board = (token: string, query = 'showAll=true') => t.request('GET', `/ticket/kanban?${query}`, { token });
const createTag = async (name: string, kanban: 0 | 1) =>
  (await t.request('POST', '/tags', { token: co.admin.token, body: { name, color: '#1273DE', kanban } })).body as {
    id: number;
  };
const cardsOf = (body: { tickets: Card[] }) => new Map(body.tickets.map((c) => [c.id, c]));
/** Which lane each card is in: the answer lists cards lane after lane, `count` at a time when all fit. */
function lanesOf(body: { tickets: Card[]; lanes: Lane[] }): Map<number | null, number[]> {
  const out = new Map<number | null, number[]>();
  let at = 0;
  for (const l of body.lanes) {
    const shown = Math.min(l.count, KANBAN_LANE_SIZE);
    out.set(
      l.tagId,
      body.tickets.slice(at, at + shown).map((c) => c.id),
    );
    at += shown;
  }
  return out;
}

describe('GET /ticket/kanban', () => {
  it('shows the open lane and one lane per kanban tag in tag order, with each card in one lane', async () => {
    const zeta = await createTag('Zeta etapa', 1);
    const alfa = await createTag('Alfa etapa', 1);
    const vip = await createTag('VIP cliente', 0);
    const plain = await ticketFrom(co.salesLine, 'Sem etapa');
    const onlyVip = await ticketFrom(co.salesLine, 'Só VIP');
    const inZeta = await ticketFrom(co.salesLine, 'Na Zeta');
    const inBoth = await ticketFrom(co.salesLine, 'Nas duas');
    const closed = await ticketFrom(co.salesLine, 'Resolvido');
    for (const [ticket, tags] of [
      [onlyVip, [vip.id]],
      [inZeta, [zeta.id, vip.id]],
      [inBoth, [zeta.id, alfa.id]],
      [closed, [alfa.id]],
    ] as const) {
      await t.request('POST', '/tags/sync', {
        token: co.admin.token,
        body: { ticketId: ticket.id, tags: tags.map((id) => ({ id })) },
      });
    }
    await t.request('PUT', `/tickets/${closed.id}`, { token: co.admin.token, body: { status: 'closed' } });

    const res = await board(co.admin.token, `queueIds=${JSON.stringify([co.sales])}&showAll=true`);
    expect(res.status).toBe(200);
    const kanbanTags = (await t.request('GET', '/tags/kanban', { token: co.admin.token })).body.lista;
    expect(res.body.lanes.map((l: Lane) => l.tagId)).toEqual([null, ...kanbanTags.map((x: { id: number }) => x.id)]);
    // A new lane takes the board's last place (not its name's): Zeta was made first.
    expect(res.body.lanes.slice(1, 3).map((l: Lane) => l.tagId)).toEqual([zeta.id, alfa.id]);

    const lanes = lanesOf(res.body);
    expect(lanes.get(null)).toEqual(expect.arrayContaining([plain.id, onlyVip.id]));
    // A ticket in two lanes stands in the first of them on the board.
    expect(lanes.get(zeta.id)?.sort()).toEqual([inZeta.id, inBoth.id].sort());
    expect(lanes.get(alfa.id)).toEqual([]);
    expect(res.body.tickets.map((c: Card) => c.id)).not.toContain(closed.id);
    expect(res.body.tickets.filter((c: Card) => c.id === inBoth.id)).toHaveLength(1);
    expect(res.body.lanes.find((l: Lane) => l.tagId === zeta.id)).toEqual({ tagId: zeta.id, count: 2, cursor: null });

    expect(cardsOf(res.body).get(inZeta.id)).toMatchObject({
      id: inZeta.id,
      uuid: inZeta.uuid,
      lastMessage: 'Mensagem de Na Zeta',
      contact: { name: 'Na Zeta', number: inZeta.number },
      tags: expect.arrayContaining([expect.objectContaining({ id: zeta.id, name: 'Zeta etapa' })]),
    });
  });

  it('shows admins every live ticket and agents only those of their queues (and their own)', async () => {
    const sales = await ticketFrom(co.salesLine, 'Da venda');
    const support = await ticketFrom(co.salesLine, 'Do suporte');
    await t.request('PUT', `/tickets/${support.id}`, { token: co.admin.token, body: { queueId: co.support } });
    const waiting = await ticketFrom(co.mainLine, 'Sem fila');

    const admin = cardsOf((await board(co.admin.token)).body);
    expect([...admin.keys()]).toEqual(expect.arrayContaining([sales.id, support.id, waiting.id]));

    const seller = cardsOf((await board(co.seller.token)).body);
    expect(seller.has(sales.id)).toBe(true);
    expect(seller.has(support.id)).toBe(false);
    expect(seller.has(waiting.id)).toBe(false);
    const helper = cardsOf((await board(co.helper.token)).body);
    expect(helper.has(support.id)).toBe(true);
    expect(helper.has(sales.id)).toBe(false);
    // allTicket: the tickets no queue has taken yet, and nothing else.
    const floater = cardsOf((await board(co.floater.token)).body);
    expect(floater.has(waiting.id)).toBe(true);
    expect(floater.has(sales.id)).toBe(false);

    // An agent's queue filter cannot reach another queue; the server's rule stays.
    const asked = await board(co.seller.token, `queueIds=${JSON.stringify([co.support])}&showAll=true`);
    expect(cardsOf(asked.body).has(support.id)).toBe(false);

    // Without showAll, the board is the caller's own tickets: the seller accepts one.
    await t.request('PUT', `/tickets/${sales.id}`, {
      token: co.seller.token,
      body: { status: 'open', userId: co.seller.id },
    });
    const own = (await board(co.seller.token, '')).body as { tickets: Card[] };
    expect(own.tickets.map((c) => c.id)).toEqual([sales.id]);
  });

  it('pages one lane by its cursor, newest activity first, without repeating a card', async () => {
    const mine = await createTag(`Paginada ${randomBytes(2).toString('hex')}`, 1);
    const ids: number[] = [];
    for (let i = 0; i < KANBAN_LANE_SIZE + 3; i++) {
      const ticket = await ticketFrom(co.salesLine, `Fila ${i}`);
      await t.request('PUT', `/ticket-tags/${ticket.id}/${mine.id}`, { token: co.admin.token });
      ids.push(ticket.id);
    }
    const first = await board(co.admin.token);
    const laneInfo = first.body.lanes.find((l: Lane) => l.tagId === mine.id) as Lane;
    expect(laneInfo.count).toBe(KANBAN_LANE_SIZE + 3);
    expect(laneInfo.cursor).toEqual(expect.any(String));
    const shown = lanesOf(first.body).get(mine.id) ?? [];
    expect(shown).toHaveLength(KANBAN_LANE_SIZE);
    // The newest activity first: the last ticket opened leads.
    expect(shown[0]).toBe(ids[ids.length - 1]);

    const next = await board(
      co.admin.token,
      `showAll=true&lane=${mine.id}&cursor=${encodeURIComponent(laneInfo.cursor ?? '')}`,
    );
    expect(next.status).toBe(200);
    expect(next.body.lanes).toEqual([{ tagId: mine.id, count: KANBAN_LANE_SIZE + 3, cursor: null }]);
    const rest = next.body.tickets.map((c: Card) => c.id);
    expect(rest).toHaveLength(3);
    expect(new Set([...shown, ...rest])).toEqual(new Set(ids));

    const open = await board(co.admin.token, 'showAll=true&lane=open');
    expect(open.body.lanes).toEqual([expect.objectContaining({ tagId: null })]);
  });

  it('answers 400 on bad parameters and 404 on a lane that is not one of the company’s', async () => {
    for (const query of [
      'queueIds=[0]',
      'queueIds=abc',
      'lane=abc',
      'lane=-1',
      'lane=99999999999',
      'cursor=yesterday',
    ]) {
      const res = await board(co.admin.token, query);
      expect({ query, status: res.status, error: res.body.error }).toEqual({
        query,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const notLane = await createTag('Não é etapa', 0);
    const elsewhere = (
      await t.request('POST', '/tags', { token: other.token, body: { name: 'Etapa alheia', kanban: 1 } })
    ).body;
    for (const id of [notLane.id, elsewhere.id, 2_000_000_000]) {
      expect(await board(co.admin.token, `lane=${id}`)).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TAG_FOUND' },
      });
    }
  });
});

describe('moving a card', () => {
  it('removes the kanban tags, keeps the others, adds the lane’s tag, and every window follows live', async () => {
    const from = await createTag('De onde', 1);
    const to = await createTag('Para onde', 1);
    const keep = await createTag('Etiqueta fica', 0);
    const ticket = await ticketFrom(co.salesLine, 'Movido');
    await t.request('POST', '/tags/sync', {
      token: co.admin.token,
      body: { ticketId: ticket.id, tags: [{ id: from.id }, { id: keep.id }] },
    });

    // The agent's other window (and the tickets screen) hear both steps of the move.
    const watcher = await connected(t.socket(co.seller.token));
    const heard = collect(watcher, `company-${co.companyId}-ticket`);
    const stranger = await connected(t.socket(other.token));
    const strangerHeard = collect(stranger, `company-${other.companyId}-ticket`);

    const left = await t.request('DELETE', `/ticket-tags/${ticket.id}`, { token: co.seller.token });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ id: ticket.id, tags: [{ id: keep.id }] });
    const added = await t.request('PUT', `/ticket-tags/${ticket.id}/${to.id}`, { token: co.seller.token });
    expect(added.status).toBe(200);
    expect(added.body.tags.map((x: { id: number }) => x.id).sort()).toEqual([to.id, keep.id].sort());
    // Again: no change, no error.
    const again = await t.request('PUT', `/ticket-tags/${ticket.id}/${to.id}`, { token: co.seller.token });
    expect(again.body.tags).toHaveLength(2);

    await settle();
    const updates = heard.filter((e) => e.action === 'update' && e.ticket.id === ticket.id);
    expect(updates.map((e) => e.ticket.tags.map((x: { id: number }) => x.id).sort())).toEqual([
      [keep.id],
      [to.id, keep.id].sort(),
      [to.id, keep.id].sort(),
    ]);
    expect(strangerHeard).toHaveLength(0);
    watcher.disconnect();
    stranger.disconnect();

    const after = lanesOf((await board(co.seller.token)).body);
    expect(after.get(to.id)).toContain(ticket.id);
    expect(after.get(from.id) ?? []).not.toContain(ticket.id);
  });

  it('answers 404 for another company’s (or a missing) ticket or tag, and 403 for a ticket out of sight', async () => {
    const mine = await ticketFrom(co.salesLine, 'Meu');
    const tag = await createTag('Etapa própria', 1);
    const theirs = (await t.request('POST', '/tags', { token: other.token, body: { name: 'Etapa deles', kanban: 1 } }))
      .body;
    const cases: [string, string, number, string][] = [
      ['DELETE', `/ticket-tags/${mine.id}`, 404, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/ticket-tags/${mine.id}/${tag.id}`, 404, 'ERR_NO_TICKET_FOUND'],
    ];
    for (const [method, path, status, error] of cases) {
      expect(await t.request(method, path, { token: other.token })).toMatchObject({ status, body: { error } });
    }
    for (const [method, path, error] of [
      ['PUT', `/ticket-tags/${mine.id}/${theirs.id}`, 'ERR_NO_TAG_FOUND'],
      ['PUT', `/ticket-tags/${mine.id}/2000000000`, 'ERR_NO_TAG_FOUND'],
      ['PUT', `/ticket-tags/${mine.id}/abc`, 'ERR_NO_TAG_FOUND'],
      ['PUT', `/ticket-tags/${mine.id}/0`, 'ERR_NO_TAG_FOUND'],
      ['PUT', `/ticket-tags/abc/${tag.id}`, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/ticket-tags/99999999999/${tag.id}`, 'ERR_NO_TICKET_FOUND'],
      ['DELETE', '/ticket-tags/-1', 'ERR_NO_TICKET_FOUND'],
      ['DELETE', '/ticket-tags/2000000000', 'ERR_NO_TICKET_FOUND'],
    ] as const) {
      expect({ path, ...(await t.request(method, path, { token: co.admin.token })) }).toMatchObject({
        path,
        status: 404,
        body: { error },
      });
    }
    // The helper's queue is Support: a Sales ticket is not theirs to move.
    expect(await t.request('PUT', `/ticket-tags/${mine.id}/${tag.id}`, { token: co.helper.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const unchanged = await t.request('GET', `/tickets/${mine.id}`, { token: co.admin.token });
    expect(unchanged.body.tags).toEqual([]);
  });
});

describe('arranging the lanes', () => {
  const arrange = (token: string, tagIds: unknown) =>
    t.request('PUT', '/tags/kanban/order', { token, body: { tagIds } });
  const laneIds = async (token = co.admin.token) =>
    ((await t.request('GET', '/tags/kanban', { token })).body.lista as { id: number; kanbanOrder: number }[]).map(
      (x) => x.id,
    );

  it('keeps the order an admin sets, on the board too, and tells every screen of the company', async () => {
    const first = await createTag('Novo pedido', 1);
    const before = await laneIds();
    // A new lane comes last whatever its name.
    expect(before[before.length - 1]).toBe(first.id);
    const ticket = await ticketFrom(co.salesLine, 'Pedido');
    await t.request('PUT', `/ticket-tags/${ticket.id}/${first.id}`, { token: co.admin.token });

    const watcher = await connected(t.socket(co.seller.token));
    const heard = collect(watcher, `company-${co.companyId}-tag`);
    const stranger = await connected(t.socket(other.token));
    const strangerHeard = collect(stranger, `company-${other.companyId}-tag`);

    // The admin names only the lane it moved: the others keep their order after it.
    const res = await arrange(co.admin.token, [first.id]);
    expect(res.status).toBe(200);
    const wanted = [first.id, ...before.filter((id) => id !== first.id)];
    expect(res.body.lista.map((x: { id: number }) => x.id)).toEqual(wanted);
    expect(res.body.lista.map((x: { kanbanOrder: number }) => x.kanbanOrder)).toEqual(wanted.map((_, i) => i + 1));
    // It persists, for the agents as well, and the board follows it.
    expect(await laneIds(co.seller.token)).toEqual(wanted);
    const onBoard = (await board(co.admin.token)).body;
    expect(onBoard.lanes.map((l: Lane) => l.tagId)).toEqual([null, ...wanted]);
    expect(lanesOf(onBoard).get(first.id)).toEqual([ticket.id]);

    // The whole order, reversed.
    const reversed = [...wanted].reverse();
    expect((await arrange(co.admin.token, reversed)).status).toBe(200);
    expect(await laneIds()).toEqual(reversed);
    // A tag made a lane later still comes last.
    const later = await createTag('Depois de tudo', 0);
    await t.request('PUT', `/tags/${later.id}`, {
      token: co.admin.token,
      body: { name: 'Depois de tudo', color: '#1273DE', kanban: 1 },
    });
    expect(await laneIds()).toEqual([...reversed, later.id]);

    await settle();
    expect(heard.filter((e) => e.action === 'order').map((e) => e.tagIds)).toEqual([wanted, reversed]);
    expect(strangerHeard).toHaveLength(0);
    watcher.disconnect();
    stranger.disconnect();
  });

  it('is for admins only, answers 404 for another company’s tag or one that is not a lane, and 400 on bad input', async () => {
    const lane = await createTag('Etapa dos admins', 1);
    const plainTag = await createTag('Etiqueta comum', 0);
    const before = await laneIds();
    const moved = [lane.id, ...before.filter((id) => id !== lane.id)];
    for (const token of [co.seller.token, co.floater.token]) {
      expect(await arrange(token, moved)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    const made = await t.request('POST', '/tags', { token: other.token, body: { name: 'Etapa da outra', kanban: 1 } });
    expect(made.status).toBe(201);
    const theirs = made.body as { id: number };
    expect(await arrange(co.admin.token, [lane.id, theirs.id])).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    expect(await arrange(co.admin.token, [plainTag.id])).toMatchObject({ status: 404 });
    expect(await arrange(co.admin.token, [2_000_000_000])).toMatchObject({ status: 404 });
    // Their own lanes are theirs to arrange, and ours do not move.
    expect((await arrange(other.token, [theirs.id])).status).toBe(200);
    for (const bad of [[], [lane.id, lane.id], ['x'], [0], 'nope', null]) {
      const res = await arrange(co.admin.token, bad);
      expect(res.status).toBe(400);
      expect(res.body.fields?.[0]?.field).toMatch(/^tagIds/);
    }
    expect(await laneIds()).toEqual(before);
  });
});

describe('the useKanban plan flag', () => {
  it('denies the board and the moves to a company whose plan lacks it', async () => {
    const superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
    const plan = await t.request('POST', '/plans', {
      token: superToken,
      body: { name: `Sem kanban ${randomBytes(2).toString('hex')}`, useKanban: false },
    });
    expect(plan.status).toBe(201);
    const email = `admin.${randomBytes(3).toString('hex')}@nokanban.test`;
    const company = await t.request('POST', '/companies', {
      token: superToken,
      body: { name: 'Sem kanban', email, password: 'admin-pass', planId: plan.body.id },
    });
    expect(company.status).toBe(201);
    const token = (await t.login(email, 'admin-pass')).token;
    for (const [method, path] of [
      ['GET', '/ticket/kanban?showAll=true'],
      ['DELETE', '/ticket-tags/1'],
      ['PUT', '/ticket-tags/1/1'],
    ] as const) {
      expect({ path, ...(await t.request(method, path, { token })) }).toMatchObject({
        path,
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    // The same calls pass for a company whose plan has it.
    expect((await board(co.admin.token)).status).toBe(200);
  });
});
