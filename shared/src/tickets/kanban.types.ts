import type { Id } from '../common/common.types.js';
import type { Contact } from '../contacts/contacts.types.js';
import type { Ticket } from './tickets.types.js';

/** Cards of one lane in one answer of `GET /ticket/kanban`; the lane's `cursor` asks for more. */
export const KANBAN_LANE_SIZE = 40;

/** The ticket statuses the board shows: the conversations still being worked on. */
export const KANBAN_STATUSES = ['open', 'pending'] as const;

/** The lane parameter of `GET /ticket/kanban` that names the lane of tickets without a kanban tag. */
export const KANBAN_OPEN_LANE = 'open';

/**
 * A lane of the board: the lane of tickets without a kanban tag (`tagId` null) or a kanban tag's.
 * `count` is how many tickets the lane holds for the caller; `cursor` continues after the last card
 * sent, null when every card was sent.
 */
export interface KanbanLane {
  tagId: Id | null;
  count: number;
  cursor: string | null;
}

/**
 * A card (spec 2 §3 Ticket kanban item: id, uuid, tags, contact, lastMessage), with what placing a
 * live change needs (status, queue, owner, activity). A `Ticket` is one too: a live ticket event
 * places its ticket on the board as it is.
 */
export interface KanbanTicket extends Pick<
  Ticket,
  | 'id'
  | 'uuid'
  | 'status'
  | 'userId'
  | 'queueId'
  | 'contactId'
  | 'tags'
  | 'lastMessage'
  | 'lastMessageDeleted'
  | 'unreadMessages'
  | 'updatedAt'
> {
  contact: Pick<Contact, 'id' | 'name' | 'number' | 'profilePicUrl'>;
}

/** `GET /ticket/kanban`: the cards, lane after lane, and the lanes in board order. */
export interface KanbanBoard {
  tickets: KanbanTicket[];
  lanes: KanbanLane[];
}

/** The card's fields of a ticket (a live event's `Ticket` carries many more). */
export function kanbanTicketOf(ticket: KanbanTicket): KanbanTicket {
  const { contact } = ticket;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    contactId: ticket.contactId,
    contact: { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: contact.profilePicUrl },
    tags: ticket.tags,
    lastMessage: ticket.lastMessage,
    lastMessageDeleted: ticket.lastMessageDeleted,
    unreadMessages: ticket.unreadMessages,
    updatedAt: ticket.updatedAt,
  };
}

/**
 * The lane a ticket stands in: its first kanban tag in board order (`laneTagIds`, the order of
 * `GET /tags/kanban`), or the lane of tickets without one (null). A ticket holds one place on the
 * board even when it carries several lane tags.
 */
export function laneOf(tags: readonly { id: Id }[], laneTagIds: readonly Id[]): Id | null {
  let best = -1;
  for (const tag of tags) {
    const rank = laneTagIds.indexOf(tag.id);
    if (rank >= 0 && (best < 0 || rank < best)) best = rank;
  }
  return best < 0 ? null : laneTagIds[best];
}
