import * as yup from 'yup';
import { fitsTextColumn, INT_MAX, optionalId as id, tooLong, tooShort, V } from '../common/validation.js';
import { TICKET_STATUSES } from './tickets.types.js';

const optionalId = id();

export const ticketCreateSchema = yup.object({
  contactId: yup.number().integer(V.integer).positive(V.required).max(INT_MAX, V.max).required(V.required),
  queueId: optionalId.default(null),
  whatsappId: optionalId.default(null),
  userId: optionalId.default(null),
  status: yup.mixed<(typeof TICKET_STATUSES)[number]>().oneOf(TICKET_STATUSES, V.oneOf).default('open'),
});

export const ticketUpdateSchema = yup.object({
  status: yup.mixed<(typeof TICKET_STATUSES)[number]>().oneOf(TICKET_STATUSES, V.oneOf).optional(),
  userId: optionalId.optional(),
  queueId: optionalId.optional(),
  whatsappId: optionalId.optional(),
  useIntegration: yup.boolean().optional(),
  promptId: optionalId.optional(),
  integrationId: optionalId.optional(),
  /**
   * On accept, the server sends the company's greeting (setting sendGreetingAccepted). Only a client
   * that asks gets it: the family's client posts its own (`{{ms}} {{name}}`) after the accept, and a
   * second one from the server would greet the customer twice.
   */
  greeting: yup.boolean().optional(),
});

/** Text messages: empty or whitespace-only bodies are refused. */
export const messageSendSchema = yup.object({
  body: yup.string().trim().required(V.required).max(65_536, tooLong).test(fitsTextColumn),
  quotedMsgId: optionalId.optional(),
});

export const transferSchema = yup.object({
  queueId: yup.number().integer(V.integer).positive(V.required).max(INT_MAX, V.max).required(V.required),
  userId: optionalId.default(null),
});

export const ticketNoteSchema = yup.object({
  note: yup.string().trim().required(V.required).min(2, tooShort).max(5000, tooLong),
  ticketId: yup.number().integer(V.integer).positive(V.required).max(INT_MAX, V.max).required(V.required),
  contactId: yup.number().integer(V.integer).positive(V.required).max(INT_MAX, V.max).required(V.required),
});
