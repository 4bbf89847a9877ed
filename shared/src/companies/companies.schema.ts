import * as yup from 'yup';
import { TIME_HHMM, tooLong, tooShort, V } from '../common/validation.js';
import { WEEKDAYS_EN } from '../common/common.types.js';
import { RECURRENCES } from './companies.types.js';

export const weekdayScheduleSchema = yup.object({
  weekday: yup.string().required(V.required),
  weekdayEn: yup.mixed<(typeof WEEKDAYS_EN)[number]>().oneOf(WEEKDAYS_EN, V.oneOf).required(V.required),
  startTime: yup.string().matches(TIME_HHMM, { message: V.time, excludeEmptyString: true }).default(''),
  endTime: yup.string().matches(TIME_HHMM, { message: V.time, excludeEmptyString: true }).default(''),
});

export const schedulesSchema = yup.array(weekdayScheduleSchema).max(7, tooLong).default([]);

/** An empty or invalid due date travels as null, as the company form sends it. */
const nullableDate = yup
  .date()
  .transform((value: Date, original: unknown) => (original === '' || Number.isNaN(value?.getTime?.()) ? null : value))
  .nullable()
  .default(null);

export const companySchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(100, tooLong),
  email: yup.string().trim().lowercase().required(V.required).email(V.email),
  phone: yup.string().trim().max(20, tooLong).nullable().default(null),
  planId: yup.number().typeError(V.required).integer(V.integer).positive(V.required).required(V.required),
  status: yup.boolean().default(true),
  dueDate: nullableDate,
  recurrence: yup.mixed<(typeof RECURRENCES)[number]>().oneOf(RECURRENCES, V.oneOf).default('MENSAL'),
  campaignsEnabled: yup.boolean().optional(),
});

export type CompanyInput = yup.InferType<typeof companySchema>;
