import type { Id, IsoDate, MediaType } from '../common/common.types.js';
import type { Contact } from '../contacts/contacts.types.js';
import type { QueueSummary } from '../queues/queues.types.js';
import type { TagSummary } from '../tags/tags.types.js';
import type { ConnectionStatus } from '../whatsapp/whatsapp.types.js';

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export interface Ticket {
  id: Id;
  uuid: string;
  status: TicketStatus;
  companyId: Id;
  userId: Id | null;
  user: { id: Id; name: string } | null;
  queueId: Id | null;
  queue: QueueSummary | null;
  whatsappId: Id | null;
  whatsapp: { id: Id; name: string; status: ConnectionStatus } | null;
  contactId: Id;
  contact: Contact;
  tags: TagSummary[];
  lastMessage: string;
  /** The message the preview showed was deleted: `lastMessage` is empty and the lists say so. */
  lastMessageDeleted?: boolean;
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  useIntegration: boolean;
  promptId: Id | null;
  integrationId: Id | null;
  createdAt: IsoDate;
  updatedAt: IsoDate;
  /** When an agent first accepted it and when it was resolved: the dashboard's wait and talk times. */
  acceptedAt?: IsoDate | null;
  closedAt?: IsoDate | null;
}

/** Delivery acknowledgement: 1 sent, 2 delivered to server, 3 delivered, 4 read, 5 played. */
export const MESSAGE_ACKS = [0, 1, 2, 3, 4, 5] as const;
export type MessageAck = (typeof MESSAGE_ACKS)[number];

export interface Message {
  id: Id;
  ticketId: Id;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  quotedMsgId: Id | null;
  quotedMsg: Message | null;
  isDeleted: boolean;
  isEdited: boolean;
  ack: MessageAck;
  read: boolean;
  createdAt: IsoDate;
  /** Changes (acks, edits, deletions) move it: a reconnecting client asks for what changed since. */
  updatedAt?: IsoDate;
  /** The sender: the contact, or in a group the member who wrote (their name, the group's id). */
  contact: { id: Id; name: string } | null;
  /** In a group, the name of the member who wrote. */
  participantName?: string | null;
}

export interface TicketNote {
  id: Id;
  note: string;
  userId: Id;
  user: { id: Id; name: string };
  contactId: Id;
  ticketId: Id;
  createdAt: IsoDate;
}

/** Dashboard ratings: 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const RATING_MAX = 3;

/** `GET /tickets`: 40 a page, newest activity first. `cursor` continues after the last row (keyset). */
export interface TicketsPage {
  tickets: Ticket[];
  hasMore: boolean;
  cursor: string | null;
}

/** `GET /messages/{ticketId}`: the contact's history, 20 a page, oldest first within the page. */
export interface MessagesPage {
  messages: Message[];
  ticket: Ticket;
  count?: number;
  hasMore: boolean;
}

export const TICKETS_PAGE_SIZE = 40;
export const MESSAGES_PAGE_SIZE = 20;
/** Files sent from the composer: at most this many bytes each. */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** Files one message request may carry (an album is at most ten). */
export const MEDIA_MAX_FILES = 10;
