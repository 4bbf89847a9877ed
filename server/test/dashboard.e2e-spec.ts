import { DataSource } from 'typeorm';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { UserEntity } from '../src/modules/users/entities/user.entity.js';
import { connected, conversationCompany, inbound, recordOutbound, settle, sinkOf } from './support/conversations.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let db: DataSource;
let a: Awaited<ReturnType<typeof conversationCompany>>;
let b: Awaited<ReturnType<typeof conversationCompany>>;

beforeAll(async () => {
  t = await startTestApp();
  recordOutbound(t);
  db = t.app.get(DataSource);
  a = await conversationCompany(t, 'DashAlpha');
  b = await conversationCompany(t, 'DashBravo');
}, 60_000);
afterAll(() => t.close());

const MINUTE = 60_000;
const dashboard = (token: string, query = 'days=1') => t.request('GET', `/dashboard?${query}`, { token });
const counters = async (token: string, query?: string) => (await dashboard(token, query)).body.counters;
const attendant = async (name: string, query?: string) =>
  (await dashboard(a.admin.token, query)).body.attendants.find((x: { name: string }) => x.name === name);

let numbers = 0;
/**
 * A customer of company `co` writes in: on the Sales line the ticket waits in Sales (the seller's
 * queue), on the main line without a queue (the floater's). Answers the pending ticket it opened.
 */
async function customerWrites(co: typeof a, line: 'salesLine' | 'mainLine' = 'salesLine') {
  numbers += 1;
  const number = `55119${co === a ? 1 : 2}${String(numbers).padStart(7, '0')}`;
  await sinkOf(t).message(inbound(co.companyId, co[line], { number, name: `Cliente ${numbers}` }, 'Olá'));
  const contact = await db.getRepository(ContactEntity).findOneByOrFail({ companyId: co.companyId, number });
  const ticket = await db.getRepository(TicketEntity).findOneByOrFail({ contactId: contact.id, status: 'pending' });
  return { number, ticket };
}
const setStatus = (token: string, id: number, status: string) =>
  t.request('PUT', `/tickets/${id}`, { token, body: { status } });
/** Moves a ticket's times, to measure averages exactly. */
const setTimes = (id: number, times: Partial<Pick<TicketEntity, 'createdAt' | 'acceptedAt' | 'closedAt'>>) =>
  db.getRepository(TicketEntity).update({ id }, times);

describe('GET /dashboard', () => {
  it('starts at zero with every user of the company as an attendant', async () => {
    const res = await dashboard(a.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.counters).toEqual({
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 0,
      newContacts: 0,
      leads: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
    });
    expect(res.body.attendants.map((x: { name: string }) => x.name).sort()).toEqual(
      [a.admin.user.name, 'Floater', 'Helper', 'Seller'].sort(),
    );
    expect(res.body.attendants[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      rating: 0,
      ratings: 0,
      avgSupportTime: 0,
      supportFinished: 0,
      online: false,
    });
  });

  it('follows a ticket from waiting to in conversation to finished, with its wait and talk times', async () => {
    const { ticket } = await customerWrites(a);
    expect(await counters(a.admin.token)).toMatchObject({
      supportPending: 1,
      supportHappening: 0,
      newContacts: 1,
      leads: 1,
    });

    expect((await setStatus(a.seller.token, ticket.id, 'open')).status).toBe(200);
    expect(await counters(a.admin.token)).toMatchObject({ supportPending: 0, supportHappening: 1 });

    expect((await setStatus(a.seller.token, ticket.id, 'closed')).status).toBe(200);
    const now = Date.now();
    // Waited 10 minutes, then talked for 15.
    await setTimes(ticket.id, {
      createdAt: new Date(now - 30 * MINUTE),
      acceptedAt: new Date(now - 20 * MINUTE),
      closedAt: new Date(now - 5 * MINUTE),
    });
    expect(await counters(a.admin.token)).toEqual({
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 1,
      newContacts: 1,
      leads: 1,
      avgSupportTime: 15,
      avgWaitTime: 10,
    });
    expect(await attendant('Seller')).toMatchObject({ supportFinished: 1, avgSupportTime: 15 });
    expect(await attendant('Helper')).toMatchObject({ supportFinished: 0, avgSupportTime: 0 });
  });

  it('averages the times over every ticket, and leaves out a ticket an agent opened himself', async () => {
    const { ticket } = await customerWrites(a, 'mainLine');
    await setStatus(a.floater.token, ticket.id, 'open');
    await setStatus(a.floater.token, ticket.id, 'closed');
    const now = Date.now();
    // Waited 20 minutes, talked for 45: the averages become 15 and 30.
    await setTimes(ticket.id, {
      createdAt: new Date(now - 70 * MINUTE),
      acceptedAt: new Date(now - 50 * MINUTE),
      closedAt: new Date(now - 5 * MINUTE),
    });
    // An agent starts a conversation: accepted as it is created, nobody waited.
    const contact = await t.request('POST', '/contacts', {
      token: a.admin.token,
      body: { name: 'Outbound', number: '5511955550000' },
    });
    const opened = await t.request('POST', '/tickets', {
      token: a.seller.token,
      body: { contactId: contact.body.id, queueId: a.sales, whatsappId: a.salesLine, status: 'open' },
    });
    expect(opened.status).toBe(201);
    expect(await counters(a.admin.token)).toMatchObject({
      supportHappening: 1,
      supportFinished: 2,
      avgSupportTime: 30,
      avgWaitTime: 15,
      // The contact an agent added is new too.
      newContacts: 3,
    });
    expect(await attendant('Floater')).toMatchObject({ supportFinished: 1, avgSupportTime: 45 });
    expect((await setStatus(a.seller.token, opened.body.id, 'closed')).status).toBe(200);
  });

  it("averages the customers' 1-3 answers per agent", async () => {
    await t.request('PUT', '/settings/userRating', { token: a.admin.token, body: { value: 'enabled' } });
    for (const answer of ['3', '1']) {
      const { number, ticket } = await customerWrites(a);
      await setStatus(a.seller.token, ticket.id, 'open');
      await setStatus(a.seller.token, ticket.id, 'closed');
      await sinkOf(t).message(inbound(a.companyId, a.salesLine, { number }, answer));
    }
    await t.request('PUT', '/settings/userRating', { token: a.admin.token, body: { value: 'disabled' } });
    expect(await attendant('Seller')).toMatchObject({ rating: 2, ratings: 2, supportFinished: 4 });
    expect(await attendant('Helper')).toMatchObject({ rating: 0, ratings: 0 });
  });

  it('shows an agent online within five minutes of a userStatus ping', async () => {
    expect(await attendant('Seller')).toMatchObject({ online: false });
    const socket = await connected(t.socket(a.seller.token));
    socket.emit('userStatus');
    let online = false;
    for (let i = 0; i < 20 && !online; i++) {
      await settle(100);
      online = (await attendant('Seller')).online;
    }
    expect(online).toBe(true);
    expect(await attendant('Helper')).toMatchObject({ online: false });
    socket.disconnect();

    const users = db.getRepository(UserEntity);
    await users.update({ id: a.seller.id }, { lastSeenAt: new Date(Date.now() - 4 * MINUTE) });
    expect(await attendant('Seller')).toMatchObject({ online: true });
    await users.update({ id: a.seller.id }, { lastSeenAt: new Date(Date.now() - 6 * MINUTE) });
    expect(await attendant('Seller')).toMatchObject({ online: false });
  });

  it("records a reconnected app's first ping at once; one socket's pings at most once a minute", async () => {
    const users = db.getRepository(UserEntity);
    const lastSeen = async () => (await users.findOneByOrFail({ id: a.helper.id })).lastSeenAt?.getTime() ?? 0;
    const waitForWrite = async (after: number) => {
      for (let i = 0; i < 20 && (await lastSeen()) <= after; i++) await settle(100);
      return lastSeen();
    };
    const first = await connected(t.socket(a.helper.token));
    first.emit('userStatus');
    expect(await waitForWrite(0)).toBeGreaterThan(0);
    const old = Date.now() - 10 * MINUTE;
    await users.update({ id: a.helper.id }, { lastSeenAt: new Date(old) });
    // The same socket again within the minute: not written.
    first.emit('userStatus');
    await settle(300);
    expect(await lastSeen()).toBe(old);
    first.disconnect();
    // The app reconnects: its new socket's first ping is written.
    const second = await connected(t.socket(a.helper.token));
    second.emit('userStatus');
    expect(await waitForWrite(old)).toBeGreaterThan(old);
    expect(await attendant('Helper')).toMatchObject({ online: true });
    second.disconnect();
  });

  it('selects by period or by dates; the live counters stay whatever the period', async () => {
    const today = await counters(a.admin.token, 'days=1');
    expect(today.supportFinished).toBe(5);
    // A week in the past holds none of them, but the one still waiting shows.
    const { ticket } = await customerWrites(a);
    const past = await counters(a.admin.token, 'date_from=2020-01-01&date_to=2020-01-07&timezone=America/Sao_Paulo');
    expect(past).toMatchObject({ supportFinished: 0, newContacts: 0, avgSupportTime: 0, supportPending: 1 });
    // A ticket resolved 3 days ago: in the last 7 days, not in the last 1.
    await setStatus(a.seller.token, ticket.id, 'open');
    await setStatus(a.seller.token, ticket.id, 'closed');
    await setTimes(ticket.id, { closedAt: new Date(Date.now() - 3 * 24 * 60 * MINUTE) });
    expect((await counters(a.admin.token, 'days=1')).supportFinished).toBe(5);
    expect((await counters(a.admin.token, 'days=7')).supportFinished).toBe(6);
    // From a date onwards: everything since.
    expect((await counters(a.admin.token, 'date_from=2020-01-01')).supportFinished).toBe(6);
  });
});

describe('GET /dashboard/ticketsUsers and /dashboard/ticketsDay', () => {
  const chart = (route: string, query: string, token = a.admin.token) =>
    t.request('GET', `/dashboard/${route}?${query}`, { token });

  it('count tickets created in the range per owner and per day or hour of the given zone', async () => {
    // Three tickets on fixed days: 2026-01-10 at 11:20 and 23:40 in São Paulo (the second already
    // the 11th in UTC), and 2026-01-12 at 08:00.
    const when = ['2026-01-10T14:20:00Z', '2026-01-11T02:40:00Z', '2026-01-12T11:00:00Z'];
    const owners = [a.seller, a.seller, a.floater];
    for (const [i, at] of when.entries()) {
      const { ticket } = await customerWrites(a, i === 2 ? 'mainLine' : 'salesLine');
      await setStatus(owners[i].token, ticket.id, 'open');
      await setTimes(ticket.id, { createdAt: new Date(at) });
    }
    const zone = 'timezone=America/Sao_Paulo';
    const perUser = await chart('ticketsUsers', `initialDate=2026-01-10&finalDate=2026-01-12&companyId=1&${zone}`);
    expect(perUser.status).toBe(200);
    expect(perUser.body).toEqual({
      data: [
        { nome: 'Seller', quantidade: 2 },
        { nome: 'Floater', quantidade: 1 },
      ],
      count: 3,
    });

    const perDay = await chart('ticketsDay', `initialDate=2026-01-09&finalDate=2026-01-12&${zone}`);
    expect(perDay.body).toEqual({
      data: [
        { data: '09/01/2026', total: 0 },
        { data: '10/01/2026', total: 2 },
        { data: '11/01/2026', total: 0 },
        { data: '12/01/2026', total: 1 },
      ],
      count: 3,
    });
    // In UTC the evening ticket belongs to the 11th.
    const utc = await chart('ticketsDay', 'initialDate=2026-01-10&finalDate=2026-01-11&timezone=UTC');
    expect(utc.body.data).toEqual([
      { data: '10/01/2026', total: 1 },
      { data: '11/01/2026', total: 1 },
    ]);

    const perHour = await chart('ticketsDay', `initialDate=2026-01-10&finalDate=2026-01-10&${zone}`);
    expect(perHour.body.count).toBe(2);
    expect(perHour.body.data).toHaveLength(24);
    expect(perHour.body.data.filter((h: { total: number }) => h.total > 0)).toEqual([
      { horario: 11, total: 1 },
      { horario: 23, total: 1 },
    ]);
  });

  it('answer an empty range with zeros', async () => {
    expect((await chart('ticketsUsers', 'initialDate=2019-01-01&finalDate=2019-01-31')).body).toEqual({
      data: [],
      count: 0,
    });
    const res = await chart('ticketsDay', 'initialDate=2019-01-01&finalDate=2019-01-02');
    expect(res.body).toEqual({
      data: [
        { data: '01/01/2019', total: 0 },
        { data: '02/01/2019', total: 0 },
      ],
      count: 0,
    });
  });
});

describe('validation, permission and tenancy', () => {
  const fieldsOf = (res: { body: { fields: { field: string; message: string }[] } }) =>
    res.body.fields.map((f) => `${f.field}:${f.message}`);

  it('answers 400 with the field and the reason', async () => {
    const none = await t.request('GET', '/dashboard', { token: a.admin.token });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_VALIDATION');
    expect(fieldsOf(none)).toEqual(['days:validation.selectFilter']);
    expect(fieldsOf(await dashboard(a.admin.token, 'days=abc'))).toEqual(['days:validation.integer']);
    expect(fieldsOf(await dashboard(a.admin.token, 'date_from=2026-02-30'))).toEqual(['date_from:validation.date']);
    expect(fieldsOf(await dashboard(a.admin.token, 'date_from=2026-02-02&date_to=2026-02-01'))).toEqual([
      'date_to:validation.dateOrder',
    ]);
    expect(fieldsOf(await dashboard(a.admin.token, 'days=7&timezone=Nowhere/Land'))).toEqual([
      'timezone:validation.oneOf',
    ]);
    const chart = await t.request('GET', '/dashboard/ticketsDay?initialDate=2026-01-10', { token: a.admin.token });
    expect(chart.status).toBe(400);
    expect(fieldsOf(chart)).toEqual(['finalDate:validation.required']);
    const long = await t.request('GET', '/dashboard/ticketsUsers?initialDate=2024-01-01&finalDate=2026-01-01', {
      token: a.admin.token,
    });
    expect(fieldsOf(long)).toEqual(['finalDate:validation.rangeTooLong']);
  });

  it('shows anyone else only their own work, and nothing without a session', async () => {
    for (const path of [
      '/dashboard?days=7',
      '/dashboard/ticketsUsers?initialDate=2026-01-01&finalDate=2026-01-02',
      '/dashboard/ticketsDay?initialDate=2026-01-01&finalDate=2026-01-02',
    ]) {
      expect((await t.request('GET', path, { token: a.seller.token })).status).toBe(200);
      expect((await t.request('GET', path)).status).toBe(401);
    }
    const mine = (await dashboard(a.seller.token, 'date_from=2020-01-01')).body;
    expect(mine.attendants.map((u: { id: number }) => u.id)).toEqual([a.seller.id]);
    const all = (await dashboard(a.admin.token, 'date_from=2020-01-01')).body;
    expect(all.attendants.length).toBeGreaterThan(1);
  });

  it("never counts another company's tickets, contacts, ratings or users", async () => {
    const before = await dashboard(a.admin.token, 'date_from=2020-01-01');
    const chartsBefore = await t.request('GET', '/dashboard/ticketsDay?initialDate=2026-01-09&finalDate=2026-01-12', {
      token: a.admin.token,
    });
    // Company B gets busy: a waiting customer, an open one and a resolved one, some on A's chart days.
    await customerWrites(b);
    const open = await customerWrites(b);
    await setStatus(b.seller.token, open.ticket.id, 'open');
    await setTimes(open.ticket.id, { createdAt: new Date('2026-01-10T15:00:00Z') });
    const done = await customerWrites(b);
    await setStatus(b.seller.token, done.ticket.id, 'open');
    await setStatus(b.seller.token, done.ticket.id, 'closed');

    const after = await dashboard(a.admin.token, 'date_from=2020-01-01');
    expect(after.body.counters).toEqual(before.body.counters);
    expect(after.body.attendants.map((x: { id: number }) => x.id).sort()).toEqual(
      before.body.attendants.map((x: { id: number }) => x.id).sort(),
    );
    expect(
      (
        await t.request('GET', '/dashboard/ticketsDay?initialDate=2026-01-09&finalDate=2026-01-12', {
          token: a.admin.token,
        })
      ).body,
    ).toEqual(chartsBefore.body);

    // B sees its own, and a companyId parameter does not reach A's.
    const own = await dashboard(b.admin.token, 'date_from=2020-01-01');
    expect(own.body.counters).toMatchObject({
      supportPending: 1,
      supportHappening: 1,
      supportFinished: 1,
      newContacts: 3,
    });
    expect(own.body.attendants.every((x: { id: number }) => x.id !== a.seller.id)).toBe(true);
    const users = await t.request(
      'GET',
      `/dashboard/ticketsUsers?initialDate=2026-01-10&finalDate=2026-01-10&companyId=${a.companyId}`,
      { token: b.admin.token },
    );
    expect(users.body).toEqual({ data: [{ nome: 'Seller', quantidade: 1 }], count: 1 });
  });
});
