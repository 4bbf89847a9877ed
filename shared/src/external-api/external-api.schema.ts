import * as yup from 'yup';
import { tooLong, V } from '../common/validation.js';
import { normalizePhoneNumber } from '../contacts/phone.js';

/** The longest text the send API takes (WhatsApp's own limit for a message is far above it). */
export const EXTERNAL_BODY_MAX = 4096;
/** The longest `Idempotency-Key` header the send API keeps. */
export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * `POST /api/messages/send` (COMPAT.md, external send API): the family's `{ number, body,
 * closeTicket? }`. `body` is required without files; with files it is their caption. Multipart
 * fields arrive as text, so `closeTicket` takes "true"/"false" too.
 */
export function externalSendSchema(withMedia: boolean) {
  return yup.object({
    number: yup
      .string()
      .trim()
      .required(V.required)
      .max(50, tooLong)
      .test('phone', V.phone, (value) => !value || normalizePhoneNumber(value) !== null),
    body: withMedia
      ? yup.string().trim().max(EXTERNAL_BODY_MAX, tooLong).default('')
      : yup.string().trim().required(V.required).max(EXTERNAL_BODY_MAX, tooLong),
    closeTicket: yup.boolean().typeError(V.invalid).default(false),
  });
}
export type ExternalSendInput = yup.InferType<ReturnType<typeof externalSendSchema>>;

/** The answer of a send, word for word what the family's integrations read. */
export const EXTERNAL_SENT = { mensagem: 'Mensagem enviada' } as const;
