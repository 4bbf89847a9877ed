import type { Id, IsoDate, Language } from '../common/common.types.js';
import type { QueueSummary } from '../queues/queues.types.js';
import type { SettingEntry } from '../settings/settings.types.js';

export const PROFILES = ['admin', 'supervisor', 'user'] as const;
export type Profile = (typeof PROFILES)[number];

/** Spelling kept from the protocol the existing clients speak. */
export const ALL_TICKET_VALUES = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

/**
 * A user's queue, with the join row beside it as the family's answers carry it (its kanban reads
 * `queues[].UserQueue.queueId`).
 */
export interface UserQueueSummary extends QueueSummary {
  UserQueue: { userId: Id; queueId: Id };
}

export interface User {
  id: Id;
  companyId: Id;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: AllTicket;
  whatsappId: Id | null;
  language: Language | null;
  queues: UserQueueSummary[];
  createdAt: IsoDate;
  updatedAt: IsoDate;
}

/** The user as login, refresh and /auth/me return it. */
export interface SessionUser extends User {
  company: {
    id: Id;
    name: string;
    dueDate: IsoDate | null;
    settings: SettingEntry[];
  };
}

export interface UserInput {
  name: string;
  email: string;
  password?: string;
  profile?: Profile;
  allTicket?: AllTicket;
  whatsappId?: Id | null;
  queueIds?: Id[];
}

export interface UsersPage {
  users: User[];
  hasMore: boolean;
  count: number;
}

/**
 * GET /users/ for someone who does not manage users (the transfer dialog): who, by name, and their
 * queues (the family's dialog offers a queue's people).
 */
export interface UserNamesPage {
  users: Pick<User, 'id' | 'name' | 'queues'>[];
  hasMore: boolean;
  count: number;
}
