import * as yup from 'yup';
import { INT_MAX, optionalId as id, tooLong, tooShort, V } from '../common/validation.js';
import { schedulesSchema } from '../companies/companies.schema.js';
import { CONNECTION_PROVIDERS } from './whatsapp.types.js';

const text = yup.string().max(5000, tooLong).default('');
const count = yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(INT_MAX, V.max);
const optionalId = id().default(null);

/**
 * A connection's send-API token (COMPAT: it selects the connection on `POST /api/messages/send`):
 * at least 32 characters, so that nobody guesses one, up to the 64 the column holds, printable and
 * without spaces (it travels as `Authorization: Bearer <token>`). Empty asks for a generated one.
 */
export const WHATSAPP_TOKEN_MIN = 32;
export const WHATSAPP_TOKEN_MAX = 64;

/** The token's shape without its minimum, which a connection's unchanged older token need not meet. */
export function sendTokenSchema() {
  return yup
    .string()
    .trim()
    .max(WHATSAPP_TOKEN_MAX, tooLong)
    .matches(/^[\x21-\x7e]*$/, { message: V.invalid })
    .optional();
}

/**
 * The token as the connection form takes it: at least WHATSAPP_TOKEN_MIN characters, unless it is
 * empty (a generated one follows) or the connection's `current` token sent back unchanged.
 */
export function sendTokenField(current?: string) {
  return sendTokenSchema().test({
    name: 'min',
    message: tooShort,
    params: { min: WHATSAPP_TOKEN_MIN },
    test: (value) => !value || value === current || value.length >= WHATSAPP_TOKEN_MIN,
  });
}

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
  token: sendTokenField(),
});

export type WhatsappInput = yup.InferType<typeof whatsappSchema>;
