import * as yup from 'yup';
import { scheduleSchema, V } from '@atendo/shared';
import { listQuerySchema } from '../../common/pagination.js';

export type ScheduleInput = yup.InferType<typeof scheduleSchema>;

/** `GET /schedules`: the list's search and page, plus a contact and a range of `sendAt` (the calendar's view). */
export const scheduleListQuerySchema = listQuerySchema.shape({
  contactId: yup
    .number()
    .typeError(V.number)
    .integer(V.integer)
    .positive(V.integer)
    .max(2_147_483_647, V.max)
    .nullable()
    .default(null),
  startDate: yup.date().typeError(V.date).nullable().default(null),
  endDate: yup.date().typeError(V.date).nullable().default(null),
});

export type ScheduleListQuery = yup.InferType<typeof scheduleListQuerySchema>;
