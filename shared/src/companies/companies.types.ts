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
