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
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  useIntegration: boolean;
  promptId: Id | null;
  integrationId: Id | null;
  createdAt: IsoDate;
  updatedAt: IsoDate;
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
  contact: { id: Id; name: string } | null;
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
