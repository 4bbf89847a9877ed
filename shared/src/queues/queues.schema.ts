import * as yup from 'yup';
import { HEX_COLOR, INT_MAX, optionalId, tooLong, tooShort, V } from '../common/validation.js';
import { schedulesSchema } from '../companies/companies.schema.js';

export const queueSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  color: yup.string().trim().required(V.required).min(3, tooShort).max(9, tooLong).matches(HEX_COLOR, V.color),
  greetingMessage: yup.string().max(5000, tooLong).default(''),
  outOfHoursMessage: yup.string().max(5000, tooLong).default(''),
  orderQueue: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' ? null : value))
    .typeError(V.number)
    .integer(V.integer)
    .min(0, V.min)
    .max(INT_MAX, V.max)
    .nullable()
    .default(null),
  integrationId: optionalId().default(null),
  promptId: optionalId().default(null),
  schedules: schedulesSchema,
});

export const queueOptionSchema = yup.object({
  queueId: yup.number().integer(V.integer).positive(V.integer).max(INT_MAX, V.max).required(V.required),
  parentId: yup.number().integer(V.integer).positive(V.integer).max(INT_MAX, V.max).nullable().default(null),
  title: yup.string().trim().required(V.required).max(100, tooLong),
  message: yup.string().max(5000, tooLong).default(''),
  option: yup.number().integer(V.integer).min(1, V.min).max(INT_MAX, V.max).required(V.required),
});

export type QueueInput = yup.InferType<typeof queueSchema>;
