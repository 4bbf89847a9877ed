import { randomBytes } from 'node:crypto';
import { conversationCompany, inbound, sinkOf } from './support/conversations.js';
import { nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let co: Awaited<ReturnType<typeof conversationCompany>>;
let supervisor: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  co = await conversationCompany(t, 'Tagging');
  const email = `sup.${randomBytes(3).toString('hex')}@tagging.test`;
  const res = await t.request('POST', '/users', {
    token: co.admin.token,
    body: { name: 'Sup', email, password: 'agent-pass', profile: 'supervisor', queueIds: [] },
  });
  supervisor = { id: res.body.id, token: (await t.login(email, 'agent-pass')).token };
}, 60_000);
afterAll(() => t.close());

const create = (token: string, body: Record<string, unknown>) => t.request('POST', '/tags', { token, body });

/** A customer's first message, and the id of the ticket it opened. */
async function ticketFrom(number: string): Promise<number> {
  await sinkOf(t).message(inbound(co.companyId, co.mainLine, { number }, 'oi'));
  const found = await t.request('GET', `/tickets?searchParam=${number}`, { token: co.admin.token });
  return found.body.tickets[0].id;
}

describe('tags', () => {
  it('pages tags by name with their tickets count, searched, as the existing clients ask', async () => {
    const names = Array.from({ length: 22 }, (_, i) => `Página ${String(i).padStart(2, '0')}`);
    for (const name of names) expect((await create(co.admin.token, { name, color: '#1273DE' })).status).toBe(201);
    const vip = await create(co.admin.token, { name: 'Zeta VIP', color: '#5300EB' });
    const ticketId = await ticketFrom('5511955550001');
    await t.request('POST', '/tags/sync', { token: co.admin.token, body: { ticketId, tags: [{ id: vip.body.id }] } });

    // The family's client adds companyId; the company is the token's.
    const first = await t.request('GET', '/tags?searchParam=&pageNumber=1&companyId=999', { token: co.seller.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.tags.map((x: { name: string }) => x.name)).toEqual(names.slice(0, 20));
    const second = await t.request('GET', '/tags?pageNumber=2', { token: co.seller.token });
    expect(second.body.hasMore).toBe(false);
    expect(second.body.tags.at(-1)).toMatchObject({ name: 'Zeta VIP', ticketsCount: 1, kanban: 0 });

    const found = await t.request('GET', '/tags?searchParam=VIP', { token: co.seller.token });
    expect(found.body).toMatchObject({ count: 1, tags: [{ id: vip.body.id, ticketsCount: 1 }] });
    expect((await t.request('GET', `/tags/${vip.body.id}`, { token: co.seller.token })).body).toMatchObject({
      name: 'Zeta VIP',
      ticketsCount: 1,
    });
  });

  it('lets everyone name and colour tags, and only admins and supervisors switch a kanban lane', async () => {
    const byAgent = await create(co.seller.token, { name: 'Retorno', color: '#DB3E00' });
    expect(byAgent.status).toBe(201);
    expect(await create(co.seller.token, { name: 'Lane by agent', kanban: 1 })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'kanban', message: 'validation.notAllowed' }] },
    });
    const lane = await create(supervisor.token, { name: 'Em andamento', color: '#008B02', kanban: 1 });
    expect(lane.body).toMatchObject({ kanban: 1, userId: supervisor.id });

    // An agent edits a lane's name without touching its switch, but cannot turn it off.
    const renamed = await t.request('PUT', `/tags/${lane.body.id}`, {
      token: co.seller.token,
      body: { name: 'Andamento', color: '#008B02', kanban: 1 },
    });
    expect(renamed.body).toMatchObject({ name: 'Andamento', kanban: 1 });
    expect(
      await t.request('PUT', `/tags/${lane.body.id}`, {
        token: co.seller.token,
        body: { name: 'Andamento', color: '#008B02', kanban: 0 },
      }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'kanban' }] } });
    await t.request('PUT', `/tags/${byAgent.body.id}`, {
      token: co.admin.token,
      body: { name: 'Retorno', color: '#DB3E00', kanban: 1 },
    });

    const kanban = await t.request('GET', '/tags/kanban', { token: co.seller.token });
    expect(kanban.body.lista.map((x: { name: string }) => x.name)).toEqual(['Andamento', 'Retorno']);
  });

  it('refuses short and repeated names with the field', async () => {
    expect(await create(co.admin.token, { name: 'ab' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'name', message: 'validation.tooShort' }] },
    });
    await create(co.admin.token, { name: 'Único' });
    expect(await create(co.admin.token, { name: 'Único' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'name', message: 'validation.taken' }] },
    });
  });

  it('lets only those who may make a kanban lane delete one; agents still delete plain tags', async () => {
    const lane = await create(supervisor.token, { name: 'Só gestão', color: '#008B02', kanban: 1 });
    const plain = await create(co.seller.token, { name: 'Do agente', color: '#1273DE' });
    expect(await t.request('DELETE', `/tags/${lane.body.id}`, { token: co.seller.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'kanban', message: 'validation.notAllowed' }] },
    });
    const kanban = await t.request('GET', '/tags/kanban', { token: co.seller.token });
    expect(kanban.body.lista.map((x: { id: number }) => x.id)).toContain(lane.body.id);
    expect((await t.request('DELETE', `/tags/${plain.body.id}`, { token: co.seller.token })).status).toBe(204);
    expect((await t.request('DELETE', `/tags/${lane.body.id}`, { token: supervisor.token })).status).toBe(204);
    expect((await t.request('GET', `/tags/${lane.body.id}`, { token: co.admin.token })).status).toBe(404);
  });

  it('deletes a tag from every ticket, tells the company live, and hides other companies’ tags', async () => {
    const socket = t.socket(co.seller.token);
    await nextEvent(socket, 'ready');
    const heard = nextEvent(socket, `company-${co.companyId}-tag`);
    const tag = await create(co.admin.token, { name: 'Apagar', color: '#1273DE' });
    expect(await heard).toEqual({ action: 'create', tag: tag.body });

    const ticketId = await ticketFrom('5511955550002');
    await t.request('POST', '/tags/sync', { token: co.admin.token, body: { ticketId, tags: [{ id: tag.body.id }] } });

    const other = await signupCompany(t, 'Other tags');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Tomada', color: '#1273DE' }],
      ['DELETE', undefined],
    ] as const) {
      expect(await t.request(method, `/tags/${tag.body.id}`, { token: other.token, body })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TAG_FOUND' },
      });
    }

    const gone = nextEvent(socket, `company-${co.companyId}-tag`);
    expect((await t.request('DELETE', `/tags/${tag.body.id}`, { token: co.admin.token })).status).toBe(204);
    expect(await gone).toEqual({ action: 'delete', tagId: tag.body.id });
    const after = await t.request('GET', `/tickets/${ticketId}`, { token: co.admin.token });
    expect(after.body.tags).toEqual([]);
    expect((await t.request('GET', `/tags/${tag.body.id}`, { token: co.admin.token })).status).toBe(404);
  });
});
