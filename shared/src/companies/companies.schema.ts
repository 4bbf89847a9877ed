import * as yup from 'yup';
import { requiredIdSchema, TIME_HHMM, tooLong, tooShort, V } from '../common/validation.js';
import { LANGUAGES, WEEKDAYS_EN, type Language } from '../common/common.types.js';
import { parseDueDate, RECURRENCES } from './companies.types.js';
import { optionalPasswordSchema } from '../users/users.schema.js';

export const weekdayScheduleSchema = yup.object({
  weekday: yup.string().required(V.required),
  weekdayEn: yup.mixed<(typeof WEEKDAYS_EN)[number]>().oneOf(WEEKDAYS_EN, V.oneOf).required(V.required),
  startTime: yup.string().matches(TIME_HHMM, { message: V.time, excludeEmptyString: true }).default(''),
  endTime: yup.string().matches(TIME_HHMM, { message: V.time, excludeEmptyString: true }).default(''),
});

export const schedulesSchema = yup.array(weekdayScheduleSchema).max(7, tooLong).default([]);

/** An empty or invalid due date travels as null, as the company form sends it (spec §5). */
const dueDate = yup
  .mixed<Date>()
  .transform((_value: unknown, original: unknown) => parseDueDate(original))
  .nullable()
  .default(null);

export const companySchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(100, tooLong),
  email: yup.string().trim().lowercase().required(V.required).email(V.email).max(120, tooLong),
  phone: yup.string().trim().max(20, tooLong).nullable().default(null),
  planId: requiredIdSchema,
  status: yup.boolean().default(true),
  dueDate,
  // The old companies form starts with an empty recurrence: it means the default.
  recurrence: yup
    .mixed<(typeof RECURRENCES)[number]>()
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .oneOf(RECURRENCES, V.oneOf)
    .default('MENSAL'),
  campaignsEnabled: yup.boolean().optional(),
});

/**
 * Creating a company also creates its first admin, who signs in with the company's e-mail and this
 * password (the rule of the user form). Without one (the existing clients' form has no password
 * field) the admin is e-mailed an invitation to set it, in `language` (the request's
 * Accept-Language when not given), which becomes the admin's.
 */
export const companyCreateSchema = companySchema.shape({
  password: optionalPasswordSchema,
  language: yup
    .mixed<Language>()
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .oneOf(LANGUAGES, V.oneOf)
    .optional(),
});

/** PUT /companies/{id}/schedules: the company's business hours, one entry per weekday. */
export const companySchedulesSchema = yup.object({
  schedules: schedulesSchema.test('one-per-day', V.oneOf, (days) => {
    const names = (days ?? []).map((d) => d.weekdayEn);
    return new Set(names).size === names.length;
  }),
});

export type CompanyInput = yup.InferType<typeof companySchema>;
export type CompanyCreateInput = yup.InferType<typeof companyCreateSchema>;
export type CompanySchedulesInput = yup.InferType<typeof companySchedulesSchema>;
