import { type AllTicket, can, type Id, type Ticket, type TicketStatus } from '@atendo/shared';
import type { RootState } from '../../app/store';

/** Which ticket list a cached page set belongs to. */
export type TicketListKind = 'open' | 'pending' | 'closed' | 'search' | 'unread';

export interface TicketListArgs {
  kind: TicketListKind;
  showAll: boolean;
  /** The toolbar's queue filter; empty means every queue the user may see. */
  queueIds: Id[];
  searchParam?: string;
  tags?: Id[];
  users?: Id[];
}

/** A page of GET /tickets; `cursor` continues after its last row (keyset, exact while tickets move). */
export interface TicketsPage {
  tickets: Ticket[];
  hasMore: boolean;
  cursor?: string | null;
  count?: number;
}

/** Which page to ask for: the server's keyset cursor when it gave one, else the page number. */
export interface TicketPageParam {
  page: number;
  cursor?: string | null;
}

export interface Viewer {
  id: Id;
  allTicket: AllTicket;
  /** Admins see every ticket whatever the "show all" switch says. */
  seesEveryQueue: boolean;
  queueIds: Id[];
}

/** The signed-in user as the lists judge visibility for them; null while nobody is signed in. */
export function viewerOf(state: RootState): Viewer | null {
  const user = state.auth.user;
  return user
    ? {
        id: user.id,
        allTicket: user.allTicket,
        seesEveryQueue: can(user, 'tickets:bypassQueueRestriction'),
        queueIds: user.queues.map((q) => q.id),
      }
    : null;
}

/** Spec §6 from the screen's side (the server's visibility rule). */
export function inSight(ticket: Pick<Ticket, 'userId' | 'queueId'>, viewer: Viewer): boolean {
  if (viewer.seesEveryQueue || ticket.userId === viewer.id) return true;
  return ticket.queueId === null ? viewer.allTicket === 'enabled' : viewer.queueIds.includes(ticket.queueId);
}

/** The tab's ticket status, for the lists that have one. */
export function listStatus(kind: TicketListKind): TicketStatus | null {
  return kind === 'open' || kind === 'pending' || kind === 'closed' ? kind : null;
}

/** Query string of GET /tickets for one list (JSON arrays, as the existing clients send them). */
export function ticketListParams(args: TicketListArgs, pageParam: TicketPageParam): Record<string, string | number> {
  const params: Record<string, string | number> = pageParam.cursor
    ? { cursor: pageParam.cursor }
    : { pageNumber: pageParam.page };
  const status = listStatus(args.kind);
  if (status) params.status = status;
  if (args.showAll) params.showAll = 'true';
  if (args.queueIds.length) params.queueIds = JSON.stringify(args.queueIds);
  if (args.kind === 'search') {
    if (args.searchParam) params.searchParam = args.searchParam;
    if (args.tags?.length) params.tags = JSON.stringify(args.tags);
    if (args.users?.length) params.users = JSON.stringify(args.users);
  }
  if (args.kind === 'unread') params.withUnreadMessages = 'true';
  return params;
}

/**
 * Whether a changed ticket belongs in a list: 'fits' (insert or move it), 'out' (remove it) or
 * 'unknown' (the search tab, whose text match only the server can judge: update it in place only).
 */
export function ticketListDecision(ticket: Ticket, args: TicketListArgs, viewer: Viewer): 'fits' | 'out' | 'unknown' {
  // Supervisors hear every ticket (for their "show all"); with it off, the others stay out.
  if (!args.showAll && !inSight(ticket, viewer)) return 'out';
  // The queue selector narrows the queues; the agent's own tickets and queueless ones stay (as the server does).
  if (
    args.queueIds.length &&
    ticket.queueId !== null &&
    ticket.userId !== viewer.id &&
    !args.queueIds.includes(ticket.queueId)
  ) {
    return 'out';
  }
  if (args.kind === 'search') return 'unknown';
  if (args.kind === 'unread') {
    if (ticket.unreadMessages <= 0) return 'out';
    if (ticket.status === 'open') return ticket.userId === viewer.id || ticket.userId === null ? 'fits' : 'out';
    // Waiting tickets in sight: the queue's members see theirs, allTicket opens the queueless ones.
    if (ticket.status === 'pending') return 'fits';
    return 'out';
  }
  if (ticket.status !== args.kind) return 'out';
  // Assigned and resolved lists show the agent's own tickets unless "show all" is on.
  if (args.kind !== 'pending' && !args.showAll && ticket.userId !== viewer.id) return 'out';
  return 'fits';
}

function newerFirst(a: Pick<Ticket, 'updatedAt'>, b: Pick<Ticket, 'updatedAt'>): number {
  return new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime();
}

/**
 * Writes a changed ticket into a list's loaded pages (mutating, for updateQueryData drafts):
 * removed wherever it was, then put back at its place by updatedAt when it still fits. A ticket
 * that sorts after the last loaded row of a list with more pages is left for paging to bring.
 */
export function placeTicket(pages: TicketsPage[], ticket: Ticket, decision: 'fits' | 'out' | 'unknown'): void {
  let found = false;
  for (const page of pages) {
    const index = page.tickets.findIndex((t) => t.id === ticket.id);
    if (index >= 0) {
      found = true;
      page.tickets.splice(index, 1);
      if (page.count !== undefined) page.count = Math.max(0, page.count - 1);
    }
  }
  if (decision === 'out' || (decision === 'unknown' && !found) || pages.length === 0) return;
  for (let p = 0; p < pages.length; p += 1) {
    const page = pages[p];
    const index = page.tickets.findIndex((t) => newerFirst(ticket, t) < 0);
    const last = p === pages.length - 1;
    if (index >= 0 || last) {
      if (index < 0 && page.hasMore && !found) return;
      page.tickets.splice(index < 0 ? page.tickets.length : index, 0, ticket);
      if (pages[0].count !== undefined) pages[0].count += 1;
      return;
    }
  }
}

export function removeTicket(pages: TicketsPage[], ticketId: Id): void {
  for (const page of pages) {
    const before = page.tickets.length;
    page.tickets = page.tickets.filter((t) => t.id !== ticketId);
    if (page.tickets.length < before && pages[0].count !== undefined) pages[0].count = Math.max(0, pages[0].count - 1);
  }
}

/** The agent read the ticket: its unread counter drops to zero (and it leaves the unread list). */
export function markTicketRead(pages: TicketsPage[], ticketId: Id, kind: TicketListKind): void {
  if (kind === 'unread') {
    removeTicket(pages, ticketId);
    return;
  }
  for (const page of pages) {
    const ticket = page.tickets.find((t) => t.id === ticketId);
    if (ticket) ticket.unreadMessages = 0;
  }
}

export function nextTicketPage(last: TicketsPage, lastParam: TicketPageParam): TicketPageParam | undefined {
  if (!last.hasMore) return undefined;
  return { page: lastParam.page + 1, cursor: last.cursor ?? null };
}

/** Rows of a list, one page after another, without the duplicates a concurrent move may leave. */
export function flattenTickets(pages: readonly TicketsPage[] | undefined): Ticket[] {
  const seen = new Set<Id>();
  const rows: Ticket[] = [];
  for (const page of pages ?? []) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      rows.push(ticket);
    }
  }
  return rows;
}

/** The number on a sub-tab: the server's count when given, else what is loaded ("40+" with more). */
export function listCountLabel(pages: readonly TicketsPage[] | undefined): string {
  if (!pages?.length) return '0';
  if (pages[0].count !== undefined) return String(pages[0].count);
  const loaded = flattenTickets(pages).length;
  return pages[pages.length - 1].hasMore ? `${loaded}+` : String(loaded);
}

/** The unread badge of the bell and of the desktop app: tickets with messages not read yet. */
export function unreadTicketCount(tickets: readonly Pick<Ticket, 'unreadMessages'>[]): number {
  return tickets.filter((t) => t.unreadMessages > 0).length;
}

/** Spec §2: contact names are truncated to 10 characters on narrow screens. */
export function truncateName(name: string, narrow: boolean, max = 10): string {
  return narrow && name.length > max ? `${name.slice(0, max)}…` : name;
}
