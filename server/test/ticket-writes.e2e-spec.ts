import { DataSource } from 'typeorm';
import { ScheduleEntity } from '../src/modules/schedules/entities/schedule.entity.js';
import { TicketNoteEntity } from '../src/modules/conversations/entities/ticket-note.entity.js';
import {
  conversationApp,
  type ConversationCompany,
  inbound,
  type RecordingPort,
  settle,
  type SignedUpCompany,
  sinkOf,
} from './support/conversations.js';
import type { TestApp } from './support/test-app.js';

/**
 * Every write that names a ticket (or lands in one) answers as reading that ticket does: another
 * company's 404, one out of the caller's sight 403, and nothing stored or sent.
 */
let t: TestApp, port: RecordingPort, co: ConversationCompany, other: SignedUpCompany, db: DataSource;
let ticket: { id: number; uuid: string; contactId: number };

beforeAll(async () => {
  ({ t, port, co, other, db } = await conversationApp('Writes', 'Outsider'));
  // A customer of the Sales line: the ticket waits in Sales, out of the Support agent's sight.
  await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number: '5511900007001', name: 'Bia' }, 'Oi'));
  await settle();
  const listed = await t.request('GET', '/tickets?status=pending', { token: co.seller.token });
  const found = listed.body.tickets.find((x: { contact: { number: string } }) => x.contact.number === '5511900007001');
  ticket = { id: found.id, uuid: found.uuid, contactId: found.contactId };
}, 60_000);
afterAll(() => t.close());

const later = () => new Date(Date.now() + 3_600_000).toISOString();
const schedulesOf = (contactId: number) => db.getRepository(ScheduleEntity).count({ where: { contactId } });

describe('writes that name a ticket', () => {
  it('answers the Support agent as reading the Sales ticket does, and stores or sends nothing', async () => {
    const read = await t.request('GET', `/tickets/${ticket.id}`, { token: co.helper.token });
    expect([read.status, read.body]).toEqual([403, { error: 'ERR_NO_PERMISSION' }]);
    const sentBefore = port.sent.length;
    const tag = (await t.request('POST', '/tags', { token: co.admin.token, body: { name: 'VIP', color: '#A4CCCC' } }))
      .body.id as number;

    const writes: [string, string, unknown?][] = [
      ['POST', `/messages/${ticket.id}`, { body: 'from outside the queue' }],
      [
        'POST',
        '/schedules',
        { body: 'Lembrete do pedido', contactId: ticket.contactId, ticketId: ticket.id, sendAt: later() },
      ],
      ['POST', '/ticket-notes', { note: 'a note', ticketId: ticket.id, contactId: ticket.contactId }],
      ['POST', '/tags/sync', { ticketId: ticket.id, tags: [{ id: tag }] }],
      ['PUT', `/ticket-tags/${ticket.id}/${tag}`],
      ['DELETE', `/ticket-tags/${ticket.id}`],
      ['PUT', `/tickets/${ticket.id}`, { status: 'open', userId: co.helper.id }],
    ];
    for (const [method, url, body] of writes) {
      const answer = await t.request(method, url, { token: co.helper.token, body });
      expect([method, url, answer.status, answer.body]).toEqual([method, url, read.status, read.body]);
    }

    // Another company's user gets the 404 its read gets.
    const foreignRead = await t.request('GET', `/tickets/${ticket.id}`, { token: other.token });
    expect([foreignRead.status, foreignRead.body]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }]);

    await settle();
    expect(port.sent.length).toBe(sentBefore);
    expect(await schedulesOf(ticket.contactId)).toBe(0);
    expect(await db.getRepository(TicketNoteEntity).count({ where: { ticketId: ticket.id } })).toBe(0);
    const after = await t.request('GET', `/tickets/${ticket.id}`, { token: co.admin.token });
    expect(after.body).toMatchObject({ status: 'pending', userId: null, queueId: co.sales, tags: [] });
  });

  it('refuses a schedule that would land in the contact’s live ticket out of the author’s sight', async () => {
    // No ticket named: at sendAt the message goes into the contact's live ticket on the connection.
    for (const fields of [{}, { whatsappId: co.salesLine }]) {
      const answer = await t.request('POST', '/schedules', {
        token: co.helper.token,
        body: { body: 'Lembrete do pedido', contactId: ticket.contactId, sendAt: later(), ...fields },
      });
      expect([answer.status, answer.body]).toEqual([403, { error: 'ERR_NO_PERMISSION' }]);
    }
    // An edit may not move one there either.
    const own = await t.request('POST', '/schedules', {
      token: co.helper.token,
      body: { body: 'Lembrete do pedido', contactId: ticket.contactId, whatsappId: co.mainLine, sendAt: later() },
    });
    expect(own.status).toBe(201);
    const moved = await t.request('PUT', `/schedules/${own.body.id}`, {
      token: co.helper.token,
      body: { body: 'Lembrete do pedido', contactId: ticket.contactId, ticketId: ticket.id, sendAt: later() },
    });
    expect([moved.status, moved.body]).toEqual([403, { error: 'ERR_NO_PERMISSION' }]);
    const kept = await db.getRepository(ScheduleEntity).findOneByOrFail({ id: own.body.id });
    expect({ ticketId: kept.ticketId, whatsappId: kept.whatsappId }).toEqual({
      ticketId: null,
      whatsappId: co.mainLine,
    });
    await t.request('DELETE', `/schedules/${own.body.id}`, { token: co.helper.token });

    // Another company's ticket is one that does not exist.
    const foreign = await t.request('POST', '/schedules', {
      token: other.token,
      body: { body: 'Lembrete do pedido', contactId: ticket.contactId, ticketId: ticket.id, sendAt: later() },
    });
    expect(foreign.status).toBe(404);
    expect(await schedulesOf(ticket.contactId)).toBe(0);
  });

  it('lets the agents who see the ticket schedule into it', async () => {
    for (const token of [co.seller.token, co.admin.token]) {
      const answer = await t.request('POST', '/schedules', {
        token,
        body: { body: 'Lembrete do pedido', contactId: ticket.contactId, ticketId: ticket.id, sendAt: later() },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ ticketId: ticket.id, whatsappId: co.salesLine });
    }
  });
});
