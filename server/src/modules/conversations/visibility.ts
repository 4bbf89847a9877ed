import { can, rooms, type Profile } from '@atendo/shared';
import { placeholders } from '../../database/compiled-select.js';

/** Who is looking at tickets, with what the visibility rules (spec §6) need to know about them. */
export interface Viewer {
  userId: number;
  companyId: number;
  profile: Profile;
  /** Admins (and holders of tickets:bypassQueueRestriction) see every ticket of the company. */
  seeAll: boolean;
  /** The user's setting allTicket is "enabled": tickets without a queue are theirs to see. */
  allTicket: boolean;
  queueIds: number[];
}

export interface TicketPlace {
  userId: number | null;
  queueId: number | null;
}

export function viewerOf(
  auth: { userId: number; companyId: number; profile: Profile; super?: boolean },
  user: { allTicket: string; queueIds: number[] },
): Viewer {
  return {
    userId: auth.userId,
    companyId: auth.companyId,
    profile: auth.profile,
    seeAll: can(auth, 'tickets:bypassQueueRestriction'),
    allTicket: user.allTicket === 'enabled',
    queueIds: user.queueIds,
  };
}

/**
 * Spec §6: admins see everything; everyone else sees the tickets of their queues, their own
 * tickets wherever they are, and (allTicket enabled) the tickets no queue has taken yet.
 */
export function canSeeTicket(viewer: Viewer, ticket: TicketPlace): boolean {
  if (viewer.seeAll) return true;
  if (ticket.userId !== null && ticket.userId === viewer.userId) return true;
  if (ticket.queueId === null) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}

/** The same rule as SQL on a ticket alias, with its values; null when the viewer sees everything. */
export function visibilitySql(viewer: Viewer, alias: string): { sql: string; values: number[] } | null {
  if (viewer.seeAll) return null;
  const seen = [`${alias}.userId = ?`];
  if (viewer.queueIds.length) seen.push(`${alias}.queueId IN (${placeholders(viewer.queueIds)})`);
  if (viewer.allTicket) seen.push(`${alias}.queueId IS NULL`);
  return { sql: `(${seen.join(' OR ')})`, values: [viewer.userId, ...viewer.queueIds] };
}

/**
 * The rooms a user's sockets are in for the tickets they may see: the mirror of visibilitySql.
 * Users who may switch "show all" on (supervisors) hear every ticket, and their screen keeps only
 * what its current filter shows.
 */
export function viewerRooms(
  companyId: number,
  user: { profile: Profile; super?: boolean; allTicket: string; queueIds: number[] },
): string[] {
  const everything = can(user, 'tickets:bypassQueueRestriction') || can(user, 'tickets-manager:showall');
  return [
    ...user.queueIds.map((queueId) => rooms.queue(companyId, queueId)),
    ...(everything ? [rooms.allTickets(companyId)] : []),
    // Tickets no queue has taken yet reach only the users allowed to see them (allTicket).
    ...(user.allTicket === 'enabled' ? [rooms.queueless(companyId)] : []),
  ];
}

/**
 * The socket rooms whose members may see a ticket — the real-time mirror of canSeeTicket: the
 * admins, its queue (or the allTicket users while it has none), its owner, and whoever has the
 * conversation open (joinChatBox checks visibility before letting a socket in).
 */
export function ticketRooms(companyId: number, ticket: TicketPlace & { id: number; uuid: string }): string[] {
  return [
    rooms.allTickets(companyId),
    ticket.queueId === null ? rooms.queueless(companyId) : rooms.queue(companyId, ticket.queueId),
    ...(ticket.userId === null ? [] : [rooms.user(companyId, ticket.userId)]),
    rooms.ticket(companyId, ticket.id),
    rooms.ticket(companyId, ticket.uuid),
  ];
}
