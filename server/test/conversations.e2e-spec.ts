import { DataSource } from 'typeorm';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { TicketRatingEntity } from '../src/modules/conversations/entities/ticket-rating.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { WhatsappEntity } from '../src/modules/whatsapp/entities/whatsapp.entity.js';
import {
  collect,
  connected,
  conversationApp,
  type ConversationCompany,
  inbound,
  type RecordingPort,
  settle,
  type SignedUpCompany,
  sinkOf,
} from './support/conversations.js';
import { nextEvent, receives, signupCompany, type TestApp } from './support/test-app.js';

let t: TestApp, port: RecordingPort, co: ConversationCompany, other: SignedUpCompany, db: DataSource;

beforeAll(async () => {
  ({ t, port, co, other, db } = await conversationApp('Convo', 'Elsewhere'));
}, 60_000);
afterAll(() => t.close());

const ticketOf = async (contactNumber: string) => {
  const contact = await db
    .getRepository(ContactEntity)
    .findOneByOrFail({ companyId: co.companyId, number: contactNumber });
  return db.getRepository(TicketEntity).find({ where: { contactId: contact.id }, order: { id: 'ASC' } });
};
const setSetting = (key: string, value: string) =>
  t.request('PUT', `/settings/${key}`, { token: co.admin.token, body: { value } });

describe('inbound pipeline and who hears of it', () => {
  it('creates a pending ticket in the connection’s only queue and tells only the sockets allowed to see it', async () => {
    const admin = await connected(t.socket(co.admin.token));
    const seller = await connected(t.socket(co.seller.token));
    const helper = await connected(t.socket(co.helper.token));
    const floater = await connected(t.socket(co.floater.token));
    const stranger = await connected(t.socket(other.token));
    const event = `company-${co.companyId}-appMessage`;
    const heard = { admin: collect(admin, event), seller: collect(seller, event), helper: collect(helper, event) };
    const floaterHeard = collect(floater, event);
    const strangerHeard = collect(stranger, event);
    const strangerOwn = collect(stranger, `company-${other.companyId}-appMessage`);

    const arrival = nextEvent(seller, event);
    await sinkOf(t).message(
      inbound(co.companyId, co.salesLine, { number: '5511900000001', name: 'Ana' }, 'Oi, tudo bem?'),
    );
    const payload = await arrival;
    expect(payload).toMatchObject({
      action: 'create',
      message: { body: 'Oi, tudo bem?', fromMe: false, mediaType: 'chat', contact: { name: 'Ana' } },
      ticket: {
        status: 'pending',
        queueId: co.sales,
        queue: { name: 'Sales' },
        unreadMessages: 1,
        lastMessage: 'Oi, tudo bem?',
      },
      contact: { name: 'Ana', number: '5511900000001' },
    });
    await settle();
    expect(heard.admin).toHaveLength(1);
    expect(heard.helper).toHaveLength(0);
    expect(floaterHeard).toHaveLength(0);
    expect(strangerHeard).toHaveLength(0);
    expect(strangerOwn).toHaveLength(0);

    // The lists agree with the events.
    const sellerList = await t.request('GET', '/tickets?status=pending', { token: co.seller.token });
    expect(sellerList.body.tickets.map((x: { id: number }) => x.id)).toContain(payload.ticket.id);
    const helperList = await t.request('GET', '/tickets?status=pending', { token: co.helper.token });
    expect(helperList.body.tickets.map((x: { id: number }) => x.id)).not.toContain(payload.ticket.id);
    expect(await t.request('GET', `/tickets/${payload.ticket.id}`, { token: co.helper.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await t.request('GET', `/tickets/${payload.ticket.id}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    const byUuid = await t.request('GET', `/tickets/u/${payload.ticket.uuid}`, { token: co.seller.token });
    expect(byUuid.body).toMatchObject({ id: payload.ticket.id, contact: { name: 'Ana' }, tags: [] });
  });

  it('moves a connected agent between queues without a reconnect; supervisors hear every queue', async () => {
    const email = `mover.${Date.now()}@${co.companyId}.test`;
    const created = await t.request('POST', '/users', {
      token: co.admin.token,
      body: { name: 'Mover', email, password: 'agent-pass', queueIds: [co.support] },
    });
    const mover = { id: created.body.id as number, ...(await t.login(email, 'agent-pass')) };
    const socket = await connected(t.socket(mover.token));
    const event = `company-${co.companyId}-appMessage`;
    // In Support only: a Sales ticket is not theirs to hear.
    const missed = receives(socket, event);
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number: '5511900000091' }, 'sales, first'));
    expect(await missed).toBe(false);

    const moved = await t.request('PUT', `/users/${mover.id}`, {
      token: co.admin.token,
      body: { name: 'Mover', email, queueIds: [co.sales] },
    });
    expect(moved.status).toBe(200);
    const heard = nextEvent(socket, event);
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number: '5511900000091' }, 'sales, again'));
    expect((await heard).message.body).toBe('sales, again');

    // A supervisor in no queue hears them too (their "show all" needs it).
    await t.request('PUT', `/users/${mover.id}`, {
      token: co.admin.token,
      body: { name: 'Mover', email, queueIds: [], profile: 'supervisor' },
    });
    const supervised = nextEvent(socket, event);
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number: '5511900000091' }, 'sales, third'));
    expect((await supervised).message.body).toBe('sales, third');
  });

  it('leaves a ticket of a several-queue connection queueless, seen by admins and allTicket users only', async () => {
    const seller = await connected(t.socket(co.seller.token));
    const floater = await connected(t.socket(co.floater.token));
    const event = `company-${co.companyId}-appMessage`;
    const sellerHeard = collect(seller, event);
    const arrival = nextEvent(floater, event);
    await sinkOf(t).message(inbound(co.companyId, co.mainLine, { number: '5511900000002', name: 'Bruno' }, 'Hello'));
    const payload = await arrival;
    expect(payload.ticket).toMatchObject({ queueId: null, status: 'pending' });
    await settle();
    expect(sellerHeard).toHaveLength(0);
    expect((await t.request('GET', `/tickets/${payload.ticket.id}`, { token: co.floater.token })).status).toBe(200);
    expect((await t.request('GET', `/tickets/${payload.ticket.id}`, { token: co.seller.token })).status).toBe(403);
  });

  it('stores a message delivered ten times at once exactly once', async () => {
    const message = inbound(co.companyId, co.salesLine, { number: '5511900000003', name: 'Carla' }, 'only once');
    await Promise.all(Array.from({ length: 10 }, () => sinkOf(t).message({ ...message })));
    const [ticket] = await ticketOf('5511900000003');
    expect(await db.getRepository(MessageEntity).count({ where: { ticketId: ticket.id } })).toBe(1);
    expect(ticket.unreadMessages).toBe(1);
  });

  it('makes one contact and one ticket of ten different messages of a new contact arriving at once', async () => {
    const from = { number: '5511900000004', name: 'Dora' };
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sinkOf(t).message(
          inbound(co.companyId, co.salesLine, from, `album ${i}`, {
            mediaType: 'image',
            media: { mimetype: 'image/jpeg', filename: `p${i}.jpg`, load: async () => Buffer.from(`jpeg ${i}`) },
          }),
        ),
      ),
    );
    expect(
      await db.getRepository(ContactEntity).count({ where: { companyId: co.companyId, number: from.number } }),
    ).toBe(1);
    const tickets = await ticketOf(from.number);
    expect(tickets).toHaveLength(1);
    expect(tickets[0].unreadMessages).toBe(10);
    const messages = await db.getRepository(MessageEntity).find({ where: { ticketId: tickets[0].id } });
    expect(messages).toHaveLength(10);
    for (const m of messages)
      expect(m.mediaUrl).toMatch(new RegExp(`^/public/company${co.companyId}/[a-f0-9]{24}/p\\d\\.jpg$`));
    const file = await t.request('GET', messages[0].mediaUrl!);
    expect(file.status).toBe(200);
  });

  it('maps a LID to the phone-number contact, whichever arrives first', async () => {
    const sink = sinkOf(t);
    await sink.message(inbound(co.companyId, co.salesLine, { number: '5511900000005', name: 'Eva' }, 'by number'));
    await sink.message(
      inbound(co.companyId, co.salesLine, { number: '5511900000005', lid: '190000005', name: 'Eva' }, 'both'),
    );
    await sink.message(inbound(co.companyId, co.salesLine, { number: '190000005', lid: '190000005' }, 'by lid'));
    const eva = await db.getRepository(ContactEntity).find({ where: { companyId: co.companyId, lid: '190000005' } });
    expect(eva).toHaveLength(1);
    expect(eva[0].number).toBe('5511900000005');
    expect(await db.getRepository(MessageEntity).count({ where: { contactId: eva[0].id } })).toBe(3);

    // LID first: the stand-in number becomes the real one when a message brings both.
    await sink.message(
      inbound(co.companyId, co.salesLine, { number: '290000006', lid: '290000006', name: 'Fabi' }, 'lid'),
    );
    await sink.message(inbound(co.companyId, co.salesLine, { number: '5511900000006', lid: '290000006' }, 'both'));
    const fabi = await db.getRepository(ContactEntity).find({ where: { companyId: co.companyId, lid: '290000006' } });
    expect(fabi.map((c) => c.number)).toEqual(['5511900000006']);
    expect(await ticketOf('5511900000006')).toHaveLength(1);
  });

  it('applies acks only forward, edits and revokes, each announced as an update', async () => {
    const m = inbound(co.companyId, co.salesLine, { number: '5511900000007' }, 'first text', { fromMe: true });
    await sinkOf(t).message(m);
    const admin = await connected(t.socket(co.admin.token));
    const updates = collect(admin, `company-${co.companyId}-appMessage`);
    const base = { whatsappId: co.salesLine, companyId: co.companyId, providerId: m.providerId };
    await sinkOf(t).change({ kind: 'ack', ...base, ack: 3 });
    await sinkOf(t).change({ kind: 'ack', ...base, ack: 2 });
    await sinkOf(t).change({ kind: 'edit', ...base, body: 'edited text' });
    await sinkOf(t).change({ kind: 'revoke', ...base });
    await settle();
    const stored = await db.getRepository(MessageEntity).findOneByOrFail({ providerId: m.providerId });
    expect(stored).toMatchObject({ ack: 3, body: 'edited text', isEdited: true, isDeleted: true });
    expect(updates.map((u) => [u.action, u.message.ack, u.message.isDeleted])).toEqual([
      ['update', 3, false],
      ['update', 3, false],
      ['update', 3, true],
    ]);
  });

  it('logs a call as a call_log message in the caller’s ticket; groups keep the member’s name', async () => {
    await sinkOf(t).call({
      whatsappId: co.salesLine,
      companyId: co.companyId,
      providerId: 'CALL-1',
      from: { number: '5511900000008', name: 'Gil', isGroup: false },
      timestamp: new Date(),
      rejected: true,
    });
    const [ticket] = await ticketOf('5511900000008');
    const call = await db.getRepository(MessageEntity).findOneByOrFail({ ticketId: ticket.id });
    expect(call.mediaType).toBe('call_log');

    await sinkOf(t).message(
      inbound(co.companyId, co.salesLine, { number: '120363000000001', name: 'Team', isGroup: true }, 'hi all', {
        participant: { number: '5511900000009', name: 'Hugo', isGroup: false },
      }),
    );
    const [group] = await ticketOf('120363000000001');
    expect(group.isGroup).toBe(true);
    const page = await t.request('GET', `/messages/${group.id}`, { token: co.admin.token });
    expect(page.body.messages[0]).toMatchObject({ body: 'hi all', participantName: 'Hugo', contact: { name: 'Hugo' } });
  });
});

describe('ticket transitions and their messages', () => {
  it('accept (greeting), send, transfer (notice), resolve (rating), rating answer, reopen', async () => {
    await setSetting('sendGreetingAccepted', 'enabled');
    await setSetting('sendMsgTransfTicket', 'enabled');
    await setSetting('userRating', 'enabled');
    const number = '5511900000010';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number, name: 'Iris Costa' }, 'Preciso de ajuda'));
    const [pending] = await ticketOf(number);

    // Messages go only into open tickets; empty text is refused.
    expect(
      await t.request('POST', `/messages/${pending.id}`, { token: co.seller.token, body: { body: 'hi' } }),
    ).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });

    const sellerSocket = await connected(t.socket(co.seller.token));
    const helperSocket = await connected(t.socket(co.helper.token));
    const sellerTickets = collect(sellerSocket, `company-${co.companyId}-ticket`);
    const helperTickets = collect(helperSocket, `company-${co.companyId}-ticket`);

    const sentBefore = port.sent.length;
    const accepted = await t.request('PUT', `/tickets/${pending.id}`, {
      token: co.seller.token,
      body: { status: 'open', userId: co.seller.id, greeting: true },
    });
    expect(accepted.body).toMatchObject({ status: 'open', userId: co.seller.id, user: { name: 'Seller' } });
    expect(port.sent.slice(sentBefore).map((s) => s.body)).toEqual([
      'Olá *Iris Costa*, meu nome é *Seller* e agora vou prosseguir com seu atendimento!',
    ]);
    expect(port.sent[sentBefore].to).toMatchObject({ number, isGroup: false });

    expect(
      await t.request('POST', `/messages/${pending.id}`, { token: co.seller.token, body: { body: '   ' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'body', message: 'validation.required' }] },
    });
    const reply = await t.request('POST', `/messages/${pending.id}`, {
      token: co.seller.token,
      body: {
        body: 'Claro!',
        quotedMsg: {
          id: (await db.getRepository(MessageEntity).findOneByOrFail({ ticketId: pending.id, fromMe: false })).id,
        },
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ body: 'Claro!', fromMe: true, ack: 1, quotedMsg: { body: 'Preciso de ajuda' } });
    expect(port.sent[port.sent.length - 1].options?.quoted).toMatchObject({ body: 'Preciso de ajuda', fromMe: false });

    // Transfer to Support without an agent: pending, unassigned; Sales' agent loses sight of it.
    const transferred = await t.request('PUT', `/tickets/${pending.id}`, {
      token: co.seller.token,
      body: { queueId: co.support, userId: null, status: 'pending' },
    });
    expect(transferred.body).toMatchObject({ status: 'pending', userId: null, queueId: co.support });
    expect(port.sent[port.sent.length - 1].body).toContain('*Support*');
    await settle();
    expect(sellerTickets.some((e) => e.action === 'delete' && e.ticketId === pending.id)).toBe(true);
    expect(
      helperTickets.some((e) => e.action === 'update' && e.ticket.id === pending.id && e.ticket.queueId === co.support),
    ).toBe(true);
    expect((await t.request('GET', `/tickets/${pending.id}`, { token: co.seller.token })).status).toBe(403);

    // Support accepts and resolves: the completion message (its variables filled) and the rating question go out.
    await db
      .getRepository(WhatsappEntity)
      .update({ id: co.salesLine }, { complationMessage: 'Obrigado, {{firstName}}! Protocolo {{protocol}}' });
    await t.request('PUT', `/tickets/${pending.id}`, { token: co.helper.token, body: { status: 'open' } });
    const resolved = await t.request('PUT', `/tickets/${pending.id}`, {
      token: co.helper.token,
      body: { status: 'closed' },
    });
    expect(resolved.body).toMatchObject({
      status: 'closed',
      userId: co.helper.id,
      queueId: co.support,
      useIntegration: false,
    });
    expect(port.sent[port.sent.length - 1].body).toContain('*3*');
    expect(port.sent[port.sent.length - 2].body).toMatch(new RegExp(`^Obrigado, \\S+! Protocolo \\d{8}${pending.id}$`));
    await db.getRepository(WhatsappEntity).update({ id: co.salesLine }, { complationMessage: '' });

    // The provider echoing our own rating question back is no new ticket either.
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'echo', { fromMe: true }));
    expect(await ticketOf(number)).toHaveLength(1);

    // The customer's "3" is the rating, not a new ticket.
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, '3'));
    expect(await ticketOf(number)).toHaveLength(1);
    expect(await db.getRepository(TicketRatingEntity).findOneBy({ ticketId: pending.id })).toMatchObject({
      rate: 3,
      userId: co.helper.id,
    });
    // Their next message opens a new ticket.
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'outra dúvida'));
    const [closed, fresh] = await ticketOf(number);
    expect([closed.status, fresh.status]).toEqual(['closed', 'pending']);

    // Reopening the closed one while the new one is live: the conflict names the live ticket.
    const reopen = await t.request('PUT', `/tickets/${closed.id}`, { token: co.admin.token, body: { status: 'open' } });
    expect(reopen).toMatchObject({
      status: 409,
      body: {
        error: 'ERR_OTHER_OPEN_TICKET',
        ticket: { id: fresh.id, uuid: fresh.uuid, user: null, queue: { name: 'Sales' } },
      },
    });
    await t.request('PUT', `/tickets/${fresh.id}`, { token: co.admin.token, body: { status: 'closed' } });
    const reopened = await t.request('PUT', `/tickets/${closed.id}`, {
      token: co.admin.token,
      body: { status: 'open' },
    });
    expect(reopened.body).toMatchObject({ status: 'open', userId: co.admin.user.id, queueId: co.support });
    await setSetting('userRating', 'disabled');
  });

  it('returns a ticket to the queue, and lets admins delete', async () => {
    const number = '5511900000011';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'hi'));
    const [ticket] = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const back = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: co.seller.token,
      body: { status: 'pending' },
    });
    expect(back.body).toMatchObject({ status: 'pending', userId: null });
    expect((await t.request('DELETE', `/tickets/${ticket.id}`, { token: co.seller.token })).status).toBe(403);
    const admin = await connected(t.socket(co.admin.token));
    const gone = nextEvent(admin, `company-${co.companyId}-ticket`);
    expect((await t.request('DELETE', `/tickets/${ticket.id}`, { token: co.admin.token })).status).toBe(204);
    expect(await gone).toEqual({ action: 'delete', ticketId: ticket.id });
    expect((await t.request('GET', `/tickets/${ticket.id}`, { token: co.admin.token })).status).toBe(404);
  });

  it('creates tickets by hand, refusing a second live one with the owner and queue named', async () => {
    const contact = await t.request('POST', '/contacts', {
      token: co.admin.token,
      body: { name: 'Julia', number: '+55 (11) 90000-0012' },
    });
    expect(contact.body).toMatchObject({ number: '5511900000012' });
    const created = await t.request('POST', '/tickets', {
      token: co.seller.token,
      body: { contactId: contact.body.id, queueId: co.sales, status: 'open' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'open', userId: co.seller.id, whatsappId: co.salesLine });
    const again = await t.request('POST', '/tickets', {
      token: co.admin.token,
      body: { contactId: contact.body.id, queueId: co.support },
    });
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: 'ERR_OTHER_OPEN_TICKET',
        ticket: { id: created.body.id, uuid: created.body.uuid, user: { name: 'Seller' }, queue: { name: 'Sales' } },
      },
    });
    // Twelve at once: the database lets exactly one through.
    const racer = await t.request('POST', '/contacts', {
      token: co.admin.token,
      body: { name: 'Race', number: '5511900000013' },
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.request('POST', '/tickets', { token: co.admin.token, body: { contactId: racer.body.id, queueId: co.sales } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);

    const lonely = await signupCompany(t, 'NoPhone');
    const theirContact = await t.request('POST', '/contacts', {
      token: lonely.token,
      body: { name: 'Kim', number: '5511900000014' },
    });
    expect(
      await t.request('POST', '/tickets', { token: lonely.token, body: { contactId: theirContact.body.id } }),
    ).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_DEF_WAPP_FOUND' },
    });
    expect(
      await t.request('POST', '/tickets', { token: lonely.token, body: { contactId: contact.body.id } }),
    ).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
  });
});
