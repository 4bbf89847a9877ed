import {
  type Id,
  KANBAN_OPEN_LANE,
  KANBAN_STATUSES,
  type KanbanBoard,
  type KanbanLane,
  type KanbanTicket,
  kanbanTicketOf,
  laneOf,
  type Tag,
} from '@atendo/shared';
import { inSight, type Viewer } from '../tickets/ticket-lists';

/** A lane as the board shows it: its tag (none for the lane of tickets without a kanban tag) and cards. */
export interface BoardLane {
  tag: Tag | null;
  count: number;
  cursor: string | null;
  tickets: KanbanTicket[];
}

export interface Board {
  lanes: BoardLane[];
}

/** What the board asks the server for: every ticket in sight, or ("show all" off) the caller's own. */
export interface BoardArgs {
  showAll: boolean;
}

export const laneKey = (tagId: Id | null) => (tagId === null ? KANBAN_OPEN_LANE : String(tagId));

/** The query string of GET /ticket/kanban (`lane` and `cursor` continue one lane). */
export function boardParams(args: BoardArgs, page?: { tagId: Id | null; cursor: string }): Record<string, string> {
  return {
    ...(args.showAll ? { showAll: 'true' } : {}),
    ...(page ? { lane: laneKey(page.tagId), cursor: page.cursor } : {}),
  };
}

const laneTagIds = (board: Board) => board.lanes.flatMap((lane) => (lane.tag ? [lane.tag.id] : []));

/** Newest activity first, as the server orders a lane. */
function newerFirst(a: KanbanTicket, b: KanbanTicket): number {
  return new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || b.id - a.id;
}

/** The board from the lanes (GET /tags/kanban) and the server's answer, each card in its lane. */
export function boardOf(tags: Tag[], answer: KanbanBoard): Board {
  const lanes: BoardLane[] = answer.lanes.map((lane) => ({
    tag: lane.tagId === null ? null : (tags.find((tag) => tag.id === lane.tagId) ?? null),
    count: lane.count,
    cursor: lane.cursor,
    tickets: [],
  }));
  // A lane the tags list does not know (made between the two answers) waits for the next load.
  const known = lanes.filter((lane, i) => lane.tag !== null || answer.lanes[i].tagId === null);
  const board = { lanes: known };
  const ids = laneTagIds(board);
  for (const ticket of answer.tickets) {
    const lane = known.find((l) => (l.tag?.id ?? null) === laneOf(ticket.tags, ids));
    lane?.tickets.push(ticket);
  }
  return board;
}

/** Whether a changed ticket belongs on the board: live, in sight, and the caller's when "show all" is off. */
export function fitsBoard(ticket: KanbanTicket, args: BoardArgs, viewer: Viewer): boolean {
  if (!(KANBAN_STATUSES as readonly string[]).includes(ticket.status)) return false;
  if (!inSight(ticket, viewer)) return false;
  return args.showAll || ticket.userId === viewer.id;
}

/**
 * Writes a changed ticket into the board (mutating, for updateQueryData drafts): out of the lane
 * it was in, into the lane its tags say, at its place by activity.
 *
 * A lane shows its newest cards and the count of all; cards past the loaded ones are the server's
 * to page. So a ticket the board has not loaded may already be counted in a lane with more cards:
 * it is then placed (when it sorts among the loaded ones) without changing the count. Counts of
 * lanes with unloaded cards are made exact again whenever the board is read again.
 */
export function placeOnBoard(board: Board, ticket: KanbanTicket, fits: boolean): void {
  let found = false;
  for (const lane of board.lanes) {
    const index = lane.tickets.findIndex((t) => t.id === ticket.id);
    if (index < 0) continue;
    lane.tickets.splice(index, 1);
    lane.count = Math.max(0, lane.count - 1);
    found = true;
  }
  if (!fits) return;
  const target = laneOf(ticket.tags, laneTagIds(board));
  const lane = board.lanes.find((l) => (l.tag?.id ?? null) === target);
  if (!lane) return;
  const index = lane.tickets.findIndex((t) => newerFirst(ticket, t) < 0);
  const partial = lane.cursor !== null;
  if (found || !partial) lane.count += 1;
  // Past the loaded cards of a lane with more: paging brings it. A card moved here stays in view.
  if (index < 0 && partial && !found) return;
  // A live event's ticket carries far more than a card shows: the board keeps the card's fields.
  lane.tickets.splice(index < 0 ? lane.tickets.length : index, 0, kanbanTicketOf(ticket));
}

export function removeFromBoard(board: Board, ticketId: Id): void {
  for (const lane of board.lanes) {
    const before = lane.tickets.length;
    lane.tickets = lane.tickets.filter((t) => t.id !== ticketId);
    if (lane.tickets.length < before) lane.count = Math.max(0, lane.count - 1);
  }
}

/** The next cards of one lane (GET /ticket/kanban with `lane`): added once each, in order. */
export function mergeLanePage(board: Board, page: KanbanBoard): void {
  const info: KanbanLane | undefined = page.lanes[0];
  if (!info) return;
  const lane = board.lanes.find((l) => (l.tag?.id ?? null) === info.tagId);
  if (!lane) return;
  const shown = new Set(lane.tickets.map((t) => t.id));
  lane.tickets.push(...page.tickets.filter((t) => !shown.has(t.id)));
  lane.tickets.sort(newerFirst);
  lane.count = info.count;
  lane.cursor = info.cursor;
}

/**
 * The board as it will be after a move, before the server confirms it: the ticket loses its lane
 * tags (its other tags stay, as the server keeps them) and gains the destination lane's.
 */
export function moveOnBoard(board: Board, ticketId: Id, toTagId: Id | null): void {
  const ticket = board.lanes.flatMap((lane) => lane.tickets).find((t) => t.id === ticketId);
  if (!ticket) return;
  const lanes = new Set(laneTagIds(board));
  const target = board.lanes.find((lane) => lane.tag?.id === toTagId)?.tag;
  const tags = ticket.tags.filter((tag) => !lanes.has(tag.id));
  if (target) tags.push({ id: target.id, name: target.name, color: target.color });
  placeOnBoard(board, { ...ticket, tags }, true);
}

/** The lane a card stands in now (its tag id, null for the lane of tickets without one). */
export function laneOfCard(board: Board, ticketId: Id): Id | null | undefined {
  const lane = board.lanes.find((l) => l.tickets.some((t) => t.id === ticketId));
  return lane ? (lane.tag?.id ?? null) : undefined;
}

/**
 * The lanes in a new order (the tag ids, first lane first; the lane of tickets without a kanban tag
 * stays first, lanes not named keep their order after the named ones). A ticket in two lanes stands
 * in the first of them on the board, as the server places it, so such cards follow the new order.
 */
export function orderLanes(board: Board, tagIds: readonly Id[]): void {
  const place = (lane: BoardLane) => {
    if (!lane.tag) return -1;
    const index = tagIds.indexOf(lane.tag.id);
    return index < 0 ? tagIds.length : index;
  };
  board.lanes = board.lanes
    .map((lane, index) => ({ lane, index }))
    .sort((a, b) => place(a.lane) - place(b.lane) || a.index - b.index)
    .map(({ lane }) => lane);
  const ids = laneTagIds(board);
  for (const lane of [...board.lanes]) {
    for (const ticket of [...lane.tickets]) {
      if (laneOf(ticket.tags, ids) !== (lane.tag?.id ?? null)) placeOnBoard(board, ticket, true);
    }
  }
}
