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
    expect(res.body).toEqual({
      users: [{ id: co.helper.id, name: 'Helper', queues: [expect.objectContaining({ id: co.support })] }],
      hasMore: false,
      count: 1,
    });
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

  it('companies: created without a password (as its form posts), the admin is invited by e-mail, with no default password', async () => {
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
    expect(res.body).toMatchObject({ invitationSent: true });
    expect(res.body.adminPassword).toBeUndefined();
    // The family's default is no answer: nothing signs in until the invitation's link sets a password.
    const guess = await t.request('POST', '/auth/login', {
      body: { email: 'owner@nopassword.test', password: '123456' },
    });
    expect(guess.status).toBe(401);
    // A password given is used as given, and no invitation is sent.
    const given = await t.request('POST', '/companies', {
      token: superToken,
      body: { name: 'Given Co', email: 'owner@given.test', planId: plans.body[0].id, password: 'given-pass' },
    });
    expect(given.status).toBe(201);
    expect(given.body.invitationSent).toBeUndefined();
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

describe('answers wrapped as the old client reads them', () => {
  it('phrase campaigns: the list as { flow }, one as { details }', async () => {
    const flow = await t.request('POST', '/flowbuilder', { token: co.admin.token, body: { name: 'Promo flow' } });
    expect(flow.status).toBe(201);
    const created = await t.request('POST', '/flowcampaign', {
      token: co.admin.token,
      body: { name: 'Promo', flowId: flow.body.id, whatsappId: co.salesLine, phrase: 'promo', status: true },
    });
    expect(created.status).toBe(201);
    const list = await t.request('GET', '/flowcampaign', { token: co.admin.token });
    expect(list).toMatchObject({
      status: 200,
      body: { flow: [{ id: created.body.id, name: 'Promo', phrase: 'promo' }] },
    });
    const one = await t.request('GET', `/flowcampaign/${created.body.id}`, { token: co.admin.token });
    expect(one.body.details).toMatchObject({
      id: created.body.id,
      name: 'Promo',
      flowId: flow.body.id,
      whatsappId: co.salesLine,
      phrase: 'promo',
      status: true,
    });
    // Our own client reads the same answer's top level.
    expect(one.body).toMatchObject({ id: created.body.id, phrase: 'promo' });
  });

  it("campaigns: one carries its contact list's people, for the report", async () => {
    const list = await t.request('POST', '/contact-lists', { token: co.admin.token, body: { name: 'Report list' } });
    for (const [name, number] of [
      ['Ana', '5511988880001'],
      ['Bia', '5511988880002'],
    ]) {
      const item = await t.request('POST', '/contact-list-items', {
        token: co.admin.token,
        body: { contactListId: list.body.id, name, number },
      });
      expect(item.status).toBe(201);
    }
    const campaign = await t.request('POST', '/campaigns', {
      token: co.admin.token,
      body: { name: 'Report', contactListId: list.body.id },
    });
    expect(campaign.status).toBe(201);
    const read = await t.request('GET', `/campaigns/${campaign.body.id}`, { token: co.admin.token });
    expect(read.status).toBe(200);
    expect(read.body.contactList).toMatchObject({ id: list.body.id, name: 'Report list' });
    expect(read.body.contactList.contacts).toEqual([
      expect.objectContaining({ name: 'Ana', number: '5511988880001', isWhatsappValid: null }),
      expect.objectContaining({ name: 'Bia', number: '5511988880002', isWhatsappValid: null }),
    ]);
    // Lists of campaigns stay light.
    const page = await t.request('GET', '/campaigns', { token: co.admin.token });
    const row = page.body.records.find((c: { id: number }) => c.id === campaign.body.id);
    expect(row.contactList.contacts).toBeUndefined();
  });

  it("the session user's queues carry UserQueue, as the kanban reads them", async () => {
    const me = await t.request('GET', '/auth/me', { token: co.seller.token });
    expect(me.body.queues).toEqual([
      expect.objectContaining({ id: co.sales, name: 'Sales', UserQueue: { userId: co.seller.id, queueId: co.sales } }),
    ]);
    const other = await t.request('GET', '/auth/me', { token: co.helper.token });
    expect(other.body.queues).toEqual([
      expect.objectContaining({ id: co.support, UserQueue: { userId: co.helper.id, queueId: co.support } }),
    ]);
  });

  it("users: an agent's search gives each user's queues, for the transfer dialog", async () => {
    const res = await t.request('GET', '/users/?searchParam=seller&pageNumber=1', { token: co.helper.token });
    expect(res.body.users).toEqual([
      {
        id: co.seller.id,
        name: 'Seller',
        queues: [
          { id: co.sales, name: 'Sales', color: '#008B02', UserQueue: { userId: co.seller.id, queueId: co.sales } },
        ],
      },
    ]);
  });

  it("companies: the super-admin's list carries each company's settings", async () => {
    const res = await t.request('GET', '/companies/list', { token: superToken });
    expect(res.status).toBe(200);
    const row = res.body.find((c: { id: number }) => c.id === co.companyId);
    expect(row.settings).toEqual([{ key: 'campaignsEnabled', value: expect.any(String) }]);
    for (const company of res.body) expect(company.settings).toEqual(expect.any(Array));
    // Nothing secret in them, and the list stays the super-admin's.
    expect(JSON.stringify(res.body)).not.toContain('asaas');
    expect((await t.request('GET', '/companies/list', { token: co.admin.token })).status).toBe(403);
  });
});

describe('forms the old client sends with empty parts', () => {
  it('integrations: language "" for every type but dialogflow', async () => {
    const flow = await t.request('POST', '/flowbuilder', { token: co.admin.token, body: { name: 'Integration flow' } });
    const bodies = [
      { type: 'webhook', name: 'Hook', urlN8N: 'https://hooks.example.test/in' },
      { type: 'n8n', name: 'N8n', urlN8N: 'https://n8n.example.test/in' },
      { type: 'typebot', name: 'Bot', urlN8N: 'https://typebot.example.test', typebotSlug: 'my-bot' },
      { type: 'flowbuilder', name: 'Flow', flowId: flow.body.id },
    ];
    for (const body of bodies) {
      const created = await t.request('POST', '/queueIntegration', {
        token: co.admin.token,
        body: { ...body, projectName: '', jsonContent: '', language: '' },
      });
      expect([body.type, created.status]).toEqual([body.type, 201]);
      const edited = await t.request('PUT', `/queueIntegration/${created.body.id}`, {
        token: co.admin.token,
        body: { ...body, name: `${body.name} 2`, language: '' },
      });
      expect([body.type, edited.status, edited.body.name]).toEqual([body.type, 200, `${body.name} 2`]);
    }
    // Dialogflow speaks a language: one must be given, and a known one.
    const dialogflow = { type: 'dialogflow', name: 'Agent', projectName: 'p', jsonContent: '{}' };
    for (const language of ['', 'xx']) {
      const res = await t.request('POST', '/queueIntegration', {
        token: co.admin.token,
        body: { ...dialogflow, language },
      });
      expect(res).toMatchObject({
        status: 400,
        body: { fields: [{ field: 'language', message: 'validation.oneOf' }] },
      });
    }
    const bad = await t.request('POST', '/queueIntegration', {
      token: co.admin.token,
      body: { ...bodies[0], language: 'xx' },
    });
    expect(bad).toMatchObject({ status: 400, body: { fields: [{ field: 'language', message: 'validation.oneOf' }] } });
  });

  it('campaigns: unused message tabs as null', async () => {
    const res = await t.request('POST', '/campaigns', {
      token: co.admin.token,
      body: {
        name: 'Null tabs',
        message1: 'Olá {nome}',
        message2: null,
        message3: null,
        message4: null,
        message5: null,
        confirmationMessage1: null,
        confirmationMessage2: null,
        confirmationMessage3: null,
        confirmationMessage4: null,
        confirmationMessage5: null,
        confirmation: false,
        contactListId: '',
        fileListId: null,
        tagListId: 'Nenhuma',
        scheduledAt: '',
        whatsappId: '',
      },
    });
    expect(res).toMatchObject({ status: 201, body: { message1: 'Olá {nome}', message2: '', message5: '' } });
    // A scheduled campaign still needs its first message.
    const scheduled = await t.request('POST', '/campaigns', {
      token: co.admin.token,
      body: {
        name: 'Scheduled',
        message1: null,
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        whatsappId: co.salesLine,
        contactListId: null,
        tagListId: 'Nenhuma',
      },
    });
    expect(scheduled.status).toBe(400);
    expect(scheduled.body.fields).toEqual(
      expect.arrayContaining([{ field: 'message1', message: 'validation.required' }]),
    );
  });

  it('checkout: the address step skipped, where the payment provider needs no address', async () => {
    const company = await signupCompany(t, 'No Address');
    const state = await t.request('GET', '/subscription', { token: company.token });
    expect(state.body.taxIdRequired).toBe(false);
    const paid = await t.request('POST', '/plans', {
      token: superToken,
      body: { name: `Paid no address ${Date.now()}`, users: 3, connections: 1, queues: 3, value: 29.9 },
    });
    const res = await t.request('POST', '/subscription', {
      token: company.token,
      body: {
        firstName: '',
        lastName: '',
        address2: '',
        city: '',
        state: '',
        zipcode: '',
        country: '',
        useAddressForPaymentDetails: false,
        plan: JSON.stringify({ title: paid.body.name, planId: paid.body.id, price: 29.9, users: 3, connections: 1 }),
        price: 29.9,
        users: 3,
        connections: 1,
        invoiceId: state.body.openInvoice.id,
      },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { valor: { original: '29.90' }, qrcode: { qrcode: expect.any(String) } },
    });
    // What is given must still be right.
    const bad = await t.request('POST', '/subscription', {
      token: company.token,
      body: { country: 'Narnia', taxId: '123', planId: paid.body.id, invoiceId: state.body.openInvoice.id },
    });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['country', 'taxId']);
  });

  it('helps: the video as any YouTube link, kept as its code', async () => {
    const code = 'dQw4w9WgXcQ';
    for (const video of [
      `https://www.youtube.com/watch?v=${code}&list=PLx1&index=2&t=42s`,
      `https://www.youtube.com/watch?feature=shared&v=${code}`,
      `https://youtu.be/${code}?si=AbCd&t=10`,
      `https://www.youtube.com/embed/${code}?start=10&autoplay=1`,
      `https://youtube.com/shorts/${code}?feature=share`,
      `https://m.youtube.com/watch?v=${code}#t=30`,
      `<iframe width="560" height="315" src="https://www.youtube.com/embed/${code}?si=x" title="YouTube video player" allowfullscreen></iframe>`,
    ]) {
      const res = await t.request('POST', '/helps', {
        token: superToken,
        body: { title: 'Como usar', description: '', video },
      });
      expect([video, res.status, res.body.video]).toEqual([video, 201, code]);
    }
    // A playlist is no video.
    const playlist = await t.request('POST', '/helps', {
      token: superToken,
      body: { title: 'Lista', video: 'https://www.youtube.com/embed/videoseries?list=PLx1' },
    });
    expect(playlist).toMatchObject({ status: 400, body: { fields: [{ field: 'video' }] } });
  });
});

describe('more events the old client listens to', () => {
  it('a reply reads the conversation: updateUnread clears the badge on every list', async () => {
    const number = newNumber();
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'Oi'));
    const ticket = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    await t.request('GET', `/messages/${ticket.id}`, { token: co.seller.token });
    // The conversation is open in the old client: new messages are appended, the page is not asked again.
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'Ainda aí?'));
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'Alô'));
    expect((await ticketOf(number)).unreadMessages).toBe(2);
    const admin = await connected(t.socket(co.admin.token));
    const seller = await connected(t.socket(co.seller.token));
    const helper = await connected(t.socket(co.helper.token));
    const adminHeard = collect(admin, `company-${co.companyId}-ticket`);
    const sellerHeard = collect(seller, `company-${co.companyId}-ticket`);
    const helperHeard = collect(helper, `company-${co.companyId}-ticket`);
    const sent = await t.request('POST', `/messages/${ticket.id}`, { token: co.seller.token, body: { body: 'Sim!' } });
    expect(sent.status).toBe(201);
    await settle();
    const unread = { action: 'updateUnread', ticketId: ticket.id };
    expect(sellerHeard).toContainEqual(unread);
    expect(adminHeard).toContainEqual(unread);
    // Nobody outside the ticket's queue hears of it.
    expect(helperHeard).toEqual([]);
    expect((await ticketOf(number)).unreadMessages).toBe(0);
    // Nothing left to read: a second reply says nothing of it.
    sellerHeard.length = 0;
    await t.request('POST', `/messages/${ticket.id}`, { token: co.seller.token, body: { body: 'Pode falar' } });
    await settle();
    expect(sellerHeard.filter((e) => e.action === 'updateUnread')).toEqual([]);
  });

  it("internal chat: the open conversation's and each member's own events, to the members only", async () => {
    const [admin, seller, helper] = await Promise.all(
      [co.admin.token, co.seller.token, co.helper.token].map((token) => connected(t.socket(token))),
    );
    const adminId = co.admin.user.id as number;
    const created = nextEvent(seller, `company-${co.companyId}-chat-user-${co.seller.id}`);
    const createdForAdmin = nextEvent(admin, `company-${co.companyId}-chat-user-${adminId}`);
    const helperChats = collect(helper, `company-${co.companyId}-chat-user-${co.helper.id}`);
    const chat = await t.request('POST', '/chats', {
      token: co.admin.token,
      body: { title: 'Plantão', users: [{ id: co.seller.id }] },
    });
    expect(chat.status).toBe(201);
    expect(await created).toEqual({
      action: 'create',
      record: expect.objectContaining({ id: chat.body.id, title: 'Plantão' }),
    });
    expect((await createdForAdmin).record.id).toBe(chat.body.id);

    // The other person's message shows in the open conversation.
    const opened = `company-${co.companyId}-chat-${chat.body.id}`;
    const inAdmin = nextEvent(admin, opened);
    const helperOpened = collect(helper, opened);
    const message = await t.request('POST', `/chats/${chat.body.id}/messages`, {
      token: co.seller.token,
      body: { message: 'Alguém cobre meu turno?' },
    });
    expect(message.status).toBe(201);
    expect(await inAdmin).toEqual({
      action: 'new-message',
      newMessage: expect.objectContaining({ message: 'Alguém cobre meu turno?', senderId: co.seller.id }),
      chat: expect.objectContaining({ id: chat.body.id }),
    });

    // Reading it updates the conversation and each member's list.
    await settle();
    const readOpened = nextEvent(seller, opened);
    const readListed = nextEvent(seller, `company-${co.companyId}-chat-user-${co.seller.id}`);
    expect((await t.request('POST', `/chats/${chat.body.id}/read`, { token: co.admin.token, body: {} })).status).toBe(
      200,
    );
    expect(await readOpened).toEqual({ action: 'update', chat: expect.objectContaining({ id: chat.body.id }) });
    expect(await readListed).toEqual({ action: 'update', record: expect.objectContaining({ id: chat.body.id }) });

    // Deleted, its id where the old client reads it.
    const gone = nextEvent(seller, `company-${co.companyId}-chat`);
    await t.request('DELETE', `/chats/${chat.body.id}`, { token: co.admin.token });
    expect(await gone).toEqual({ action: 'delete', chatId: chat.body.id, id: chat.body.id });
    await settle();
    // Someone not in the chat heard none of it.
    expect(helperChats).toEqual([]);
    expect(helperOpened).toEqual([]);
  });
});
