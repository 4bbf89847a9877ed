import { describe, expect, it } from '@jest/globals';
import type { CompanyEventPayloads, Contact, Message, Ticket } from '@atendo/shared';
import { concernsViewer, inboundDecision, previewText, ticketUuidOf } from './notifications';

const viewer = { id: 7, allTicket: 'desabled' as const, queues: [{ id: 1 }], isAdmin: false };

function ticketOf(over: Partial<Ticket>): Ticket {
  return { id: 3, uuid: 'abc', status: 'open', userId: 7, queueId: 1, ...over } as Ticket;
}

function event(ticket: Partial<Ticket>, message: Partial<Message> = {}): CompanyEventPayloads['appMessage'] {
  return {
    action: 'create',
    message: { id: 1, ticketId: 3, body: 'hello', fromMe: false, mediaType: 'chat', ...message } as Message,
    ticket: ticketOf(ticket),
    contact: { id: 1, name: 'Ana' } as Contact,
  };
}

describe('notifications', () => {
  it('rings for inbound messages of own tickets, never for own messages', () => {
    expect(inboundDecision(event({}), viewer, { uuid: null, focused: true })).toEqual({ sound: true, notify: true });
    expect(inboundDecision(event({}, { fromMe: true }), viewer, { uuid: null, focused: true }).sound).toBe(false);
    expect(inboundDecision(event({ userId: 9 }), viewer, { uuid: null, focused: true }).sound).toBe(false);
  });

  it('shows no notification for the ticket being viewed in a focused window', () => {
    expect(inboundDecision(event({}), viewer, { uuid: 'abc', focused: true })).toEqual({ sound: true, notify: false });
    expect(inboundDecision(event({}), viewer, { uuid: 'abc', focused: false })).toEqual({ sound: true, notify: true });
  });

  it('includes waiting tickets of own queues, and queueless ones only with allTicket enabled', () => {
    const waiting = { status: 'pending' as const, userId: null };
    expect(concernsViewer(ticketOf(waiting), viewer)).toBe(true);
    expect(concernsViewer(ticketOf({ ...waiting, queueId: 5 }), viewer)).toBe(false);
    expect(concernsViewer(ticketOf({ ...waiting, queueId: null }), viewer)).toBe(false);
    expect(concernsViewer(ticketOf({ ...waiting, queueId: null }), { ...viewer, allTicket: 'enabled' })).toBe(true);
    expect(concernsViewer(ticketOf({ queueId: 5 }), viewer)).toBe(false);
    expect(concernsViewer(ticketOf({ queueId: 5 }), { ...viewer, isAdmin: true })).toBe(true);
    expect(concernsViewer(ticketOf({ status: 'closed' }), viewer)).toBe(false);
  });

  it('previews text, and labels media', () => {
    const t = (key: string) => `[${key}]`;
    expect(previewText({ body: 'hi', mediaType: 'chat' }, t)).toBe('hi');
    expect(previewText({ body: 'x.jpg', mediaType: 'image' }, t)).toBe('[tickets.preview.image]');
    expect(previewText({ body: 'a'.repeat(200), mediaType: 'chat' }, t)).toHaveLength(121);
    // A system notification shows plain text: WhatsApp's markers are read, not shown.
    expect(previewText({ body: '*Boleto* _vence_ ~hoje~ `123`', mediaType: 'chat' }, t)).toBe('Boleto vence hoje 123');
  });

  it('reads the open ticket from the route', () => {
    expect(ticketUuidOf('/tickets/abc-1')).toBe('abc-1');
    expect(ticketUuidOf('/tickets')).toBeNull();
    expect(ticketUuidOf('/connections')).toBeNull();
  });
});
