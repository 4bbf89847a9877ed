import * as yup from 'yup';
import { INT_MAX, TICKET_STATUSES, tooLong, V, type TicketStatus } from '@atendo/shared';

/** A row id: a positive integer an INT column holds. */
const id = yup.number().typeError(V.number).integer(V.integer).positive(V.integer).max(INT_MAX, V.max);

/**
 * Id lists arrive as the existing clients send them: a JSON array in one parameter
 * (`queueIds=[1,2]`), or the parameter repeated (`queueIds=1&queueIds=2`).
 */
export const idList = yup
  .array(yup.number().typeError(V.integer).integer(V.integer).positive(V.integer).max(INT_MAX, V.max).required())
  .max(100, V.max)
  .transform((value: unknown, original: unknown) => {
    if (original === undefined || original === null || original === '') return undefined;
    const raw = Array.isArray(original) ? original : String(original);
    if (typeof raw === 'string') {
      try {
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return raw.split(',');
      }
    }
    return raw;
  })
  .optional();

export const flagParam = yup
  .mixed<boolean>()
  .transform((_: unknown, original: unknown) => original === true || original === 'true')
  .default(false);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = yup
  .string()
  .trim()
  .test('date', V.date, (value) => !value || DAY.test(value) || !Number.isNaN(Date.parse(value)))
  .optional();

export const ticketListSchema = yup.object({
  searchParam: yup.string().trim().max(100, tooLong).default(''),
  pageNumber: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(1000, V.max).default(1),
  /** Keyset continuation from a previous page's `cursor`: `<updatedAt ISO>_<id>`. */
  cursor: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d{1,10}$/, V.oneOf)
    .optional(),
  status: yup
    .mixed<TicketStatus>()
    .oneOf([...TICKET_STATUSES], V.oneOf)
    .optional(),
  date: isoDate.matches(DAY, V.date),
  /** A day (`yyyy-MM-dd`: updated that day) or an instant (updated since then, for a reconnecting client). */
  updatedAt: isoDate,
  showAll: flagParam,
  withUnreadMessages: flagParam,
  queueIds: idList,
  tags: idList.max(20, V.max),
  users: idList,
});
export type TicketListQuery = yup.InferType<typeof ticketListSchema>;

export const messageListSchema = yup.object({
  pageNumber: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(100_000, V.max).default(1),
  /** Keyset continuation: the page of messages older than this message id. */
  before: id.optional(),
  /** A reconnecting client: messages created or changed since this instant, oldest first. */
  since: isoDate,
});
export type MessageListQuery = yup.InferType<typeof messageListSchema>;

/** A calendar day that exists (2027-02-30 does not). */
const day = yup
  .string()
  .trim()
  .matches(DAY, V.date)
  .test('real', V.date, (value) => {
    if (!value || !DAY.test(value)) return true;
    const parsed = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  })
  .optional();

/**
 * `GET /contacts` (and its CSV export): `date` is one day of creation, `dateStart`/`dateEnd` a span
 * of whole days, either side open; days are the server's calendar days.
 */
export const contactListSchema = yup.object({
  searchParam: yup.string().trim().max(100, tooLong).default(''),
  pageNumber: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(100_000, V.max).default(1),
  date: day,
  dateStart: day,
  dateEnd: day.test('order', 'validation.dateOrder', function (value) {
    const start = (this.parent as { dateStart?: string }).dateStart;
    return !value || !start || value >= start;
  }),
});
export type ContactListQuery = yup.InferType<typeof contactListSchema>;

export const notesQuerySchema = yup.object({
  ticketId: id.required(V.required),
  contactId: id.optional(),
});

export const tagSyncSchema = yup.object({
  ticketId: id.required(V.required),
  tags: yup
    .array(yup.object({ id: id.required(V.required) }))
    .max(50, V.max)
    .default([]),
});
