import * as yup from 'yup';
import { INT_MAX, optionalId as id, tooLong, tooShort, V } from '../common/validation.js';
import { schedulesSchema } from '../companies/companies.schema.js';
import { CONNECTION_PROVIDERS } from './whatsapp.types.js';

const text = yup.string().max(5000, tooLong).default('');
const count = yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(INT_MAX, V.max);
const optionalId = id().default(null);

export const whatsappSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  isDefault: yup.boolean().default(false),
  provider: yup.mixed<(typeof CONNECTION_PROVIDERS)[number]>().oneOf(CONNECTION_PROVIDERS, V.oneOf).default('beta'),
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  expiresInactiveMessage: text,
  expiresTicket: count.default(0),
  timeUseBotQueues: count.default(0),
  maxUseBotQueues: count.default(3),
  transferQueueId: optionalId,
  timeToTransfer: count.nullable().default(null),
  promptId: optionalId,
  integrationId: optionalId,
  queueIds: yup.array(yup.number().integer(V.integer).positive(V.integer).max(INT_MAX, V.max).required()).default([]),
  schedules: schedulesSchema,
  token: yup.string().trim().max(100, tooLong).optional(),
});

export type WhatsappInput = yup.InferType<typeof whatsappSchema>;
