import { DataSource } from 'typeorm';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
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
import { nextEvent, type TestApp } from './support/test-app.js';

let t: TestApp, port: RecordingPort, co: ConversationCompany, other: SignedUpCompany, db: DataSource;

beforeAll(async () => {
  ({ t, port, co, other, db } = await conversationApp('Api', 'Foreign'));
}, 60_000);
afterAll(() => t.close());

const ticketOf = async (number: string) => {
  const contact = await db.getRepository(ContactEntity).findOneByOrFail({ companyId: co.companyId, number });
  return db.getRepository(TicketEntity).findOneOrFail({ where: { contactId: contact.id }, order: { id: 'DESC' } });
};

describe('paging', () => {
  it('pages tickets 40 at a time, newest activity first, without gaps or repeats (offset and cursor)', async () => {
    const sink = sinkOf(t);
    for (let batch = 0; batch < 85; batch += 17) {
      await Promise.all(
        Array.from({ length: 17 }, (_, i) =>
          sink.message(
            inbound(
              co.companyId,
              co.mainLine,
              { number: `55119100${String(batch + i).padStart(5, '0')}` },
              `paging ${batch + i}`,
            ),
          ),
        ),
      );
    }
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await t.request('GET', `/tickets?status=pending&searchParam=paging&pageNumber=${page}`, {
        token: co.admin.token,
      });
      expect(res.body.hasMore).toBe(page < 3);
      seen.push(...res.body.tickets.map((x: { id: number }) => x.id));
    }
    expect(seen).toHaveLength(85);
    expect(new Set(seen).size).toBe(85);
    const stamps = await db.getRepository(TicketEntity).findBy({ companyId: co.companyId });
    const order = [...seen].map((id) => stamps.find((s) => s.id === id)!.updatedAt.getTime());
    expect(order).toEqual([...order].sort((a, b) => b - a));

    // Keyset: stays exact while tickets leave the filter between pages.
    const first = await t.request('GET', '/tickets?status=pending&searchParam=paging', { token: co.admin.token });
    for (const gone of first.body.tickets.slice(0, 5)) {
      await t.request('PUT', `/tickets/${gone.id}`, { token: co.admin.token, body: { status: 'closed' } });
    }
    const next = await t.request(
      'GET',
      `/tickets?status=pending&searchParam=paging&cursor=${encodeURIComponent(first.body.cursor)}`,
      {
        token: co.admin.token,
      },
    );
    expect(next.body.tickets.map((x: { id: number }) => x.id)).toEqual(seen.slice(40, 80));
  }, 60_000);

  it('pages a conversation 20 at a time, oldest first within a page, by page number or keyset', async () => {
    const number = '5511920000001';
    for (let i = 0; i < 45; i += 1) await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, `m${i}`));
    const ticket = await ticketOf(number);
    const bodies: string[] = [];
    let page = 1;
    let res;
    do {
      res = await t.request('GET', `/messages/${ticket.id}?pageNumber=${page}`, { token: co.admin.token });
      bodies.unshift(...res.body.messages.map((m: { body: string }) => m.body));
      page += 1;
    } while (res.body.hasMore);
    expect(bodies).toEqual(Array.from({ length: 45 }, (_, i) => `m${i}`));
    expect(res.body.ticket).toMatchObject({ id: ticket.id });
    // (45 inbound messages one after the other take a while on MariaDB.)

    const newest = await t.request('GET', `/messages/${ticket.id}`, { token: co.admin.token });
    const older = await t.request('GET', `/messages/${ticket.id}?before=${newest.body.messages[0].id}`, {
      token: co.admin.token,
    });
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(bodies.slice(5, 25));
  }, 60_000);
});

describe('reading and reconnecting', () => {
  it('clears unread when anyone who may see the ticket reads it, as the existing clients expect', async () => {
    const number = '5511920000002';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'one'));
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'two'));
    const ticket = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const seller = await connected(t.socket(co.seller.token));
    const unread = nextEvent(seller, `company-${co.companyId}-ticket`);
    // An admin reading the seller's ticket has read it too: the seller's badge goes.
    const page = await t.request('GET', `/messages/${ticket.id}`, { token: co.admin.token });
    expect(page.body.ticket.unreadMessages).toBe(0);
    expect(await unread).toEqual({ action: 'updateUnread', ticketId: ticket.id });
    expect((await ticketOf(number)).unreadMessages).toBe(0);
    expect(await db.getRepository(MessageEntity).countBy({ ticketId: ticket.id, read: false })).toBe(0);
    // Only the newest page reads: paging back through history changes nothing.
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'three'));
    await t.request('GET', `/messages/${ticket.id}?pageNumber=2`, { token: co.seller.token });
    expect((await ticketOf(number)).unreadMessages).toBe(1);
  });

  it('answers what changed since an instant, for tickets and messages', async () => {
    const number = '5511920000003';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'before'));
    const ticket = await ticketOf(number);
    await settle(20);
    const since = new Date().toISOString();
    await settle(20);
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'after'));
    const tickets = await t.request('GET', `/tickets?updatedAt=${encodeURIComponent(since)}`, {
      token: co.admin.token,
    });
    expect(tickets.body.tickets.map((x: { id: number }) => x.id)).toEqual([ticket.id]);
    const messages = await t.request('GET', `/messages/${ticket.id}?since=${encodeURIComponent(since)}`, {
      token: co.admin.token,
    });
    expect(messages.body.messages.map((m: { body: string }) => m.body)).toEqual(['after']);
  });

  it('lets a socket follow only conversations its user may see', async () => {
    const number = '5511920000004';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'sales only'));
    const ticket = await ticketOf(number);
    const helper = await connected(t.socket(co.helper.token));
    const stranger = await connected(t.socket(other.token));
    helper.emit('joinChatBox', String(ticket.id));
    stranger.emit('joinChatBox', String(ticket.id));
    await settle(200);
    const helperHeard = collect(helper, `company-${co.companyId}-appMessage`);
    const strangerHeard = collect(stranger, `company-${co.companyId}-appMessage`);
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'secret'));
    await settle();
    expect(helperHeard).toHaveLength(0);
    expect(strangerHeard).toHaveLength(0);
  });
});

describe('sending and deleting', () => {
  it('sends files as media messages and deletes only own messages', async () => {
    const number = '5511920000005';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'send me the file'));
    const ticket = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const boundary = '----atendo';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nhere it is\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const sent = await t.request('POST', `/messages/${ticket.id}`, {
      token: co.seller.token,
      body: payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual([
      expect.objectContaining({ body: 'here it is', mediaType: 'application', fromMe: true, ack: 1 }),
    ]);
    expect(port.sent[port.sent.length - 1].media).toMatchObject({
      mimetype: 'application/pdf',
      filename: 'doc.pdf',
      caption: 'here it is',
    });
    const file = await t.request('GET', sent.body[0].mediaUrl);
    expect(file.status).toBe(200);

    const theirs = await db.getRepository(MessageEntity).findOneByOrFail({ ticketId: ticket.id, fromMe: false });
    expect(await t.request('DELETE', `/messages/${theirs.id}`, { token: co.seller.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const deleted = await t.request('DELETE', `/messages/${sent.body[0].id}`, { token: co.seller.token });
    expect(deleted.body).toMatchObject({ id: sent.body[0].id, isDeleted: true });
    expect(port.deleted).toHaveLength(1);
  });

  it('answers ERR_WAPP_NOT_INITIALIZED when no session can send', async () => {
    const number = '5511920000006';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'hello?'));
    const ticket = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const outbound = t.app.get((await import('../src/modules/conversations/outbound.js')).Outbound) as unknown as {
      port: unknown;
    };
    const saved = outbound.port;
    outbound.port = null;
    try {
      expect(
        await t.request('POST', `/messages/${ticket.id}`, { token: co.seller.token, body: { body: 'hi' } }),
      ).toMatchObject({
        status: 400,
        body: { error: 'ERR_WAPP_NOT_INITIALIZED' },
      });
    } finally {
      outbound.port = saved;
    }
  });

  it('takes a deleted last message off the ticket preview, whoever deletes it, and says so', async () => {
    const number = '5511920000007';
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'oi'));
    const ticket = await ticketOf(number);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const send = async (body: string) =>
      (await t.request('POST', `/messages/${ticket.id}`, { token: co.seller.token, body: { body } })).body as {
        id: number;
      };
    const older = await send('*older* answer');
    const newest = await send('the _newest_ answer');
    const preview = async () => (await t.request('GET', `/tickets/${ticket.id}`, { token: co.seller.token })).body;
    const before = await preview();
    expect(before).toMatchObject({ lastMessage: 'the _newest_ answer', lastMessageDeleted: false });

    const admin = await connected(t.socket(co.admin.token));
    const heard = collect(admin, `company-${co.companyId}-ticket`);
    const del = (id: number) => t.request('DELETE', `/messages/${id}`, { token: co.seller.token });

    // Not what the preview shows: the preview stays and no ticket event goes out.
    expect((await del(older.id)).body).toMatchObject({ isDeleted: true });
    await settle();
    expect(await preview()).toMatchObject({ lastMessage: 'the _newest_ answer', lastMessageDeleted: false });
    expect(heard).toHaveLength(0);

    // The preview's own message: its text goes, the ticket keeps its place (same updatedAt).
    expect((await del(newest.id)).body).toMatchObject({ isDeleted: true });
    await settle();
    expect(await preview()).toMatchObject({ lastMessage: '', lastMessageDeleted: true, updatedAt: before.updatedAt });
    expect(heard).toEqual([
      {
        action: 'update',
        ticket: expect.objectContaining({ id: ticket.id, lastMessage: '', lastMessageDeleted: true }),
      },
    ]);

    // A new message is the preview again; the customer deleting it for everyone takes it off too.
    const theirs = inbound(co.companyId, co.salesLine, { number }, 'engano, ignore');
    await sinkOf(t).message(theirs);
    expect(await preview()).toMatchObject({ lastMessage: 'engano, ignore', lastMessageDeleted: false });
    await sinkOf(t).change({
      kind: 'revoke',
      whatsappId: co.salesLine,
      companyId: co.companyId,
      providerId: theirs.providerId,
    });
    await settle();
    expect(await preview()).toMatchObject({ lastMessage: '', lastMessageDeleted: true });
    expect(heard.at(-1)).toMatchObject({ action: 'update', ticket: { id: ticket.id, lastMessageDeleted: true } });
    admin.disconnect();
  });
});

describe('search, tags, notes, quick messages and contacts', () => {
  it('finds every ticket of a word that is common in the company, as of a rare one, all words required', async () => {
    // Past a thousand matching messages MySQL walks the tickets instead of the full-text index
    // (TicketsService.search): both routes must answer the same tickets.
    await sinkOf(t).message(inbound(co.companyId, co.mainLine, { number: '5511930000101' }, 'quarenta caixas'));
    await sinkOf(t).message(inbound(co.companyId, co.mainLine, { number: '5511930000102' }, 'caixas lacradas'));
    const [bulk, single] = [await ticketOf('5511930000101'), await ticketOf('5511930000102')];
    const now = Date.now();
    await db
      .createQueryBuilder()
      .insert()
      .into(MessageEntity)
      .updateEntity(false)
      .values(
        Array.from({ length: 1100 }, (_, i) => ({
          companyId: co.companyId,
          ticketId: bulk.id,
          contactId: bulk.contactId,
          whatsappId: co.mainLine,
          providerId: `common-${i}`,
          body: i % 2 ? 'quarenta caixas' : 'caixas vazias',
          createdAt: new Date(now - 60_000 + i),
          updatedAt: new Date(now - 60_000 + i),
        })),
      )
      .execute();
    const find = async (q: string) =>
      (
        await t.request('GET', `/tickets?searchParam=${encodeURIComponent(q)}`, { token: co.admin.token })
      ).body.tickets.map((x: { id: number }) => x.id);
    expect(await find('quarenta')).toEqual([bulk.id]);
    // "caixas" is in over a thousand messages: the walk finds both tickets, newest activity first.
    expect(await find('caixas')).toEqual([single.id, bulk.id]);
    expect(await find('caixas lacradas')).toEqual([single.id]);
    expect(await find('lacradas quarenta')).toEqual([]);
  });

  it('finds tickets by contact name, number and message text, and filters by tag', async () => {
    await sinkOf(t).message(
      inbound(co.companyId, co.salesLine, { number: '5511930000001', name: 'Zeferino' }, 'orçamento do telhado'),
    );
    const ticket = await ticketOf('5511930000001');
    const find = async (q: string) =>
      (
        await t.request('GET', `/tickets?searchParam=${encodeURIComponent(q)}`, { token: co.admin.token })
      ).body.tickets.map((x: { id: number }) => x.id);
    expect(await find('zeferino')).toEqual([ticket.id]);
    expect(await find('30000001')).toEqual([ticket.id]);
    expect(await find('telhado')).toEqual([ticket.id]);

    expect(await find('telhado zeferino')).toEqual([]);
    const tag = await t.request('POST', '/tags', { token: co.admin.token, body: { name: 'Urgent', color: '#FF0000' } });
    expect(tag.status).toBe(201);
    expect((await t.request('POST', '/tags', { token: co.admin.token, body: { name: 'Urgent' } })).status).toBe(400);
    const synced = await t.request('POST', '/tags/sync', {
      token: co.admin.token,
      body: { ticketId: ticket.id, tags: [{ id: tag.body.id }] },
    });
    expect(synced.body.tags).toEqual([{ id: tag.body.id, name: 'Urgent', color: '#FF0000' }]);
    const tagged = await t.request('GET', `/tickets?tags=${encodeURIComponent(JSON.stringify([tag.body.id]))}`, {
      token: co.admin.token,
    });
    expect(tagged.body.tickets.map((x: { id: number }) => x.id)).toEqual([ticket.id]);
    expect(
      (await t.request('GET', '/tags/list', { token: co.seller.token })).body.map((x: { name: string }) => x.name),
    ).toEqual(['Urgent']);
  });

  it('keeps internal notes per ticket and contact', async () => {
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number: '5511930000002' }, 'note me'));
    const ticket = await ticketOf('5511930000002');
    const note = await t.request('POST', '/ticket-notes', {
      token: co.seller.token,
      body: { note: 'VIP customer', ticketId: ticket.id, contactId: ticket.contactId },
    });
    expect(note.body).toMatchObject({ note: 'VIP customer', user: { name: 'Seller' } });
    const list = await t.request('GET', `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`, {
      token: co.admin.token,
    });
    expect(list.body).toHaveLength(1);
    expect((await t.request('DELETE', `/ticket-notes/${note.body.id}`, { token: co.seller.token })).status).toBe(204);
    expect((await t.request('POST', '/ticket-notes', { token: co.seller.token, body: { note: 'x' } })).status).toBe(
      400,
    );
  });

  it('lists the shared quick answers and the caller’s own', async () => {
    await db.query(
      "INSERT INTO quick_messages (companyId, userId, shortcode, message, geral) VALUES (?, NULL, 'hi', 'Hello!', ?), (?, ?, 'mine', 'Mine', ?), (?, ?, 'theirs', 'Theirs', ?)",
      [co.companyId, true, co.companyId, co.seller.id, false, co.companyId, co.helper.id, false],
    );
    const list = await t.request('GET', `/quick-messages/list?companyId=${other.companyId}&userId=${co.helper.id}`, {
      token: co.seller.token,
    });
    expect(list.body.map((q: { shortcode: string }) => q.shortcode)).toEqual(['hi', 'mine']);
  });

  it('lists, searches, creates and updates contacts; a number clash is ERR_DUPLICATED_CONTACT', async () => {
    const created = await t.request('POST', '/contacts', {
      token: co.admin.token,
      body: { name: 'Laura', number: '5511940000001' },
    });
    expect(created.status).toBe(201);
    expect(
      await t.request('POST', '/contacts', { token: co.admin.token, body: { name: 'Dup', number: '5511940000001' } }),
    ).toMatchObject({
      status: 409,
      body: { error: 'ERR_DUPLICATED_CONTACT' },
    });
    const updated = await t.request('PUT', `/contacts/${created.body.id}`, {
      token: co.admin.token,
      body: { name: 'Laura M', number: '5511940000001', email: 'laura@x.test' },
    });
    expect(updated.body).toMatchObject({ name: 'Laura M', email: 'laura@x.test' });
    const page = await t.request('GET', '/contacts?searchParam=laura', { token: co.seller.token });
    expect(page.body).toMatchObject({ count: 1, hasMore: false, contacts: [{ id: created.body.id }] });
    const pick = await t.request('GET', '/contacts/list?searchParam=lau', { token: co.seller.token });
    expect(pick.body.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    expect(
      (await t.request('POST', '/contacts', { token: co.admin.token, body: { name: 'x', number: '1' } })).body.fields,
    ).toHaveLength(2);
  });
});

describe("another company's conversations answer 404", () => {
  it.each([
    ['GET', (id: number) => `/tickets/${id}`, undefined, 'ERR_NO_TICKET_FOUND'],
    ['PUT', (id: number) => `/tickets/${id}`, { status: 'open' }, 'ERR_NO_TICKET_FOUND'],
    ['DELETE', (id: number) => `/tickets/${id}`, undefined, 'ERR_NO_TICKET_FOUND'],
    ['GET', (id: number) => `/messages/${id}`, undefined, 'ERR_NO_TICKET_FOUND'],
    ['POST', (id: number) => `/messages/${id}`, { body: 'hi' }, 'ERR_NO_TICKET_FOUND'],
    ['POST', () => '/tags/sync', 'ticket', 'ERR_NO_TICKET_FOUND'],
    ['POST', () => '/ticket-notes', 'note', 'ERR_NO_TICKET_FOUND'],
    ['GET', (id: number) => `/ticket-notes/list?ticketId=${id}`, undefined, 'ERR_NO_TICKET_FOUND'],
  ] as const)('%s %s', async (method, path, body, code) => {
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number: '5511950000001' }, 'mine'));
    const ticket = await ticketOf('5511950000001');
    const payload =
      body === 'ticket'
        ? { ticketId: ticket.id, tags: [] }
        : body === 'note'
          ? { note: 'peek', ticketId: ticket.id, contactId: ticket.contactId }
          : body;
    const res = await t.request(method, path(ticket.id), { token: other.token, body: payload });
    expect(res).toMatchObject({ status: 404, body: { error: code } });
  });

  it('hides messages, contacts and tickets by uuid too', async () => {
    const ticket = await ticketOf('5511950000001');
    const message = await db.getRepository(MessageEntity).findOneByOrFail({ ticketId: ticket.id });
    expect((await t.request('DELETE', `/messages/${message.id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/tickets/u/${ticket.uuid}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/contacts/${ticket.contactId}`, { token: other.token })).body).toEqual({
      error: 'ERR_NO_CONTACT_FOUND',
    });
    expect(
      (
        await t.request('PUT', `/contacts/${ticket.contactId}`, {
          token: other.token,
          body: { name: 'Hijack', number: '12345678' },
        })
      ).status,
    ).toBe(404);
    expect((await t.request('GET', '/tickets', { token: other.token })).body).toEqual({
      tickets: [],
      hasMore: false,
      cursor: null,
    });
  });

  it('validates list parameters instead of failing', async () => {
    const bad = await t.request('GET', '/tickets?status=weird&queueIds=[x]&pageNumber=0', { token: co.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'pageNumber',
      'queueIds[0]',
      'status',
    ]);
    expect((await t.request('GET', '/messages/abc', { token: co.admin.token })).status).toBe(404);
    expect((await t.request('GET', '/tickets/u/not-a-uuid', { token: co.admin.token })).status).toBe(404);
  });
});
