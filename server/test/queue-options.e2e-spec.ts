import { QUEUE_OPTION_MAX_DEPTH, QUEUE_OPTIONS_MAX } from '@atendo/shared';
import { connected, conversationCompany } from './support/conversations.js';
import { nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let co: Awaited<ReturnType<typeof conversationCompany>>;
let other: Awaited<ReturnType<typeof signupCompany>>;
let otherQueue: number;

beforeAll(async () => {
  t = await startTestApp();
  co = await conversationCompany(t, 'Options');
  other = await signupCompany(t, 'Stranger');
  otherQueue = (await t.request('POST', '/queue', { token: other.token, body: { name: 'Theirs', color: '#0C797D' } }))
    .body.id;
}, 60_000);
afterAll(() => t.close());

type Option = { id: number; option: number; title: string; parentId: number | null; children: Option[] };

const post = (body: Record<string, unknown>, token = co.admin.token) =>
  t.request('POST', '/queue-options', { token, body });
const add = async (queueId: number, title: string, extra: Record<string, unknown> = {}): Promise<Option> => {
  const res = await post({ queueId, title, message: `${title}!`, ...extra });
  if (res.status !== 201) throw new Error(`option: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const level = async (queueId: number, parentId: number | string = -1, token = co.admin.token): Promise<Option[]> => {
  const res = await t.request('GET', `/queue-options?queueId=${queueId}&parentId=${parentId}`, { token });
  expect(res.status).toBe(200);
  return res.body;
};
const titles = (options: Option[]) => options.map((o) => `${o.option} ${o.title}`);
/** A fresh queue of the company, so each test has a menu of its own. */
let colour = 0x100000;
const newQueue = async (name: string): Promise<number> => {
  colour += 0x010101;
  const res = await t.request('POST', '/queue', {
    token: co.admin.token,
    body: { name, color: `#${colour.toString(16).padStart(6, '0')}` },
  });
  expect(res.status).toBe(201);
  return res.body.id;
};

describe('queue options', () => {
  it('builds a nested menu: the top level with its options nested, or one level by its parent', async () => {
    const internet = await add(co.support, 'Internet');
    const phone = await add(co.support, 'Telefone', { message: '' });
    const noSignal = await add(co.support, 'Sem sinal', { parentId: internet.id });
    await add(co.support, 'Lenta', { parentId: String(internet.id) });
    expect(internet).toMatchObject({
      queueId: co.support,
      parentId: null,
      option: 1,
      message: 'Internet!',
      children: [],
    });
    expect(phone).toMatchObject({ option: 2, message: '' });
    expect(noSignal).toMatchObject({ parentId: internet.id, option: 1 });

    // The existing clients ask level by level (-1: the top); each option carries its own nested.
    const top = await level(co.support);
    expect(titles(top)).toEqual(['1 Internet', '2 Telefone']);
    expect(titles(top[0].children)).toEqual(['1 Sem sinal', '2 Lenta']);
    expect(top[0].children[0].children).toEqual([]);
    expect(titles(await level(co.support, internet.id))).toEqual(['1 Sem sinal', '2 Lenta']);
    // Without parentId: the top level too. A parent that is not in this queue has nothing under it.
    const all = await t.request('GET', `/queue-options?queueId=${co.support}`, { token: co.admin.token });
    expect(titles(all.body)).toEqual(['1 Internet', '2 Telefone']);
    expect(await level(co.sales, internet.id)).toEqual([]);
    // Agents read menus too (nothing secret in them); only managers change them.
    expect(titles(await level(co.support, -1, co.helper.token))).toEqual(['1 Internet', '2 Telefone']);
    expect(await post({ queueId: co.support, title: 'Agente' }, co.helper.token)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await t.request('DELETE', `/queue-options/${phone.id}`, { token: co.helper.token })).body.error).toBe(
      'ERR_NO_PERMISSION',
    );
  });

  it('keeps every level numbered 1, 2, … through inserts, moves and deletes', async () => {
    const queueId = await newQueue('Numbering');
    const a = await add(queueId, 'A');
    const b = await add(queueId, 'B');
    const c = await add(queueId, 'C');
    // Inserted at 2: B and C move down. Past the end: last.
    expect((await add(queueId, 'X', { option: 2 })).option).toBe(2);
    expect((await add(queueId, 'Z', { option: 99 })).option).toBe(5);
    expect(titles(await level(queueId))).toEqual(['1 A', '2 X', '3 B', '4 C', '5 Z']);

    // Moved to the top, and renamed in the same call; parentId and queueId sent back unchanged.
    const moved = await t.request('PUT', `/queue-options/${c.id}`, {
      token: co.admin.token,
      body: { title: 'C2', message: 'novo', option: 1, queueId, parentId: null },
    });
    expect(moved.body).toMatchObject({ id: c.id, title: 'C2', message: 'novo', option: 1 });
    expect(titles(await level(queueId))).toEqual(['1 C2', '2 A', '3 X', '4 B', '5 Z']);

    // Deleting takes the branch along and closes the gap.
    const under = await add(queueId, 'Under A', { parentId: a.id });
    await add(queueId, 'Deeper', { parentId: under.id });
    expect((await t.request('DELETE', `/queue-options/${a.id}`, { token: co.admin.token })).status).toBe(204);
    expect(titles(await level(queueId))).toEqual(['1 C2', '2 X', '3 B', '4 Z']);
    expect(await level(queueId, under.id)).toEqual([]);
    expect(
      (await t.request('PUT', `/queue-options/${under.id}`, { token: co.admin.token, body: { title: 'x' } })).body,
    ).toEqual({ error: 'ERR_NO_QUEUE_OPTION_FOUND' });
    expect((await t.request('DELETE', `/queue-options/${b.id}`, { token: co.admin.token })).status).toBe(204);
    expect(titles(await level(queueId))).toEqual(['1 C2', '2 X', '3 Z']);
  });

  it('numbers options created at once without repeats', async () => {
    const queueId = await newQueue('Parallel');
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => post({ queueId, title: `P${i}` })));
    expect(created.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect((await level(queueId)).map((o) => o.option)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('bounds the depth and the size of a menu', async () => {
    const queueId = await newQueue('Deep');
    let parentId: number | null = null;
    for (let depth = 1; depth <= QUEUE_OPTION_MAX_DEPTH; depth += 1)
      parentId = (await add(queueId, `L${depth}`, { parentId })).id;
    expect(await post({ queueId, title: 'Too deep', parentId })).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: [{ field: 'parentId', message: 'validation.tooDeep', params: { max: QUEUE_OPTION_MAX_DEPTH } }],
      },
    });
    for (let i = QUEUE_OPTION_MAX_DEPTH; i < QUEUE_OPTIONS_MAX; i += 1) await add(queueId, `F${i}`);
    expect(await post({ queueId, title: 'One too many' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'queueId', message: 'validation.tooMany', params: { max: QUEUE_OPTIONS_MAX } }] },
    });
  });

  it('announces a change as an update of its queue', async () => {
    const socket = await connected(t.socket(co.admin.token));
    const event = nextEvent(socket, `company-${co.companyId}-queue`);
    await add(co.sales, 'Catálogo');
    expect(await event).toMatchObject({ action: 'update', queue: { id: co.sales, name: 'Sales' } });
    socket.disconnect();
  });
});

describe('queue options of another company, another queue, or bad input', () => {
  it("answers another company's queue and options exactly like missing ones", async () => {
    const theirs = await post({ queueId: otherQueue, title: 'Minha' }, other.token);
    expect(theirs.status).toBe(201);
    expect(
      await t.request('GET', `/queue-options?queueId=${otherQueue}&parentId=-1`, { token: co.admin.token }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await post({ queueId: otherQueue, title: 'Hijack' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
    for (const [method, body] of [
      ['PUT', { title: 'Hijack' }],
      ['DELETE', undefined],
    ] as const) {
      expect(
        await t.request(method, `/queue-options/${theirs.body.id}`, { token: co.admin.token, body }),
      ).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_QUEUE_OPTION_FOUND' },
      });
    }
    expect(
      await t.request('PUT', '/queue-options/99999999', { token: co.admin.token, body: { title: 'x' } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_OPTION_FOUND' } });
    // Still theirs, untouched.
    expect(titles(await level(otherQueue, -1, other.token))).toEqual(['1 Minha']);
  });

  it('refuses a parent outside the queue, and a move to another level or queue', async () => {
    const inSales = await add(co.sales, 'Pedidos');
    const theirs = (await level(otherQueue, -1, other.token))[0];
    for (const parentId of [inSales.id, theirs.id, 99999999]) {
      expect(await post({ queueId: co.support, title: 'Órfã', parentId })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: [{ field: 'parentId', message: 'validation.sameQueue' }] },
      });
    }
    const child = await add(co.sales, 'Status', { parentId: inSales.id });
    expect(
      await t.request('PUT', `/queue-options/${child.id}`, { token: co.admin.token, body: { parentId: null } }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'parentId', message: 'validation.invalid' }] } });
    expect(
      await t.request('PUT', `/queue-options/${child.id}`, { token: co.admin.token, body: { queueId: co.support } }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'queueId', message: 'validation.invalid' }] } });
  });

  it('names the field and the reason of bad input', async () => {
    expect(await post({ queueId: co.sales, title: '   ' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'title', message: 'validation.required' }] },
    });
    expect(await post({ title: 'Sem fila' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'queueId', message: 'validation.required' }] },
    });
    expect(await post({ queueId: co.sales, title: 'x'.repeat(101), option: 0, parentId: 'abc' })).toMatchObject({
      status: 400,
      body: {
        fields: expect.arrayContaining([
          { field: 'title', message: 'validation.tooLong', params: { max: 100 } },
          { field: 'option', message: 'validation.min' },
          { field: 'parentId', message: 'validation.number' },
        ]),
      },
    });
    for (const query of ['', 'queueId=abc', 'queueId=1&parentId=-2', `queueId=${co.sales}&parentId=x`]) {
      const res = await t.request('GET', `/queue-options?${query}`, { token: co.admin.token });
      expect({ query, status: res.status, error: res.body.error }).toEqual({
        query,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const option = await add(co.sales, 'Editável');
    expect(
      await t.request('PUT', `/queue-options/${option.id}`, { token: co.admin.token, body: { title: '' } }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'title', message: 'validation.required' }] } });
    expect(
      (await t.request('PUT', '/queue-options/abc', { token: co.admin.token, body: { title: 'x' } })).body,
    ).toEqual({ error: 'ERR_NO_QUEUE_OPTION_FOUND' });
  });
});
