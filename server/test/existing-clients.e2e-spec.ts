import { DataSource } from 'typeorm';
import { NEVER_EXPIRES, PLATFORM_ANNOUNCEMENT_EVENT } from '@atendo/shared';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import {
  collect,
  connected,
  conversationCompany,
  inbound,
  recordOutbound,
  type RecordingPort,
  settle,
  sinkOf,
} from './support/conversations.js';
import { ADMIN, nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/**
 * What the web client and integrations that companies already run against the family's server
 * send and expect (../shared/COMPAT.md): they must work against ours unchanged.
 */
let t: TestApp;
let db: DataSource;
let port: RecordingPort;
let co: Awaited<ReturnType<typeof conversationCompany>>;
let superToken: string;

beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true' });
  db = t.app.get(DataSource);
  port = recordOutbound(t);
  co = await conversationCompany(t, 'Legacy');
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(() => t.close());

let phone = 5511930000000;
const newNumber = () => String(++phone);
const ticketOf = async (number: string) => {
  const [row] = (await db.query(
    'SELECT t.id AS id FROM tickets t JOIN contacts c ON c.id = t.contactId WHERE c.companyId = ? AND c.number = ? ORDER BY t.id DESC',
    [co.companyId, number],
  )) as { id: number }[];
  return db.getRepository(TicketEntity).findOneByOrFail({ id: Number(row.id) });
};

describe('reads an agent makes (a 403 would sign the old client out)', () => {
  it('settings: every key but the secret ones', async () => {
    // (The secret key there is, the payment provider's, is the platform company's alone: see settings.e2e.)
    const admin = await t.request('GET', '/settings', { token: co.admin.token });
    expect(admin.body.map((s: { key: string }) => s.key)).toEqual(expect.arrayContaining(['userRating']));
    const agent = await t.request('GET', '/settings', { token: co.seller.token });
    expect(agent.status).toBe(200);
    const keys = agent.body.map((s: { key: string }) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['sendGreetingAccepted', 'userRating', 'scheduleType']));
    expect(keys).not.toContain('asaas');
    // The session's own copy of the settings keeps the secret from agents too.
    const me = await t.request('GET', '/auth/me', { token: co.seller.token });
    expect(me.body.company.settings.map((s: { key: string }) => s.key)).not.toContain('asaas');
    // Changing them is still the admins'.
    expect(
      (await t.request('PUT', '/settings/userRating', { token: co.seller.token, body: { value: 'enabled' } })).status,
    ).toBe(403);
  });

  it("users: the transfer dialog's search answers ids and names, found by name only", async () => {
    const res = await t.request('GET', '/users/?searchParam=help&pageNumber=1', { token: co.seller.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [{ id: co.helper.id, name: 'Helper' }], hasMore: false, count: 1 });
    // E-mails are not theirs to see, nor to search by.
    const byEmail = await t.request('GET', `/users/?searchParam=${encodeURIComponent('@legacy')}`, {
      token: co.seller.token,
    });
    expect(byEmail.body.users).toEqual([]);
    const admin = await t.request('GET', '/users/?searchParam=help', { token: co.admin.token });
    expect(admin.body.users[0]).toMatchObject({
      id: co.helper.id,
      email: expect.any(String),
      queues: expect.any(Array),
    });
  });

  it('dashboard: the figures of their own work', async () => {
    const number = newNumber();
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'Oi'));
    const ticket = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const other = newNumber();
    await sinkOf(t).message(inbound(co.companyId, co.mainLine, { number: other }, 'Oi'));

    const day = new Date().toISOString().slice(0, 10);
    const summary = await t.request('GET', '/dashboard?days=7', { token: co.seller.token });
    expect(summary.status).toBe(200);
    expect(summary.body.counters.supportHappening).toBe(1);
    expect(summary.body.attendants.map((a: { id: number }) => a.id)).toEqual([co.seller.id]);
    // The queueless ticket of the two-queue line is not the seller's to take (allTicket is off).
    const company = await t.request('GET', '/dashboard?days=7', { token: co.admin.token });
    expect(company.body.counters.supportPending).toBeGreaterThan(summary.body.counters.supportPending);
    expect(company.body.attendants.length).toBeGreaterThan(1);

    const perUser = await t.request('GET', `/dashboard/ticketsUsers?initialDate=${day}&finalDate=${day}`, {
      token: co.seller.token,
    });
    expect(perUser).toMatchObject({ status: 200, body: { data: [{ nome: 'Seller', quantidade: 1 }], count: 1 } });
    const perHour = await t.request('GET', `/dashboard/ticketsDay?initialDate=${day}&finalDate=${day}`, {
      token: co.helper.token,
    });
    expect(perHour.status).toBe(200);
    // The one-day chart's `horario` is the hour as a number, as the old client's chart reads it.
    expect(perHour.body.data.map((slot: { horario: unknown }) => slot.horario)).toEqual(
      Array.from({ length: 24 }, (_, h) => h),
    );
  });

  it("plans: a company admin reads the checkout's plan", async () => {
    const plans = await t.request('GET', '/plans/list');
    const res = await t.request('GET', `/plans/${plans.body[0].id}`, { token: co.admin.token });
    expect(res).toMatchObject({ status: 200, body: { id: plans.body[0].id } });
    expect((await t.request('GET', '/plans/999999', { token: co.admin.token })).status).toBe(404);
    // Writing them is the super-admin's.
    expect((await t.request('DELETE', `/plans/${plans.body[0].id}`, { token: co.admin.token })).status).toBe(403);
  });
});

describe('sign-in', () => {
  it('gives a company that never expires a due date far away, never null', async () => {
    const res = await t.request('POST', '/auth/login', { body: ADMIN });
    expect(res.body.user.company.dueDate).toBe(NEVER_EXPIRES);
    // A sign-in ends the user's other session: later tests use this one.
    const refreshed = await t.request('POST', '/auth/refresh_token', {
      cookies: { jrt: res.cookies.find((c) => c.name === 'jrt')!.value },
    });
    expect(refreshed.body.user.company.dueDate).toBe(NEVER_EXPIRES);
    superToken = refreshed.body.token;
    // A trial company keeps its real due date.
    expect(new Date(co.admin.user.company.dueDate).getTime()).toBeLessThan(Date.now() + 4 * 86_400_000);
  });
});

describe("the old client's empty values mean none", () => {
  it('users: whatsappId false or ""', async () => {
    for (const [i, whatsappId] of [false, ''].entries()) {
      const created = await t.request('POST', '/users', {
        token: co.admin.token,
        body: { name: `Empty ${i}`, email: `empty${i}@legacy.test`, password: 'agent-pass', whatsappId, queueIds: [] },
      });
      expect(created).toMatchObject({ status: 201, body: { whatsappId: null } });
      const edited = await t.request('PUT', `/users/${created.body.id}`, {
        token: co.admin.token,
        body: { name: `Empty ${i}`, email: `empty${i}@legacy.test`, password: '', whatsappId, queueIds: [] },
      });
      expect(edited).toMatchObject({ status: 200, body: { whatsappId: null } });
    }
  });

  it('queues: integrationId and promptId ""', async () => {
    const res = await t.request('POST', '/queue', {
      token: co.admin.token,
      body: { name: 'Billing', color: '#123456', greetingMessage: '', integrationId: '', promptId: '' },
    });
    expect(res).toMatchObject({ status: 201, body: { integrationId: null, promptId: null } });
  });

  it('tickets: resolving from the header with promptId and integrationId false', async () => {
    const number = newNumber();
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'Oi'));
    const ticket = await ticketOf(number);
    const res = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: co.seller.token,
      body: {
        status: 'closed',
        userId: co.seller.id,
        queueId: co.sales,
        useIntegration: false,
        promptId: false,
        integrationId: false,
      },
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'closed', promptId: null, integrationId: null } });
    // And bad ids are still refused with their field.
    const bad = await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { promptId: 'x' } });
    expect(bad).toMatchObject({ status: 400, body: { fields: [{ field: 'promptId' }] } });
  });

  it('companies: created without a password, its admin gets one made and shown once', async () => {
    const plans = await t.request('GET', '/plans/list');
    const res = await t.request('POST', '/companies', {
      token: superToken,
      body: {
        name: 'No Password Co',
        email: 'owner@nopassword.test',
        planId: plans.body[0].id,
        dueDate: '',
        recurrence: '',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.adminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    await t.login('owner@nopassword.test', res.body.adminPassword);
    // Read again, the company carries no password at all.
    const read = await t.request('GET', `/companies/${res.body.id}`, { token: superToken });
    expect(read.body.adminPassword).toBeUndefined();
    // A password given is used as given, and none is made up.
    const given = await t.request('POST', '/companies', {
      token: superToken,
      body: { name: 'Given Co', email: 'owner@given.test', planId: plans.body[0].id, password: 'given-pass' },
    });
    expect(given.status).toBe(201);
    expect(given.body.adminPassword).toBeUndefined();
    await t.login('owner@given.test', 'given-pass');
  });

  it('checkout: the plan as a JSON string and no tax id, where the provider needs none', async () => {
    const company = await signupCompany(t, 'Checkout');
    const state = await t.request('GET', '/subscription', { token: company.token });
    expect(state.body).toMatchObject({ provider: 'sandbox', taxIdRequired: false });
    const plans = await t.request('GET', '/plans/list');
    const paid = await t.request('POST', '/plans', {
      token: superToken,
      body: { name: `Paid ${Date.now()}`, users: 3, connections: 1, queues: 3, value: 49.9 },
    });
    expect(paid.status).toBe(201);
    const res = await t.request('POST', '/subscription', {
      token: company.token,
      body: {
        firstName: 'Maria',
        lastName: 'Souza',
        address2: 'Rua A, 1',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01000-000',
        country: 'Brasil',
        useAddressForPaymentDetails: false,
        plan: JSON.stringify({ title: paid.body.name, planId: paid.body.id, price: 49.9, users: 3, connections: 1 }),
        price: 49.9,
        users: 3,
        connections: 1,
        invoiceId: state.body.openInvoice.id,
      },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { valor: { original: '49.90' }, qrcode: { qrcode: expect.any(String) } },
    });
    expect(plans.status).toBe(200);
    // Without a plan anywhere, the plan is the field to fix.
    const none = await t.request('POST', '/subscription', {
      token: company.token,
      body: {
        firstName: 'Maria',
        address2: 'Rua A',
        city: 'SP',
        zipcode: '1',
        country: 'Brasil',
        plan: '{"title":"x"}',
        invoiceId: 1,
      },
    });
    expect(none).toMatchObject({ status: 400, body: { fields: [{ field: 'planId' }] } });
  });
});

describe('events the old client listens to', () => {
  it('announcements also go out as company-announcement', async () => {
    const socket = await connected(t.socket(co.seller.token));
    const heard = nextEvent(socket, PLATFORM_ANNOUNCEMENT_EVENT);
    const scoped = nextEvent(socket, `company-${co.companyId}-announcement`);
    const created = await t.request('POST', '/announcements', {
      token: superToken,
      body: { title: 'Maintenance', text: 'Tonight at 22h', priority: 1, status: true },
    });
    expect(created.status).toBe(201);
    expect(await heard).toEqual({ action: 'create', record: expect.objectContaining({ id: created.body.id }) });
    expect(await scoped).toEqual(await heard);
  });

  it('an accepted ticket is deleted from the list it left, then updated', async () => {
    const number = newNumber();
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'Oi'));
    const ticket = await ticketOf(number);
    const socket = await connected(t.socket(co.helper.token));
    const seller = await connected(t.socket(co.seller.token));
    const seen = collect(seller, `company-${co.companyId}-ticket`);
    const helperSeen = collect(socket, `company-${co.companyId}-ticket`);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    await settle();
    expect(seen.map((e) => e.action)).toEqual(['delete', 'update']);
    expect(seen[0]).toEqual({ action: 'delete', ticketId: ticket.id });
    expect(seen[1].ticket).toMatchObject({ id: ticket.id, status: 'open' });
    // Someone of another queue hears nothing of it.
    expect(helperSeen).toEqual([]);

    // A tag change (no status change, no move) is only an update.
    seen.length = 0;
    await t.request('POST', '/tags', { token: co.admin.token, body: { name: `vip-${number}` } });
    const tags = await t.request('GET', '/tags/list', { token: co.admin.token });
    const tag = tags.body.find((x: { name: string }) => x.name === `vip-${number}`);
    await t.request('POST', '/tags/sync', {
      token: co.seller.token,
      body: { ticketId: ticket.id, tags: [{ id: tag.id }] },
    });
    await settle();
    expect(seen.map((e) => e.action)).toEqual(['update']);
  });
});

describe('conversations', () => {
  it("shows the customer's words, not the bot's menu, as a waiting ticket's preview", async () => {
    const number = newNumber();
    await sinkOf(t).message(inbound(co.companyId, co.mainLine, { number, name: 'Bia' }, 'Preciso de uma segunda via'));
    await settle();
    expect(port.sent.filter((s) => s.to.number === number)).toHaveLength(1);
    expect((await ticketOf(number)).lastMessage).toBe('Preciso de uma segunda via');
  });

  it('sends several files at once, each with its own name and the caption on the first', async () => {
    const number = newNumber();
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'Oi'));
    const ticket = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const send = (parts: [string, string, string?][]) => {
      const boundary = '----files';
      const body = Buffer.concat(
        parts.flatMap(([name, value, filename]) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n`,
          ),
          Buffer.from(value),
          Buffer.from('\r\n'),
        ]),
      );
      return t.request('POST', `/messages/${ticket.id}`, {
        token: co.seller.token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.concat([body, Buffer.from(`--${boundary}--\r\n`)]),
      });
    };
    // As the old client sends them: one body per file, each the file's name.
    const named = await send([
      ['medias', '%PDF-1.4 a', 'a.pdf'],
      ['body', 'a.pdf'],
      ['medias', '%PDF-1.4 b', 'b.pdf'],
      ['body', 'b.pdf'],
    ]);
    expect(named.status).toBe(201);
    expect(named.body.map((m: { body: string }) => m.body)).toEqual(['a.pdf', 'b.pdf']);
    // As ours does with a caption: it goes with the first file only.
    const sentBefore = port.sent.length;
    const captioned = await send([
      ['medias', '%PDF-1.4 c', 'c.pdf'],
      ['body', 'Seguem os boletos'],
      ['medias', '%PDF-1.4 d', 'd.pdf'],
      ['body', 'd.pdf'],
    ]);
    expect(captioned.body.map((m: { body: string }) => m.body)).toEqual(['Seguem os boletos', 'd.pdf']);
    expect(port.sent.slice(sentBefore).map((s) => [s.media?.filename, s.media?.caption])).toEqual([
      ['c.pdf', 'Seguem os boletos'],
      ['d.pdf', undefined],
    ]);
    // A single body is the first file's caption (the documented form).
    const single = await send([
      ['medias', '%PDF-1.4 e', 'e.pdf'],
      ['medias', '%PDF-1.4 f', 'f.pdf'],
      ['body', 'Os dois'],
    ]);
    expect(single.body.map((m: { body: string }) => m.body)).toEqual(['Os dois', 'f.pdf']);
  });
});

describe('connections', () => {
  it('start their session when created, so the QR code shows at once', async () => {
    const socket = await connected(t.socket(co.admin.token));
    const session = nextEvent(socket, `company-${co.companyId}-whatsappSession`, 5000);
    const res = await t.request('POST', '/whatsapp', {
      token: co.admin.token,
      body: { name: 'New line', provider: 'sandbox' },
    });
    expect(res.status).toBe(201);
    const update = await session;
    expect(update.session.id).toBe(res.body.id);
    const shown = await t.request('GET', `/whatsapp/${res.body.id}`, { token: co.admin.token });
    expect(shown.body).toMatchObject({ status: 'qrcode', qrcode: expect.stringMatching(/.+/) });
  });
});
