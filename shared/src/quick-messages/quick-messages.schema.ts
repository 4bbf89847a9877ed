import * as yup from 'yup';
import { fitsTextColumn, optionalId, requiredIdSchema, tooLong, V } from '../common/validation.js';

export const quickMessageSchema = yup.object({
  shortcode: yup.string().trim().required(V.required).max(50, tooLong),
  message: yup.string().max(5000, tooLong).default(''),
  geral: yup.boolean().typeError(V.oneOf).default(false),
});

export type QuickMessageInput = yup.InferType<typeof quickMessageSchema>;

/**
 * `POST /quick-messages/{id}/send`: the quick message's attachment into a ticket, `body` its
 * caption (none: the attachment goes under its own name).
 */
export const quickMessageSendSchema = yup.object({
  ticketId: requiredIdSchema,
  body: yup.string().trim().max(65_536, tooLong).test(fitsTextColumn).default(''),
  quotedMsgId: optionalId(),
});

export type QuickMessageSendInput = yup.InferType<typeof quickMessageSendSchema>;
