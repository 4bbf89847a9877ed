import type { CompanyEventPayloads, Id, Message, QueueSummary, Ticket } from '@atendo/shared';
import { mediaPreviewKey } from '../tickets/thread';
import { plainText } from '../tickets/whatsapp-format';

export interface NotifyViewer {
  id: Id;
  allTicket: 'enabled' | 'desabled';
  queues: Pick<QueueSummary, 'id'>[];
  isAdmin: boolean;
}

/**
 * Whether a ticket is one this user is told about: theirs, or nobody's yet in one of their queues.
 * allTicket is about the tickets no queue has taken: only those wait for it to be enabled.
 */
export function concernsViewer(ticket: Ticket, viewer: NotifyViewer): boolean {
  if (ticket.status === 'closed') return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  if (ticket.queueId === null) return ticket.userId === viewer.id || viewer.allTicket === 'enabled';
  return viewer.isAdmin || viewer.queues.some((q) => q.id === ticket.queueId);
}

export type InboundDecision = { sound: boolean; notify: boolean };

/**
 * A new message: inbound messages of the user's tickets ring; a notification is shown too unless
 * the user is looking at that very ticket in a focused window.
 */
export function inboundDecision(
  event: CompanyEventPayloads['appMessage'],
  viewer: NotifyViewer,
  viewing: { uuid: string | null; focused: boolean },
): InboundDecision {
  if (event.action !== 'create' || event.message.fromMe || !concernsViewer(event.ticket, viewer)) {
    return { sound: false, notify: false };
  }
  const looking = viewing.focused && viewing.uuid === event.ticket.uuid;
  return { sound: true, notify: !looking };
}

/** The notification text: the body as read (no formatting markers), or a translated label for media. */
export function previewText(message: Pick<Message, 'body' | 'mediaType'>, t: (key: string) => string): string {
  const key = mediaPreviewKey(message.mediaType);
  if (key) return t(key);
  const text = plainText(message.body);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** One native notification per ticket: a newer message replaces the older one's. */
export function notificationTag(ticketId: Id): string {
  return `ticket-${ticketId}`;
}

/** The ticket a route shows, if any (/tickets/{uuid}). */
export function ticketUuidOf(pathname: string): string | null {
  const match = /^\/tickets\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}
