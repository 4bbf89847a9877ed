import type { Id, IsoDate } from '../common/common.types.js';

/**
 * PENDENTE: waiting for its time; AGENDADA: due and taken by the dispatcher, being sent;
 * ENVIADA: sent (`sentAt`, `ticket`); ERRO: could not be sent (`error` says why).
 */
export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export interface Schedule {
  id: Id;
  companyId: Id;
  contactId: Id;
  contact: { id: Id; name: string; number: string };
  userId: Id | null;
  user: { id: Id; name: string } | null;
  /** The connection it goes out on: the one chosen, else the ticket's, else the company's default at send time. */
  whatsappId: Id | null;
  /** The ticket it came from, and after sending the ticket it landed in. */
  ticketId: Id | null;
  ticket: { id: Id; uuid: string } | null;
  body: string;
  sendAt: IsoDate;
  sentAt: IsoDate | null;
  status: ScheduleStatus;
  /** Why it could not be sent: an error code (`ERR_*`), translated by the UI. */
  error: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: IsoDate;
  updatedAt: IsoDate;
}

export interface SchedulesPage {
  schedules: Schedule[];
  count: number;
  hasMore: boolean;
}

/** Rows of one page of `GET /schedules`; a page asked for a date range (`startDate`, `endDate`) holds up to SCHEDULES_RANGE_LIMIT. */
export const SCHEDULES_PAGE_SIZE = 20;
export const SCHEDULES_RANGE_LIMIT = 500;

/** The default time a new schedule is set for: an hour from now. */
export const SCHEDULE_DEFAULT_DELAY_MS = 60 * 60 * 1000;

/** A schedule can be edited (and its attachment changed) only until it is sent or being sent. */
export function isScheduleEditable(schedule: Pick<Schedule, 'sentAt' | 'status'>): boolean {
  return !schedule.sentAt && (schedule.status === 'PENDENTE' || schedule.status === 'ERRO');
}
