import { rooms } from '@atendo/shared';
import { canSeeTicket, ticketRooms, viewerOf, type Viewer } from './visibility.js';

const agent = (over: Partial<Viewer> = {}): Viewer => ({
  ...viewerOf({ userId: 5, companyId: 1, profile: 'user' }, { allTicket: 'desabled', queueIds: [10, 11] }),
  ...over,
});

describe('ticket visibility (spec §6)', () => {
  it('lets admins see everything', () => {
    const admin = viewerOf({ userId: 1, companyId: 1, profile: 'admin' }, { allTicket: 'desabled', queueIds: [] });
    expect(admin.seeAll).toBe(true);
    expect(canSeeTicket(admin, { queueId: 99, userId: 42 })).toBe(true);
    expect(canSeeTicket(admin, { queueId: null, userId: null })).toBe(true);
  });

  it('shows users the tickets of their queues and their own anywhere', () => {
    expect(canSeeTicket(agent(), { queueId: 10, userId: null })).toBe(true);
    expect(canSeeTicket(agent(), { queueId: 11, userId: 42 })).toBe(true);
    expect(canSeeTicket(agent(), { queueId: 12, userId: null })).toBe(false);
    expect(canSeeTicket(agent(), { queueId: 12, userId: 5 })).toBe(true);
  });

  it('shows queueless tickets only with allTicket enabled', () => {
    expect(canSeeTicket(agent(), { queueId: null, userId: null })).toBe(false);
    expect(canSeeTicket(agent({ allTicket: true }), { queueId: null, userId: null })).toBe(true);
    expect(
      viewerOf({ userId: 5, companyId: 1, profile: 'user' }, { allTicket: 'enabled', queueIds: [] }).allTicket,
    ).toBe(true);
  });

  it('does not let supervisors bypass queues by profile alone', () => {
    const supervisor = viewerOf(
      { userId: 3, companyId: 1, profile: 'supervisor' },
      { allTicket: 'desabled', queueIds: [] },
    );
    expect(canSeeTicket(supervisor, { queueId: 10, userId: null })).toBe(false);
  });

  it('maps a ticket to the rooms of exactly those allowed to see it', () => {
    const ticket = { id: 8, uuid: 'u-8', queueId: 10, userId: 5 };
    expect(ticketRooms(1, ticket).sort()).toEqual(
      [rooms.allTickets(1), rooms.queue(1, 10), rooms.user(1, 5), rooms.ticket(1, 8), rooms.ticket(1, 'u-8')].sort(),
    );
    expect(ticketRooms(1, { ...ticket, queueId: null, userId: null })).toContain(rooms.queueless(1));
    expect(ticketRooms(1, { ...ticket, queueId: null, userId: null })).not.toContain(rooms.notification(1));
  });
});
