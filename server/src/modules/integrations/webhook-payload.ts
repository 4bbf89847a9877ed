import { createHmac } from 'node:crypto';
import type { Message, Ticket } from '@atendo/shared';

/** What a webhook or n8n integration receives: one event of a ticket, with its message if any. */
export interface WebhookPayload {
  event: 'ticket.updated' | 'message.created';
  deliveryId: string;
  sentAt: string;
  integration: { id: number; name: string; type: string };
  ticket: {
    id: number;
    uuid: string;
    status: string;
    queueId: number | null;
    userId: number | null;
    whatsappId: number | null;
    contact: { id: number; name: string; number: string } | null;
  };
  message: Pick<Message, 'id' | 'body' | 'fromMe' | 'mediaType' | 'mediaUrl' | 'createdAt'> | null;
}

export function webhookPayload(
  integration: WebhookPayload['integration'],
  deliveryId: string,
  ticket: Ticket,
  message: Message | null,
  now: Date,
): WebhookPayload {
  return {
    event: message ? 'message.created' : 'ticket.updated',
    deliveryId,
    sentAt: now.toISOString(),
    integration,
    ticket: {
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      whatsappId: ticket.whatsappId,
      contact: ticket.contact
        ? { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number }
        : null,
    },
    message: message
      ? {
          id: message.id,
          body: message.body,
          fromMe: message.fromMe,
          mediaType: message.mediaType,
          mediaUrl: message.mediaUrl,
          createdAt: message.createdAt,
        }
      : null,
  };
}

/** `sha256=` and the hex HMAC-SHA256 of the exact bytes posted, under the integration's secret. */
export function signatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The text to send the customer from a webhook's answer: `{ "reply": "…" }`, or n8n's usual
 * `[{ "reply": "…" }]` (a workflow's last node answers a list of items). Anything else: nothing.
 */
export function replyOf(contentType: string | null, body: Buffer): string | null {
  if (!contentType?.includes('json') || !body.length) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  const item = Array.isArray(parsed) ? parsed[0] : parsed;
  const reply = (item as { reply?: unknown } | null)?.reply;
  return typeof reply === 'string' && reply.trim() ? reply.trim().slice(0, 4096) : null;
}
