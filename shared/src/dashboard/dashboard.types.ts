import type { Id } from '../common/common.types.js';
import { USER_STATUS_INTERVAL_MS } from '../realtime.js';

/** Spec §9: the period select offers the last 3, 7, 15, 30, 60 and 90 days. */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** The longest span one call may cover, so one request cannot ask for years of hourly buckets. */
export const DASHBOARD_MAX_DAYS = 366;
/** Online: a `userStatus` ping within the last 5 minutes (the client pings that often). */
export const ONLINE_WINDOW_MS = USER_STATUS_INTERVAL_MS;

/**
 * `GET /dashboard` counters. The definitions (which tickets a period selects, where each time
 * starts and stops) are in docs/api.md, "Dashboard".
 */
export interface DashboardCounters {
  /** Tickets open now (in conversation with an agent). */
  supportHappening: number;
  /** Tickets pending now (waiting for an agent). */
  supportPending: number;
  /** Tickets resolved in the period. */
  supportFinished: number;
  /** Contacts created in the period. */
  newContacts: number;
  /** The same number as `newContacts`, under the name the existing clients read. */
  leads: number;
  /** Minutes from first acceptance to resolution, averaged over the tickets resolved in the period. */
  avgSupportTime: number;
  /** Minutes from creation to first acceptance, averaged over the tickets first accepted in the period. */
  avgWaitTime: number;
}

export interface DashboardAttendant {
  id: Id;
  name: string;
  /** Average of the customers' 1–3 answers received in the period; 0 when there were none. */
  rating: number;
  /** How many answers that average is made of. */
  ratings: number;
  /** Minutes, over the tickets this user resolved in the period; 0 when none. */
  avgSupportTime: number;
  /** Tickets this user resolved in the period. */
  supportFinished: number;
  online: boolean;
}

export interface DashboardData {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
}

/** `GET /dashboard/ticketsUsers`: tickets created in the range, per owner. */
export interface TicketsPerUser {
  nome: string;
  quantidade: number;
}

/** `GET /dashboard/ticketsDay`: per day (`data`, dd/MM/yyyy) or, over a single day, per hour (`horario`, 0–23). */
export type TicketsPerTime = { data: string; total: number } | { horario: number; total: number };

export interface DashboardChart<T> {
  data: T[];
  /** Tickets the chart counts (the sum of its bars). */
  count: number;
}
