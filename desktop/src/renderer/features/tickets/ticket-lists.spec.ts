import { describe, expect, it } from '@jest/globals';
import type { Ticket } from '@atendo/shared';
import {
  flattenTickets,
  listCountLabel,
  markTicketRead,
  nextTicketPage,
  placeTicket,
  removeTicket,
  type TicketListArgs,
  ticketListDecision,
  ticketListParams,
  type TicketsPage,
  truncateName,
  unreadTicketCount,
} from './ticket-lists';

const me = { id: 7, allTicket: 'desabled' as const, seesEveryQueue: false, queueIds: [1, 2, 3] };

function ticket(id: number, over: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `u-${id}`,
    status: 'open',
    companyId: 1,
    userId: 7,
    user: { id: 7, name: 'Ana' },
    queueId: 1,
    queue: { id: 1, name: 'Sales', color: '#000000' },
    whatsappId: 1,
    whatsapp: null,
    contactId: id,
    contact: {
      id,
      companyId: 1,
      name: `C${id}`,
      number: '5511',
      email: '',
      profilePicUrl: '',
      isGroup: false,
      createdAt: '',
      updatedAt: '',
    },
    tags: [],
    lastMessage: '',
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: `2024-01-01T00:00:${String(id).padStart(2, '0')}.000Z`,
    ...over,
  };
}

const args = (kind: TicketListArgs['kind'], over: Partial<TicketListArgs> = {}): TicketListArgs => ({
  kind,
  showAll: false,
  queueIds: [],
  ...over,
});

function pages(...lists: Ticket[][]): TicketsPage[] {
  return lists.map((tickets, i) => ({ tickets, hasMore: i < lists.length - 1 }));
}

describe('ticketListParams', () => {
  it('sends the status, JSON id lists and flags as the existing clients do', () => {
    expect(ticketListParams(args('open', { queueIds: [1, 2], showAll: true }), { page: 1 })).toEqual({
      pageNumber: 1,
      status: 'open',
      showAll: 'true',
      queueIds: '[1,2]',
    });
    expect(
      ticketListParams(args('search', { searchParam: 'ana', tags: [3], users: [4] }), { page: 2, cursor: 'c' }),
    ).toEqual({ cursor: 'c', searchParam: 'ana', tags: '[3]', users: '[4]' });
    expect(ticketListParams(args('unread'), { page: 1 })).toEqual({ pageNumber: 1, withUnreadMessages: 'true' });
  });

  it('continues with the cursor, and stops without more', () => {
    expect(nextTicketPage({ tickets: [], hasMore: true, cursor: 'x' }, { page: 1 })).toEqual({ page: 2, cursor: 'x' });
    expect(nextTicketPage({ tickets: [], hasMore: false }, { page: 1 })).toBeUndefined();
  });
});

describe('ticketListDecision', () => {
  it('moves a ticket to the tab of its status', () => {
    const pending = ticket(1, { status: 'pending', userId: null });
    expect(ticketListDecision(pending, args('pending'), me)).toBe('fits');
    expect(ticketListDecision(pending, args('open'), me)).toBe('out');
    expect(ticketListDecision(ticket(1), args('open'), me)).toBe('fits');
    expect(ticketListDecision(ticket(1, { status: 'closed' }), args('open'), me)).toBe('out');
  });

  it("keeps other agents' tickets out unless show all is on", () => {
    const theirs = ticket(2, { userId: 9 });
    expect(ticketListDecision(theirs, args('open'), me)).toBe('out');
    expect(ticketListDecision(theirs, args('open', { showAll: true }), me)).toBe('fits');
  });

  it('honours the queue selector but keeps own and queueless tickets', () => {
    const other = ticket(3, { queueId: 5, userId: null, status: 'pending' });
    expect(ticketListDecision(other, args('pending', { queueIds: [1] }), me)).toBe('out');
    expect(
      ticketListDecision(
        ticket(3, { queueId: null, userId: null, status: 'pending' }),
        args('pending', { queueIds: [1] }),
        { ...me, allTicket: 'enabled' },
      ),
    ).toBe('fits');
    expect(ticketListDecision(ticket(3, { queueId: 5 }), args('open', { queueIds: [1] }), me)).toBe('fits');
  });

  it("keeps tickets out of the viewer's sight out unless show all is on (supervisors hear them all)", () => {
    const elsewhere = ticket(6, { queueId: 9, userId: null, status: 'pending' });
    expect(ticketListDecision(elsewhere, args('pending'), me)).toBe('out');
    expect(ticketListDecision(elsewhere, args('pending', { showAll: true }), me)).toBe('fits');
    expect(ticketListDecision(elsewhere, args('pending'), { ...me, seesEveryQueue: true })).toBe('fits');
    const queueless = ticket(6, { queueId: null, userId: null, status: 'pending' });
    expect(ticketListDecision(queueless, args('pending'), me)).toBe('out');
    expect(ticketListDecision(queueless, args('pending'), { ...me, allTicket: 'enabled' })).toBe('fits');
  });

  it('never inserts into search results, only updates them', () => {
    expect(ticketListDecision(ticket(1), args('search'), me)).toBe('unknown');
  });

  it('lists unread tickets: own open ones, waiting ones of own queues, and queueless ones with allTicket', () => {
    const unread = ticket(4, { unreadMessages: 2 });
    expect(ticketListDecision(unread, args('unread'), me)).toBe('fits');
    expect(ticketListDecision({ ...unread, unreadMessages: 0 }, args('unread'), me)).toBe('out');
    // A new customer in one of my queues counts whatever allTicket says: it is about queueless tickets.
    const waiting = ticket(4, { unreadMessages: 1, status: 'pending', userId: null });
    expect(ticketListDecision(waiting, args('unread'), me)).toBe('fits');
    expect(ticketListDecision({ ...waiting, queueId: 9 }, args('unread'), me)).toBe('out');
    const queueless = { ...waiting, queueId: null };
    expect(ticketListDecision(queueless, args('unread'), me)).toBe('out');
    expect(ticketListDecision(queueless, args('unread'), { ...me, allTicket: 'enabled' })).toBe('fits');
  });
});

describe('placeTicket', () => {
  it('puts a newer ticket at the top and moves an updated one', () => {
    const list = pages([ticket(5), ticket(3)], [ticket(2), ticket(1)]);
    placeTicket(list, ticket(9), 'fits');
    expect(flattenTickets(list).map((t) => t.id)).toEqual([9, 5, 3, 2, 1]);
    placeTicket(list, ticket(1, { updatedAt: '2024-01-02T00:00:00.000Z' }), 'fits');
    expect(flattenTickets(list).map((t) => t.id)).toEqual([1, 9, 5, 3, 2]);
  });

  it('removes a ticket that no longer fits', () => {
    const list = pages([ticket(5), ticket(3)]);
    placeTicket(list, ticket(3, { status: 'closed' }), 'out');
    expect(flattenTickets(list).map((t) => t.id)).toEqual([5]);
  });

  it('leaves an older ticket past the loaded rows to paging', () => {
    const list = pages([ticket(5), ticket(4)], [ticket(3), ticket(2)]);
    list[1].hasMore = true;
    placeTicket(list, ticket(1), 'fits');
    expect(flattenTickets(list).map((t) => t.id)).toEqual([5, 4, 3, 2]);
    list[1].hasMore = false;
    placeTicket(list, ticket(1), 'fits');
    expect(flattenTickets(list).map((t) => t.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('updates search results in place only', () => {
    const list = pages([ticket(5), ticket(3)]);
    placeTicket(list, ticket(8), 'unknown');
    expect(flattenTickets(list).map((t) => t.id)).toEqual([5, 3]);
    placeTicket(list, ticket(3, { lastMessage: 'hi' }), 'unknown');
    expect(flattenTickets(list).find((t) => t.id === 3)?.lastMessage).toBe('hi');
  });

  it('keeps a server count in step', () => {
    const list: TicketsPage[] = [{ tickets: [ticket(2)], hasMore: false, count: 1 }];
    placeTicket(list, ticket(3), 'fits');
    expect(list[0].count).toBe(2);
    placeTicket(list, ticket(3, { updatedAt: '2024-02-01T00:00:00.000Z' }), 'fits');
    expect(list[0].count).toBe(2);
    removeTicket(list, 2);
    expect(list[0].count).toBe(1);
  });
});

describe('removeTicket and markTicketRead', () => {
  it('drops a deleted ticket from every page', () => {
    const list = pages([ticket(5)], [ticket(3)]);
    removeTicket(list, 3);
    expect(flattenTickets(list).map((t) => t.id)).toEqual([5]);
  });

  it('clears the unread counter, and leaves the unread list', () => {
    const list = pages([ticket(5, { unreadMessages: 3 })]);
    markTicketRead(list, 5, 'open');
    expect(list[0].tickets[0].unreadMessages).toBe(0);
    const unread = pages([ticket(5, { unreadMessages: 3 })]);
    markTicketRead(unread, 5, 'unread');
    expect(unread[0].tickets).toEqual([]);
  });
});

describe('counts and names', () => {
  it('labels sub-tab counts', () => {
    expect(listCountLabel(undefined)).toBe('0');
    expect(listCountLabel(pages([ticket(1), ticket(2)]))).toBe('2');
    expect(listCountLabel([{ tickets: [ticket(1)], hasMore: true }])).toBe('1+');
    expect(listCountLabel([{ tickets: [ticket(1)], hasMore: true, count: 57 }])).toBe('57');
  });

  it('counts tickets with unread messages', () => {
    expect(unreadTicketCount([{ unreadMessages: 0 }, { unreadMessages: 4 }, { unreadMessages: 1 }])).toBe(2);
  });

  it('truncates names to 10 characters on narrow screens only', () => {
    expect(truncateName('Maria Aparecida', true)).toBe('Maria Apar…');
    expect(truncateName('Maria Aparecida', false)).toBe('Maria Aparecida');
    expect(truncateName('Ana', true)).toBe('Ana');
  });
});
