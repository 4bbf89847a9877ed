import * as yup from 'yup';
import { fitsTextColumn, optionalId, requiredIdSchema, tooLong, tooShort, V } from '../common/validation.js';

/** How far in the past `sendAt` may be when saved: the time a form takes to reach the server. */
export const SCHEDULE_PAST_TOLERANCE_MS = 60_000;

export const scheduleSchema = yup.object({
  body: yup.string().trim().required(V.required).min(5, tooShort).max(65_536, tooLong).test(fitsTextColumn),
  contactId: requiredIdSchema,
  sendAt: yup
    .date()
    .typeError(V.date)
    .required(V.required)
    // What a DATETIME column holds on every engine: yup rolls parts out of range over (month 99 of
    // 9999 is a day of 10007), which MariaDB then refused with a 500.
    .max(new Date('9999-12-31T00:00:00Z'), V.date)
    .test('future', V.future, (value) => !value || value.getTime() > Date.now() - SCHEDULE_PAST_TOLERANCE_MS),
  /** The ticket it was scheduled from: its connection is used, and the message lands there if it is still live. */
  ticketId: optionalId().default(null),
  whatsappId: optionalId().default(null),
});

export const SCHEDULE_ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const SCHEDULE_ATTACHMENT_MIMETYPES = ['image/png', 'image/jpeg'] as const;
/** The largest image a schedule carries, in MiB. */
export const SCHEDULE_MEDIA_MAX_MIB = 5;
