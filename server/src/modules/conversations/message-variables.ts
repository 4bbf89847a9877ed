import type { MessageVariableContext } from '@atendo/shared';
import { serverZone } from '../dashboard/dashboard.rules.js';
import type { TicketEntity } from './entities/ticket.entity.js';

/**
 * What the message variables read from a ticket as it is sent: its contact, its agent (or the one
 * writing), its number for the protocol, and this installation's zone (TZ) for the greeting, the
 * hour and the date; companies have no zone of their own.
 */
export function ticketVariables(
  ticket: Pick<TicketEntity, 'id' | 'contact' | 'user'>,
  more: Pick<MessageVariableContext, 'userName' | 'custom'> = {},
): MessageVariableContext {
  return {
    contact: ticket.contact ?? null,
    userName: more.userName ?? ticket.user?.name ?? null,
    ticketId: ticket.id,
    now: new Date(),
    timeZone: serverZone(),
    custom: more.custom,
  };
}
