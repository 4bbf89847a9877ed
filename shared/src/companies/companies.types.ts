import { isValid, parseISO } from 'date-fns';
import type { Id, IsoDate, WeekdaySchedule } from '../common/common.types.js';
import type { Plan } from '../plans/plans.types.js';
import type { SettingEntry } from '../settings/settings.types.js';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** How many months one billing period of each recurrence covers. */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const TRIAL_DAYS = 3;
/** The shell warns about the subscription when fewer days than this remain. */
export const DUE_WARNING_DAYS = 5;

export interface Company {
  id: Id;
  name: string;
  email: string | null;
  phone: string | null;
  planId: Id;
  plan?: Plan;
  status: boolean;
  dueDate: IsoDate | null;
  recurrence: Recurrence;
  isPlatform: boolean;
  schedules: WeekdaySchedule[];
  settings?: SettingEntry[];
  createdAt: IsoDate;
  updatedAt: IsoDate;
}

/**
 * The due date a session reports for a company that never expires (no due date, like the
 * platform's own): the existing clients read a null due date as expired and refuse to sign in.
 */
export const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';

/** The date a session's company expires on, or null when it never does. */
export function expiryOf(dueDate: string | null | undefined): string | null {
  return dueDate && dueDate !== NEVER_EXPIRES ? dueDate : null;
}

/**
 * POST /companies answers the company. Created without a password, its first admin has none that
 * works and is e-mailed an invitation to set one; `invitationSent` says whether the mail went out
 * (when it did not, the admin can still ask for a code at "forgot password").
 */
export interface CreatedCompany extends Company {
  invitationSent?: boolean;
}

/** How long the link of an invitation to set a first password stays valid. */
export const INVITATION_TTL_DAYS = 7;

/** GET /companies: 20 a page, newest first, each with its plan. */
export interface CompaniesPage {
  companies: Company[];
  count: number;
  hasMore: boolean;
}

/** Whole days from `now` until `dueDate` (negative once past), counted on calendar dates. */
export function daysUntil(dueDate: string | Date, now: Date = new Date()): number {
  const due = new Date(dueDate);
  const a = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  const b = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((a - b) / 86_400_000);
}

/** Adds the recurrence's months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addRecurrence(date: Date, recurrence: Recurrence): Date {
  const months = RECURRENCE_MONTHS[recurrence];
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** Outside these years a due date is a typo, and MySQL's DATETIME could not hold it anyway. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;

/**
 * A company's due date as the form or an old client sends it: an ISO instant, or a calendar date
 * (yyyy-MM-dd) meaning the end of that day in UTC, so the company keeps its last day whole. Empty,
 * malformed or impossible dates (2027-02-30) answer null: the company then has no due date.
 */
export function parseDueDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : inRange(new Date(value.getTime()));
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const day = DATE_ONLY.exec(text);
  if (day) {
    // parseISO rejects days a month does not have; the instant itself is built in UTC.
    if (!isValid(parseISO(text))) return null;
    return inRange(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 23, 59, 59, 999)));
  }
  if (!DATE_TIME.test(text)) return null;
  const instant = parseISO(text);
  return isValid(instant) ? inRange(instant) : null;
}

function inRange(date: Date): Date | null {
  const year = date.getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR ? date : null;
}

/** The tint of a company's row in the companies table (spec §4), from the whole days left. */
export type DueDateTone = 'yellow' | 'orange' | 'red';

/**
 * Spec §4 gives the colours at 5 days (yellow), -3 to 4 (orange) and -4 (red) and leaves the rest
 * open. Ours: more than 5 days left is untinted; exactly 5 is yellow, the day before the company's
 * own banner starts warning; from 4 days left to 3 days past due is orange (the renewal window);
 * 4 or more days past due stays red however late it gets. No due date (the platform, a company
 * that never expires) is untinted.
 */
export function dueDateTone(dueDate: string | Date | null | undefined, now: Date = new Date()): DueDateTone | null {
  if (!dueDate) return null;
  const due = new Date(dueDate);
  if (Number.isNaN(due.getTime())) return null;
  const days = daysUntil(due, now);
  if (days > DUE_WARNING_DAYS) return null;
  if (days === DUE_WARNING_DAYS) return 'yellow';
  if (days >= -3) return 'orange';
  return 'red';
}
