import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { newMessageId } from '../src/modules/dispatch/delivery.js';
import { Dispatcher as DispatcherOf } from '../src/modules/dispatch/dispatcher.js';
import { CampaignShippingEntity } from '../src/modules/campaigns/entities/campaign-shipping.entity.js';
import { ContactListItemEntity } from '../src/modules/contact-lists/entities/contact-list-item.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { ScheduleEntity } from '../src/modules/schedules/entities/schedule.entity.js';
import { ConnectionPaceEntity } from '../src/modules/dispatch/entities/connection-pace.entity.js';
import { Ticks } from '../src/modules/conversations/pipeline/ticks.js';
import { settle } from './support/conversations.js';
import { ADMIN, adminOnPlan, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/** Scheduled messages and campaigns on the dispatcher, sent through the sandbox network and counted there. */
let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '50' });
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
}, 60_000);
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signupCompany>>;
const call = (app: TestApp, company: Company, method: string, url: string, body?: unknown) =>
  app.request(method, url, { token: company.token, body });

async function line(app: TestApp, company: Company, name = 'Sandbox line') {
  const created = (await call(app, company, 'POST', '/whatsapp', { name, provider: 'sandbox', isDefault: true })).body;
  expect((await call(app, company, 'POST', `/whatsappsession/${created.id}`)).status).toBe(200);
  expect((await call(app, company, 'POST', `/sandbox/connections/${created.id}/scan`, {})).status).toBe(200);
  return created.id as number;
}

async function contact(app: TestApp, company: Company, number: string, name = `Cliente ${number.slice(-4)}`) {
  const res = await call(app, company, 'POST', '/contacts', { name, number });
  expect(res.status).toBe(201);
  return res.body as { id: number; number: string };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not reached within ${ms} ms: ${JSON.stringify(value)}`);
    await settle(150);
  }
}

const deliveries = (app: TestApp, company: Company) =>
  call(app, company, 'GET', '/sandbox/deliveries').then(
    (r) => r.body as { messages: number; recipients: number; resent: number; repeated: unknown[] },
  );

/** A campaign starting now; answers its id. */
async function startNow(app: TestApp, company: Company, fields: Record<string, unknown>): Promise<number> {
  const created = await call(app, company, 'POST', '/campaigns', { ...fields, scheduledAt: new Date().toISOString() });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const reportOf = (company: Company, id: number) =>
  call(t, company, 'GET', `/campaigns/${id}/report`).then((r) => r.body);

async function noPacing(app: TestApp, company: Company) {
  const res = await call(app, company, 'POST', '/campaign-settings', {
    settings: {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      dailyLimit: 0,
      variables: [{ key: 'loja', value: 'Loja Centro' }],
    },
  });
  expect(res.status).toBe(200);
}

async function list(app: TestApp, company: Company, people: { name: string; number: string }[]) {
  const created = (await call(app, company, 'POST', '/contact-lists', { name: `Lista ${Date.now()}` })).body;
  for (const person of people) {
    expect(
      (await call(app, company, 'POST', '/contact-list-items', { contactListId: created.id, ...person })).status,
    ).toBe(201);
  }
  return created.id as number;
}

const numbers = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({
    name: `Pessoa ${i + 1}`,
    number: `55119${prefix}${String(i).padStart(7, '0')}`,
  }));

describe('scheduled messages', () => {
  it('sends at sendAt into the contact ticket, once, filling the variables, and reports ENVIADA live', async () => {
    const company = await signupCompany(t, 'Agenda');
    const whatsappId = await line(t, company);
    const person = await contact(t, company, '5511987650001', 'Maria Souza');
    const socket = t.socket(company.token);
    const updates: any[] = [];
    socket.on(`company-${company.companyId}-schedule`, (p) => updates.push(p));
    const sendAt = new Date(Date.now() + 1500).toISOString();
    const created = await call(t, company, 'POST', '/schedules', {
      body: 'Olá {{firstName}}, lembrete!',
      contactId: person.id,
      sendAt,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'PENDENTE', whatsappId, contact: { name: 'Maria Souza' } });
    const sent = await until(
      () => call(t, company, 'GET', `/schedules/${created.body.id}`).then((r) => r.body),
      (s) => s.status === 'ENVIADA',
    );
    expect(new Date(sent.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());
    expect(sent.ticket).toMatchObject({ id: expect.any(Number) });
    const messages = (await call(t, company, 'GET', `/messages/${sent.ticket.id}`)).body.messages as {
      body: string;
      fromMe: boolean;
    }[];
    expect(messages.filter((m) => m.fromMe).map((m) => m.body)).toEqual(['Olá Maria, lembrete!']);
    await settle(2500);
    expect(await deliveries(t, company)).toMatchObject({ messages: 1, recipients: 1, resent: 0 });
    expect(updates.some((u) => u.action === 'update' && u.schedule.status === 'ENVIADA')).toBe(true);
    // Sent is sent: no edit, no attachment change.
    const edit = await call(t, company, 'PUT', `/schedules/${sent.id}`, {
      body: 'outro texto',
      contactId: person.id,
      sendAt: new Date(Date.now() + 3600_000),
    });
    expect(edit).toMatchObject({ status: 400, body: { error: 'ERR_SCHEDULE_NOT_EDITABLE' } });
  }, 30_000);

  it('validates the body and the time by field, hides other companies, and lists by range and search', async () => {
    const company = await signupCompany(t, 'Agenda2');
    await line(t, company);
    const person = await contact(t, company, '5511987650002', 'João Lima');
    const short = await call(t, company, 'POST', '/schedules', {
      body: 'oi',
      contactId: person.id,
      sendAt: new Date(Date.now() + 60_000),
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'body', message: 'validation.tooShort' })]),
    );
    const past = await call(t, company, 'POST', '/schedules', {
      body: 'mensagem ok',
      contactId: person.id,
      sendAt: '2020-01-01T00:00:00Z',
    });
    expect(past.body.fields).toEqual([expect.objectContaining({ field: 'sendAt', message: 'validation.future' })]);
    const later = new Date(Date.now() + 86_400_000);
    const made = (
      await call(t, company, 'POST', '/schedules', { body: 'para amanhã', contactId: person.id, sendAt: later })
    ).body;
    const other = await signupCompany(t, 'Intruso');
    expect((await call(t, other, 'GET', `/schedules/${made.id}`)).status).toBe(404);
    expect((await call(t, other, 'DELETE', `/schedules/${made.id}`)).status).toBe(404);
    expect(
      (await call(t, other, 'POST', '/schedules', { body: 'não é meu', contactId: person.id, sendAt: later })).body
        .error,
    ).toBe('ERR_NO_CONTACT_FOUND');
    const start = new Date(later.getTime() - 3600_000).toISOString();
    const end = new Date(later.getTime() + 3600_000).toISOString();
    const ranged = await call(t, company, 'GET', `/schedules?startDate=${start}&endDate=${end}&searchParam=jo`);
    expect(ranged.body).toMatchObject({ count: 1, hasMore: false, schedules: [{ id: made.id }] });
    expect((await call(t, company, 'GET', `/schedules?searchParam=ninguem`)).body.count).toBe(0);
    expect((await call(t, company, 'DELETE', `/schedules/${made.id}`)).status).toBe(200);
    expect((await call(t, company, 'GET', `/schedules/${made.id}`)).status).toBe(404);
  });

  it('resolves a claim a dead worker left: sent once whether or not it had gone', async () => {
    const company = await signupCompany(t, 'Agenda3');
    const whatsappId = await line(t, company);
    const person = await contact(t, company, '5511987650003');
    const db = t.app.get(DataSource);
    const stale = new Date(Date.now() - 120_000);
    // One that died before sending, one that died after its message was sent and stored.
    const before = await db.getRepository(ScheduleEntity).insert({
      companyId: company.companyId,
      contactId: person.id,
      whatsappId,
      userId: null,
      ticketId: null,
      body: 'antes da queda',
      sendAt: stale,
      status: 'AGENDADA',
      providerId: newMessageId(),
      claimToken: 'dead-node',
      claimedAt: stale,
    });
    const sentId = newMessageId();
    const after = await db.getRepository(ScheduleEntity).insert({
      companyId: company.companyId,
      contactId: person.id,
      whatsappId,
      userId: null,
      ticketId: null,
      body: 'depois do envio',
      sendAt: new Date(Date.now() + 3600_000),
      status: 'PENDENTE',
      providerId: sentId,
    });
    const afterId = Number(after.identifiers[0].id);
    // Its send goes through once, then the node "dies" before marking it.
    await db.getRepository(ScheduleEntity).update({ id: afterId }, { sendAt: stale });
    await until(
      () => call(t, company, 'GET', `/schedules/${afterId}`).then((r) => r.body),
      (s) => s.status === 'ENVIADA',
    );
    await db
      .getRepository(ScheduleEntity)
      .update({ id: afterId }, { status: 'AGENDADA', sentAt: null, claimToken: 'dead-node', claimedAt: stale });
    for (const id of [Number(before.identifiers[0].id), afterId]) {
      await until(
        () => call(t, company, 'GET', `/schedules/${id}`).then((r) => r.body),
        (s) => s.status === 'ENVIADA',
      );
    }
    await settle(500);
    expect(await deliveries(t, company)).toMatchObject({ messages: 2, resent: 0 });
  }, 30_000);

  it('is sent by the server that starts after the one it was saved on stopped', async () => {
    const first = await startTestApp({ SANDBOX: 'true' });
    let second: TestApp | null = null;
    try {
      const company = await signupCompany(first, 'Reinício');
      await line(first, company);
      const person = await contact(first, company, '5511987650004');
      const sendAt = new Date(Date.now() + 2500).toISOString();
      const id = (
        await call(first, company, 'POST', '/schedules', { body: 'depois do reinício', contactId: person.id, sendAt })
      ).body.id;
      // The server stops before the time comes; nothing keeps the schedule but its row.
      await first.app.close();
      second = await startTestApp({ SANDBOX: 'true' }, first);
      const sent = await until(
        () => call(second!, company, 'GET', `/schedules/${id}`).then((r) => r.body),
        (s) => s.status === 'ENVIADA',
      );
      expect(new Date(sent.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());
      expect(await deliveries(second, company)).toMatchObject({ messages: 1, resent: 0 });
    } finally {
      await second?.close();
      await first.close();
    }
  }, 40_000);

  it('is refused by a plan without schedules', async () => {
    const admin = await adminOnPlan(t, superToken, 'Sem agenda', { useSchedules: false });
    const res = await t.request('GET', '/schedules', { token: admin.token });
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('campaigns', () => {
  it('runs a contact list to FINALIZADA: each contact once, a variant each, invalid numbers skipped and counted', async () => {
    const company = await signupCompany(t, 'Campanha');
    const whatsappId = await line(t, company);
    await noPacing(t, company);
    const people = numbers(30, '1');
    // Two of them are not on WhatsApp.
    for (const p of people.slice(0, 2)) {
      await call(t, company, 'PUT', `/sandbox/numbers/${p.number}`, { onWhatsApp: false });
    }
    const contactListId = await list(t, company, people);
    const socket = t.socket(company.token);
    const updates: any[] = [];
    socket.on(`company-${company.companyId}-campaign`, (p) => updates.push(p));
    const created = await call(t, company, 'POST', '/campaigns', {
      name: 'Black Friday',
      message1: 'Oi {nome}, ofertas na {loja}!',
      message2: 'Olá {primeiroNome}, promoção hoje na {loja}.',
      whatsappId,
      contactListId,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    // It starts at once (its time is now): the answer may already say so.
    expect(['PROGRAMADA', 'EM_ANDAMENTO']).toContain(created.body.status);
    const done = await until(
      () => reportOf(company, created.body.id),
      (r) => r.campaign.status === 'FINALIZADA',
      30_000,
    );
    expect(done.totals).toMatchObject({ contacts: 30, invalid: 2, valid: 28, sent: 28, failed: 0, pending: 0 });
    expect(done.failures).toHaveLength(2);
    expect(done.failures[0].reason).toBe('ERR_WAPP_INVALID_CONTACT');
    expect(done.campaign.completedAt).toEqual(expect.any(String));
    await settle(1500);
    const network = await deliveries(t, company);
    expect(network).toMatchObject({ messages: 28, recipients: 28, repeated: [] });
    const full = (await call(t, company, 'GET', `/campaigns/${created.body.id}`)).body;
    const bodies = full.shipping.filter((s: any) => s.deliveredAt).map((s: any) => s.message as string);
    expect(bodies).toHaveLength(28);
    expect(
      bodies.every((b: string) =>
        /^(Oi Pessoa \d+, ofertas na Loja Centro!|Olá Pessoa, promoção hoje na Loja Centro\.)$/.test(b),
      ),
    ).toBe(true);
    expect(updates.some((u) => u.action === 'update' && u.record.status === 'FINALIZADA')).toBe(true);
    expect(updates.some((u) => u.action === 'update' && u.record.totals?.sent > 0)).toBe(true);
    const report = (await call(t, company, 'GET', `/campaigns/${created.body.id}/report`)).body;
    expect(report.totals.delivered).toBeGreaterThan(0);
    // A finished campaign is read-only.
    const edit = await call(t, company, 'PUT', `/campaigns/${created.body.id}`, { name: 'Outro nome' });
    expect(edit.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
  }, 60_000);

  it('writes a batch of sends and its acks in a fixed number of statements, whatever its size', async () => {
    const company = await signupCompany(t, 'Lote');
    const whatsappId = await line(t, company);
    await noPacing(t, company);
    const contactListId = await list(t, company, numbers(20, '9'));
    const db = t.app.get(DataSource);
    const messages = () =>
      db
        .query('SELECT providerId, ack FROM messages WHERE companyId = ? AND fromMe = ? ORDER BY id', [
          company.companyId,
          true,
        ])
        .then((rows: { providerId: string; ack: number | string }[]) =>
          rows.map((r) => ({ ...r, ack: Number(r.ack) })),
        );
    // Every statement of the server goes through its query runner's `query`.
    const runner = db.createQueryRunner();
    const proto = Object.getPrototypeOf(runner) as { query: (sql: string) => Promise<unknown> };
    await runner.release();
    const statements = jest.spyOn(proto, 'query');
    try {
      const id = await startNow(t, company, { name: 'Lote', message1: 'Oi {nome}', whatsappId, contactListId });
      await until(
        () => reportOf(company, id),
        (r) => r.campaign.status === 'FINALIZADA',
        30_000,
      );
      await until(messages, (rows) => rows.length === 20 && rows.every((r) => r.ack === 4));
      const sql = statements.mock.calls.map(([text]) => String(text));
      // The 20 rows are claimed together and their outcomes written in one statement.
      expect(sql.filter((q) => q.startsWith("UPDATE campaign_shipping SET state = 'sending'"))).toHaveLength(1);
      expect(sql.filter((q) => /^UPDATE `campaign_shipping` SET `state` = .*`deliveredAt`/.test(q))).toHaveLength(1);

      // Ticks of several messages and levels in one batch: one lookup, one update, one read for the events.
      const stored = await messages();
      const some = stored.slice(0, 5).map((m) => m.providerId);
      await db.query(`UPDATE messages SET ack = 1 WHERE providerId IN (${some.map(() => '?').join(', ')})`, some);
      const socket = t.socket(company.token);
      const updates: { message: { ack: number } }[] = [];
      socket.on(`company-${company.companyId}-appMessage`, (p) => p.action === 'update' && updates.push(p));
      await settle(300);
      const ticks = t.app.get(Ticks);
      const tick = (providerId: string, ack: 1 | 2 | 3 | 4) =>
        ticks.add({ kind: 'ack', companyId: company.companyId, whatsappId, providerId, ack });
      statements.mockClear();
      await Promise.all([
        tick(some[0], 2),
        tick(some[1], 3),
        tick(some[2], 4),
        tick(some[3], 2),
        tick(some[3], 3),
        tick(some[4], 1),
      ]);
      const ackSql = statements.mock.calls.map(([text]) => String(text)).filter((q) => /\bmessages\b/.test(q));
      expect(ackSql).toHaveLength(3);
      expect((await messages()).slice(0, 5).map((m) => m.ack)).toEqual([2, 3, 4, 3, 1]);
      await until(
        async () => updates.length,
        (n) => n >= 4,
      );
      expect(updates.map((u) => u.message.ack).sort()).toEqual([2, 3, 3, 4]);
      socket.disconnect();
    } finally {
      statements.mockRestore();
    }
  }, 60_000);

  it("lands each message in the contact's ticket: the live one, else the latest, else a new closed one", async () => {
    const company = await signupCompany(t, 'Destino');
    const whatsappId = await line(t, company);
    await noPacing(t, company);
    const [live, old, quiet, fresh] = numbers(4, '4');
    // One writes in (a live ticket); one wrote before (a closed ticket); one is a contact without tickets.
    await call(t, company, 'POST', `/sandbox/connections/${whatsappId}/messages`, { from: live.number, body: 'Oi' });
    await call(t, company, 'POST', `/sandbox/connections/${whatsappId}/messages`, { from: old.number, body: 'Oi' });
    const ticketsOf = () =>
      t.app
        .get(DataSource)
        .getRepository(TicketEntity)
        .find({ where: { companyId: company.companyId }, relations: { contact: true } });
    const before = await until(ticketsOf, (list) => list.length === 2);
    const ticketOf = (list: typeof before, number: string) => list.find((tk) => tk.contact?.number === number)!;
    const closing = await call(t, company, 'PUT', `/tickets/${ticketOf(before, old.number).id}`, { status: 'closed' });
    expect(closing.status).toBe(200);
    await contact(t, company, quiet.number, quiet.name);
    const contactListId = await list(t, company, [live, old, quiet, fresh]);
    // Known to be on WhatsApp, as the background check would have found: the batch finds their tickets together.
    await t.app
      .get(DataSource)
      .getRepository(ContactListItemEntity)
      .update({ contactListId }, { isWhatsappValid: true });
    const id = await startNow(t, company, {
      name: 'Destinos',
      message1: 'Novidade para {primeiroNome}',
      whatsappId,
      contactListId,
    });
    await until(
      () => reportOf(company, id),
      (r) => r.campaign.status === 'FINALIZADA',
    );
    const after = await ticketsOf();
    expect(after).toHaveLength(4);
    expect(ticketOf(after, live.number)).toMatchObject({ id: ticketOf(before, live.number).id, status: 'pending' });
    expect(ticketOf(after, old.number)).toMatchObject({ id: ticketOf(before, old.number).id, status: 'closed' });
    expect(ticketOf(after, quiet.number).status).toBe('closed');
    expect(ticketOf(after, fresh.number).status).toBe('closed');
    for (const person of [live, old, quiet, fresh]) {
      const messages = (await call(t, company, 'GET', `/messages/${ticketOf(after, person.number).id}`)).body
        .messages as { body: string; fromMe: boolean }[];
      expect(messages.filter((m) => m.fromMe).map((m) => m.body)).toEqual(['Novidade para Pessoa']);
    }
    const contacts = (await call(t, company, 'GET', '/contacts')).body.contacts as { number: string; name: string }[];
    expect(contacts.find((c) => c.number === fresh.number)?.name).toBe(fresh.name);
    expect(await deliveries(t, company)).toMatchObject({ messages: 4, recipients: 4, repeated: [] });
  }, 30_000);

  it('paces one connection: a send every interval, two campaigns sharing it', async () => {
    const company = await signupCompany(t, 'Ritmo');
    const whatsappId = await line(t, company);
    // The spec's smallest non-zero interval is 5 s; with a long wait after every send, one goes and the next waits.
    expect(
      (
        await call(t, company, 'POST', '/campaign-settings', {
          settings: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0, dailyLimit: 0, variables: [] },
        })
      ).status,
    ).toBe(200);
    const a = await list(t, company, numbers(3, '2'));
    const b = await list(t, company, numbers(3, '3'));
    const start = async (name: string, contactListId: number) =>
      startNow(t, company, { name, message1: 'Olá!', whatsappId, contactListId });
    const first = await start('Primeira', a);
    const second = await start('Segunda', b);
    await settle(3000);
    const sent = async () => {
      const r1 = (await call(t, company, 'GET', `/campaigns/${first}/report`)).body;
      const r2 = (await call(t, company, 'GET', `/campaigns/${second}/report`)).body;
      return { total: r1.totals.sent + r2.totals.sent, pacing: r1.pacing };
    };
    const early = await sent();
    // Within 3 s of the start, one send of the six at most: the connection's pace holds for both campaigns.
    expect(early.total).toBe(1);
    expect(early.pacing.nextSendAt).toEqual(expect.any(String));
    expect(early.pacing.sentToday).toBe(1);
    for (const id of [first, second])
      expect((await call(t, company, 'POST', `/campaigns/${id}/cancel`)).status).toBe(200);
  }, 30_000);

  it('cancel stops and restart resumes where it stopped; a rate-limit answer pauses the connection and it resumes', async () => {
    const company = await signupCompany(t, 'Pausa');
    const whatsappId = await line(t, company);
    await noPacing(t, company);
    const contactListId = await list(t, company, numbers(12, '4'));
    // WhatsApp answers "too fast" first: nothing goes until the pause ends.
    await call(t, company, 'PUT', `/sandbox/connections/${whatsappId}/rate-limit`, { seconds: 600 });
    const id = await startNow(t, company, {
      name: 'Pausável',
      message1: 'Olá {nome}',
      whatsappId,
      contactListId,
    });
    const paused = await until(
      () => reportOf(company, id),
      // The running report's counts may be a second old: wait for the built audience too.
      (r) => r.pacing?.pausedReason === 'rateLimited' && r.totals.pending === 12,
    );
    expect(paused.totals).toMatchObject({ sent: 0, pending: 12 });
    expect((await call(t, company, 'POST', `/campaigns/${id}/restart`)).body.error).toBe('ERR_CAMPAIGN_STATUS');
    expect((await call(t, company, 'POST', `/campaigns/${id}/cancel`)).body.status).toBe('CANCELADA');
    // A cancelled campaign keeps its messages editable, nothing else.
    const edited = await call(t, company, 'PUT', `/campaigns/${id}`, {
      name: 'Pausável',
      message1: 'Olá de novo {nome}',
      whatsappId,
      contactListId,
      scheduledAt: paused.campaign.scheduledAt,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message1).toBe('Olá de novo {nome}');
    // The pause lifts (WhatsApp accepts again, the pause ends), and a restart resumes the rows left.
    await call(t, company, 'PUT', `/sandbox/connections/${whatsappId}/rate-limit`, { seconds: 0 });
    await t.app
      .get(DataSource)
      .getRepository(ConnectionPaceEntity)
      .update({ whatsappId }, { pausedUntil: new Date(Date.now() - 1000) });
    expect((await call(t, company, 'POST', `/campaigns/${id}/restart`)).body.status).toBe('EM_ANDAMENTO');
    const done = await until(
      () => reportOf(company, id),
      (r) => r.campaign.status === 'FINALIZADA',
      30_000,
    );
    expect(done.totals).toMatchObject({ sent: 12, pending: 0 });
    await settle(500);
    expect(await deliveries(t, company)).toMatchObject({ messages: 12, recipients: 12, repeated: [] });
    const rows = await t.app
      .get(DataSource)
      .getRepository(CampaignShippingEntity)
      .find({ where: { campaignId: id } });
    expect(rows.every((r) => r.message?.startsWith('Olá de novo'))).toBe(true);
  }, 60_000);

  it('asks for a confirmation first and sends the message when the contact answers', async () => {
    const company = await signupCompany(t, 'Confirma');
    const whatsappId = await line(t, company);
    await noPacing(t, company);
    const people = numbers(2, '5');
    const contactListId = await list(t, company, people);
    const id = await startNow(t, company, {
      name: 'Com confirmação',
      message1: 'Aqui está a oferta!',
      confirmation: true,
      confirmationMessage1: 'Podemos enviar a oferta?',
      whatsappId,
      contactListId,
    });
    await until(
      () => reportOf(company, id),
      (r) => r.totals.awaitingConfirmation === 2,
    );
    await call(t, company, 'POST', `/sandbox/connections/${whatsappId}/messages`, {
      from: people[0].number,
      body: 'Sim',
    });
    const after = await until(
      () => reportOf(company, id),
      (r) => r.totals.sent === 1,
    );
    expect(after.campaign.status).toBe('EM_ANDAMENTO');
    expect(after.totals.awaitingConfirmation).toBe(1);
    await settle(500);
    expect((await deliveries(t, company)).messages).toBe(3);
  }, 30_000);

  it('two server nodes running one campaign send each contact once', async () => {
    const company = await signupCompany(t, 'Dois nós');
    const whatsappId = await line(t, company);
    await noPacing(t, company);
    const second = await startTestApp({ SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '50' }, t);
    try {
      const contactListId = await list(t, company, numbers(60, '6'));
      const id = await startNow(second, company, {
        name: 'Dois nós',
        message1: 'Olá {nome}',
        whatsappId,
        contactListId,
      });
      // Both nodes sweep and both run the connection's slice: the claims decide who sends what.
      const runners = [t, second].map((app) => app.app.get(DispatcherOf).wakeConnection(whatsappId));
      await Promise.all(runners);
      const done = await until(
        () => reportOf(company, id),
        (r) => r.campaign.status === 'FINALIZADA',
        40_000,
      );
      expect(done.totals).toMatchObject({ sent: 60, failed: 0 });
      await settle(500);
      expect(await deliveries(t, company)).toMatchObject({ messages: 60, recipients: 60, repeated: [] });
    } finally {
      await second.close();
    }
  }, 60_000);

  it("takes the existing clients' forms as they post them, their empty values meaning none", async () => {
    const company = await signupCompany(t, 'Compat');
    const whatsappId = await line(t, company);
    const draft = await call(t, company, 'POST', '/campaigns', {
      name: 'Do cliente antigo',
      message1: 'Olá',
      message2: '',
      confirmation: false,
      confirmationMessage1: '',
      status: 'INATIVA',
      scheduledAt: '',
      whatsappId,
      contactListId: '',
      tagListId: 'Nenhuma',
      fileListId: '',
      companyId: company.companyId,
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 'INATIVA', scheduledAt: null, tagId: null, contactListId: null });
    const person = await contact(t, company, '5511987650009');
    const schedule = await call(t, company, 'POST', '/schedules', {
      body: 'Mensagem do cliente antigo',
      contactId: String(person.id),
      sendAt: new Date(Date.now() + 3600_000).toISOString(),
      sentAt: '',
      ticketId: '',
      userId: '',
      companyId: company.companyId,
    });
    expect(schedule.status).toBe(201);
    expect(schedule.body).toMatchObject({ status: 'PENDENTE', ticketId: null });
    const settings = await call(t, company, 'POST', '/campaign-settings', {
      settings: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] },
    });
    expect(settings.status).toBe(200);
  });

  it('validates the form, keeps tenants apart and refuses a plan without campaigns', async () => {
    const company = await signupCompany(t, 'Form');
    const whatsappId = await line(t, company);
    const missing = await call(t, company, 'POST', '/campaigns', { name: 'X', scheduledAt: new Date().toISOString() });
    expect(missing.status).toBe(400);
    const fields = (missing.body.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['contactListId', 'message1', 'name', 'whatsappId']);
    const draft = await call(t, company, 'POST', '/campaigns', { name: 'Rascunho', whatsappId, tagListId: '' });
    expect(draft.body).toMatchObject({ status: 'INATIVA', tagId: null });
    const other = await signupCompany(t, 'Outra');
    expect((await call(t, other, 'GET', `/campaigns/${draft.body.id}`)).status).toBe(404);
    expect((await call(t, other, 'POST', `/campaigns/${draft.body.id}/cancel`)).status).toBe(404);
    expect((await call(t, other, 'POST', '/campaigns', { name: 'Alheia', whatsappId })).body.error).toBe(
      'ERR_NO_WAPP_FOUND',
    );
    const settings = (await call(t, company, 'GET', '/campaign-settings')).body as { key: string; value: string }[];
    expect(Object.fromEntries(settings.map((s) => [s.key, JSON.parse(s.value)]))).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
    });
    const dup = await call(t, company, 'POST', '/campaign-settings', {
      settings: {
        messageInterval: 5,
        longerIntervalAfter: 1,
        greaterInterval: 1,
        variables: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      },
    });
    expect(dup.body.fields).toEqual([
      expect.objectContaining({ field: 'settings.variables', message: 'validation.taken' }),
    ]);
    const admin = await adminOnPlan(t, superToken, 'Sem campanhas', { useCampaigns: false });
    expect((await t.request('GET', '/campaigns', { token: admin.token })).body.error).toBe('ERR_NO_PERMISSION');
  });
});
