import type { Id } from './common/common.types.js';
import type { Announcement } from './announcements/announcements.types.js';
import type { Campaign } from './campaigns/campaigns.types.js';
import type { Chat, ChatMessage } from './chats/chats.types.js';
import type { Contact, ContactList, ContactListItem } from './contacts/contacts.types.js';
import type { FileList } from './files/files.types.js';
import type { Plan } from './plans/plans.types.js';
import type { Flow, FlowCampaign } from './flows/flows.types.js';
import type { Prompt } from './prompts/prompts.types.js';
import type { QueueIntegration } from './queue-integrations/queue-integrations.types.js';
import type { Message, Ticket } from './tickets/tickets.types.js';
import type { Queue } from './queues/queues.types.js';
import type { QuickMessage } from './quick-messages/quick-messages.types.js';
import type { Schedule } from './schedules/schedules.types.js';
import type { Tag } from './tags/tags.types.js';
import type { User } from './users/users.types.js';
import type { WhatsappConnection, WhatsappSessionUpdate } from './whatsapp/whatsapp.types.js';
import { permissionsOf, type Permission, type PermissionSubject } from './permissions.js';

/** Socket ping interval and timeout, in milliseconds. */
export const SOCKET_PING_MS = 18_000;
/** The client reports it is online this often. */
export const USER_STATUS_INTERVAL_MS = 300_000;

/** Payloads of the company-scoped events, keyed by the suffix after `company-{id}-`. */
export interface CompanyEventPayloads {
  ticket:
    | { action: 'update'; ticket: Ticket }
    | { action: 'delete'; ticketId: Id }
    | { action: 'updateUnread'; ticketId: Id };
  appMessage:
    { action: 'create'; message: Message; ticket: Ticket; contact: Contact } | { action: 'update'; message: Message };
  /** `reload` follows a bulk import (a spreadsheet, an address book): lists of contacts fetch again. */
  contact:
    { action: 'update' | 'create'; contact: Contact } | { action: 'delete'; contactId: Id } | { action: 'reload' };
  whatsapp: { action: 'update'; whatsapp: WhatsappConnection } | { action: 'delete'; whatsappId: Id };
  whatsappSession: { action: 'update'; session: WhatsappSessionUpdate };
  user: { action: 'create' | 'update'; user: User } | { action: 'delete'; userId: Id };
  queue: { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: Id };
  /** `order`: the kanban lanes' new order (every lane's id, first lane first). */
  tag: { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: Id } | { action: 'order'; tagIds: Id[] };
  settings: { action: 'update'; setting: { key: string; value: string } };
  /**
   * Sent to the sockets of a session that was ended: by a newer sign-in of the same user (no
   * reason, as the existing clients know it), or by a reset of the account's password.
   */
  auth: { action: 'update'; user: { id: Id }; reason?: 'password-reset' };
  /**
   * Sent only to the chat's members (their user rooms), never to the whole company. `delete` also
   * reaches a member taken out of the chat: for them it is gone (`id` is the same id, where the
   * family's client reads it).
   */
  chat:
    | { action: 'new-message'; chatId: Id; newMessage: ChatMessage; chat: Chat }
    | { action: 'create' | 'update'; chat: Chat }
    | { action: 'delete'; chatId: Id; id: Id };
  announcement: { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: Id };
  /** The company's plan changed (it moved to another, or its plan was edited): limits and features follow. */
  plan: { action: 'update'; plan: Plan };
  /** Contact lists, as the existing clients read them (`record`, `id`); `contactsCount` follows item changes. */
  ContactList: { action: 'create' | 'update'; record: ContactList } | { action: 'delete'; id: Id };
  /**
   * Items of contact lists, each carrying its `contactListId`; an update also tells an item's
   * WhatsApp check. `reload` follows an import: the list's first page, which a screen of that
   * list replaces its rows with.
   */
  ContactListItem:
    | { action: 'create' | 'update'; record: ContactListItem }
    | { action: 'delete'; id: Id; contactListId: Id }
    | { action: 'reload'; contactListId: Id; records: ContactListItem[] };
  /**
   * Quick messages, to whoever may see them: a shared one to the whole company, a personal one to
   * its author's sockets only; one made personal is a `delete` for everyone else.
   */
  quickmessage: { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: Id };
  /** File lists with their files, under the names the existing clients read (`files` is one list). */
  file: { action: 'create' | 'update'; files: FileList } | { action: 'delete'; fileId: Id };
  /**
   * Campaigns as the existing clients read them (`record`, `id`). A running campaign's `update`
   * carries its `totals`, at most once a second.
   */
  campaign: { action: 'create' | 'update'; record: Campaign } | { action: 'delete'; id: Id };
  /** Scheduled messages as the existing clients read them. */
  schedule: { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: Id };
  /** AI prompts, their secrets masked as the API answers them. */
  prompt: { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: Id };
  /** Flows as the list shows them (no drawing), and phrase-triggered flow campaigns. */
  flowbuilder: { action: 'create' | 'update'; flow: Flow } | { action: 'delete'; flowId: Id };
  flowcampaign: { action: 'create' | 'update'; flowCampaign: FlowCampaign } | { action: 'delete'; flowCampaignId: Id };
  /** Queue integrations, their secrets masked as the API answers them. */
  queueIntegration:
    { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; integrationId: Id };
  /** An invoice was paid: the company's licence now runs until `company.dueDate`. */
  payment: { action: 'CONCLUIDA'; company: { id: Id; dueDate: string; planId: Id }; invoiceId: Id };
}

export type CompanyEventSuffix = keyof CompanyEventPayloads;

export function companyEvent<S extends CompanyEventSuffix>(companyId: Id, suffix: S): `company-${number}-${S}` {
  return `company-${companyId}-${suffix}` as `company-${number}-${S}`;
}

/**
 * The family's internal-chat names, beside `company-{id}-chat` and only to the chat's members:
 * `company-{id}-chat-{chatId}` (an open conversation: `new-message` with `newMessage` and `chat`,
 * `update` with `chat`) and `company-{id}-chat-user-{userId}` (that member's list: `create` and
 * `update` with the chat as `record`).
 */
export function chatEvent(companyId: Id, chatId: Id): `company-${number}-chat-${number}` {
  return `company-${companyId}-chat-${chatId}` as `company-${number}-chat-${number}`;
}

export function chatUserEvent(companyId: Id, userId: Id): `company-${number}-chat-user-${number}` {
  return `company-${companyId}-chat-user-${userId}` as `company-${number}-chat-user-${number}`;
}

export interface ChatEventPayloads {
  chat: { action: 'new-message'; newMessage: ChatMessage; chat: Chat } | { action: 'update'; chat: Chat };
  chatUser: { action: 'create' | 'update'; record: Chat };
}

/**
 * Platform-wide announcements under the one name the existing clients listen to, whatever their
 * company; the same payloads also go out company-scoped as `company-{id}-announcement`.
 */
export const PLATFORM_ANNOUNCEMENT_EVENT = 'company-announcement';

/** Server to client: the fixed events plus every company-scoped one. */
export type ServerToClientEvents = {
  ready: () => void;
  [PLATFORM_ANNOUNCEMENT_EVENT]: (payload: CompanyEventPayloads['announcement']) => void;
} & {
  [K in CompanyEventSuffix as `company-${number}-${K}`]: (payload: CompanyEventPayloads[K]) => void;
};

/** Client to server, as the existing clients emit them. */
export interface ClientToServerEvents {
  joinChatBox: (ticketId: string | number) => void;
  joinChatBoxLeave: (ticketId: string | number) => void;
  joinNotification: () => void;
  joinNotificationLeave: () => void;
  joinTickets: (status: string) => void;
  joinTicketsLeave: (status: string) => void;
  userStatus: () => void;
}

/** Room names. Every room carries the company id, so a socket can only reach its own company. */
export const rooms = {
  company: (companyId: Id) => `company:${companyId}`,
  user: (companyId: Id, userId: Id) => `company:${companyId}:user:${userId}`,
  session: (companyId: Id, sessionId: string) => `company:${companyId}:session:${sessionId}`,
  queue: (companyId: Id, queueId: Id) => `company:${companyId}:queue:${queueId}`,
  ticket: (companyId: Id, ticketId: Id | string) => `company:${companyId}:ticket:${ticketId}`,
  status: (companyId: Id, status: string) => `company:${companyId}:status:${status}`,
  notification: (companyId: Id) => `company:${companyId}:notification`,
  /** Sockets of users who may see every ticket of the company (admins, and supervisors' "show all"). */
  allTickets: (companyId: Id) => `company:${companyId}:all-tickets`,
  /** Sockets of users with allTicket enabled: they see the tickets that have no queue. */
  queueless: (companyId: Id) => `company:${companyId}:queueless`,
  /**
   * Sockets of users who hold a permission: where an event goes whose payload only they may read
   * (a connection's send token, a secret setting).
   */
  permission: (companyId: Id, permission: Permission) => `company:${companyId}:can:${permission}`,
} as const;

/** The permission rooms a user's sockets are in (moved with the user when their profile changes). */
export function permissionRooms(companyId: Id, subject: PermissionSubject): string[] {
  return [...permissionsOf(subject)].map((permission) => rooms.permission(companyId, permission));
}
