import * as yup from 'yup';

/** The header Asaas sends with the token configured for the webhook. */
export const WEBHOOK_TOKEN_HEADER = 'asaas-access-token';

/** The events that mean the money arrived (Pix is received at once; cards are confirmed first). */
export const PAID_EVENTS = ['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED'] as const;

/**
 * What we read of an Asaas webhook call. Asaas posts `{ id, event, dateCreated, payment: {...} }`;
 * older accounts send no event `id`, so the event name and payment id stand in for it.
 */
export const asaasWebhookSchema = yup.object({
  id: yup.string().trim().max(120).optional(),
  event: yup.string().trim().required().max(40),
  payment: yup
    .object({
      id: yup.string().trim().required().max(100),
      status: yup.string().optional(),
      value: yup.number().optional(),
      externalReference: yup.string().nullable().optional(),
    })
    .default(undefined)
    .optional(),
});

export type AsaasWebhook = yup.InferType<typeof asaasWebhookSchema>;

export function webhookEventId(body: AsaasWebhook): string {
  return body.id || `${body.event}:${body.payment?.id ?? 'none'}`;
}

export function isPaidEvent(event: string): boolean {
  return (PAID_EVENTS as readonly string[]).includes(event);
}
