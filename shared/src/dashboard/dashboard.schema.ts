import { differenceInCalendarDays, isValid, parse } from 'date-fns';
import * as yup from 'yup';
import { V } from '../common/validation.js';
import { DASHBOARD_MAX_DAYS } from './dashboard.types.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter's own messages (i18n keys under `validation.*`, like those of `V`). */
export const DASHBOARD_MESSAGES = {
  /** Spec §5: neither a period nor a date was given. */
  selectFilter: 'validation.selectFilter',
  oneFilter: 'validation.oneFilter',
  dateOrder: 'validation.dateOrder',
  rangeTooLong: 'validation.rangeTooLong',
} as const;
const M = DASHBOARD_MESSAGES;

/** A calendar day written yyyy-MM-dd (2024-02-30 is refused, not rolled over). */
export function parseDay(value: string): Date | null {
  if (!DAY.test(value)) return null;
  const day = parse(value, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(day) ? day : null;
}

/** An IANA zone name the runtime knows (`America/Sao_Paulo`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Query parameters arrive as strings; an empty one means "not given". */
const blankToUndefined = (value: unknown, original: unknown) => (original === '' ? undefined : value);

const day = yup
  .string()
  .trim()
  .transform(blankToUndefined)
  .test('day', V.date, (value) => value === undefined || parseDay(value) !== null);

/**
 * The zone whose days and hours the dashboard counts in. The web app sends its own; without one
 * the server's zone is used.
 */
const timezone = yup
  .string()
  .trim()
  .max(64, V.max)
  .transform(blankToUndefined)
  .test('zone', V.oneOf, (value) => value === undefined || isTimeZone(value))
  .optional();

const span = (from: string, to: string) => differenceInCalendarDays(parseDay(to)!, parseDay(from)!) + 1;

/**
 * `GET /dashboard`: a period (`days`, the last N × 24 hours) or dates (`date_from`, `date_to`,
 * either or both, whole days). Spec §5: at least one filter must be set.
 */
export const dashboardQuerySchema = yup
  .object({
    days: yup
      .number()
      .transform(blankToUndefined)
      .typeError(V.integer)
      .integer(V.integer)
      .min(1, V.min)
      .max(DASHBOARD_MAX_DAYS, V.max)
      .optional(),
    date_from: day.optional(),
    date_to: day.optional(),
    timezone,
  })
  .test('filter', (value, context) => {
    const hasDates = value.date_from !== undefined || value.date_to !== undefined;
    if (value.days === undefined && !hasDates) return context.createError({ path: 'days', message: M.selectFilter });
    if (value.days !== undefined && hasDates) return context.createError({ path: 'days', message: M.oneFilter });
    if (value.date_from && value.date_to && parseDay(value.date_from) && parseDay(value.date_to)) {
      const days = span(value.date_from, value.date_to);
      if (days < 1) return context.createError({ path: 'date_to', message: M.dateOrder });
      if (days > DASHBOARD_MAX_DAYS)
        return context.createError({
          path: 'date_to',
          message: { key: M.rangeTooLong, params: { max: DASHBOARD_MAX_DAYS } },
        });
    }
    return true;
  });
export type DashboardQuery = yup.InferType<typeof dashboardQuerySchema>;

/**
 * The two charts: `initialDate` and `finalDate` (yyyy-MM-dd, both days included). `companyId`,
 * which the existing clients send, is ignored: the company is the caller's.
 */
export const dashboardChartQuerySchema = yup
  .object({
    initialDate: day.required(V.required),
    finalDate: day.required(V.required),
    timezone,
  })
  .test('range', (value, context) => {
    if (!parseDay(value.initialDate) || !parseDay(value.finalDate)) return true;
    const days = span(value.initialDate, value.finalDate);
    if (days < 1) return context.createError({ path: 'finalDate', message: M.dateOrder });
    if (days > DASHBOARD_MAX_DAYS)
      return context.createError({
        path: 'finalDate',
        message: { key: M.rangeTooLong, params: { max: DASHBOARD_MAX_DAYS } },
      });
    return true;
  });
export type DashboardChartQuery = yup.InferType<typeof dashboardChartQuerySchema>;
