import { Injectable } from '@nestjs/common';
import type { Contact, Message, Ticket, TicketStatus } from '@atendo/shared';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ticketRooms, type TicketPlace } from './visibility.js';

type Placed = TicketPlace & { id: number; uuid: string; companyId: number };

/** A ticket or message event as the sockets get it, for the integrations that relay them. */
export type ConversationEvent =
  { kind: 'ticket'; ticket: Ticket } | { kind: 'message'; ticket: Ticket; message: Message };

/**
 * Every conversation event goes only to the rooms whose sockets may see the ticket (see
 * docs/architecture.md, Real time). When a ticket moves out of someone's sight (transfer, return),
 * the sockets that lose it get `delete` and leave its conversation room.
 */
@Injectable()
export class TicketEvents {
  private readonly observers: ((event: ConversationEvent) => void)[] = [];

  constructor(private readonly realtime: RealtimeService) {}

  /** `observer` hears every ticket update and new message after the sockets do; it must not block. */
  observe(observer: (event: ConversationEvent) => void): void {
    this.observers.push(observer);
  }

  private tell(event: ConversationEvent): void {
    for (const observer of this.observers) observer(event);
  }

  /**
   * `before` is where the ticket was, when a change may have moved it. The existing clients keep a
   * list per status and drop a ticket from one only on `delete`: a ticket that changed status
   * (accepted, returned, resolved, reopened) is first deleted for everyone who saw it, then updated.
   * A ticket that only moved (transferred) is deleted where it is no longer seen.
   */
  ticketUpdated(ticket: Ticket, before?: TicketPlace & { status?: TicketStatus }): void {
    const now = ticketRooms(ticket.companyId, ticket);
    const moved = !!before && (before.queueId !== ticket.queueId || before.userId !== ticket.userId);
    const statusChanged = before?.status !== undefined && before.status !== ticket.status;
    if (before && (moved || statusChanged)) {
      const old = ticketRooms(ticket.companyId, { ...ticket, ...before });
      const viewersNow = now.slice(0, -2);
      const gone = { action: 'delete' as const, ticketId: ticket.id };
      if (statusChanged) this.realtime.toRooms([...new Set([...old, ...now])], ticket.companyId, 'ticket', gone);
      else this.realtime.toRooms(old, ticket.companyId, 'ticket', gone, viewersNow);
      if (moved) for (const room of now.slice(-2)) this.realtime.evict(room, viewersNow);
    }
    this.realtime.toRooms(now, ticket.companyId, 'ticket', { action: 'update', ticket });
    this.tell({ kind: 'ticket', ticket });
  }

  ticketDeleted(ticket: Placed): void {
    this.realtime.toRooms(ticketRooms(ticket.companyId, ticket), ticket.companyId, 'ticket', {
      action: 'delete',
      ticketId: ticket.id,
    });
  }

  unreadCleared(ticket: Placed): void {
    this.realtime.toRooms(ticketRooms(ticket.companyId, ticket), ticket.companyId, 'ticket', {
      action: 'updateUnread',
      ticketId: ticket.id,
    });
  }

  messageCreated(ticket: Ticket, message: Message): void {
    this.realtime.toRooms(ticketRooms(ticket.companyId, ticket), ticket.companyId, 'appMessage', {
      action: 'create',
      message,
      ticket,
      contact: ticket.contact,
    });
    this.tell({ kind: 'message', ticket, message });
  }

  messageUpdated(ticket: Placed, message: Message): void {
    this.realtime.toRooms(ticketRooms(ticket.companyId, ticket), ticket.companyId, 'appMessage', {
      action: 'update',
      message,
    });
  }

  /** A contact is seen by whoever sees one of its tickets; the contacts page is company-wide. */
  contactUpdated(companyId: number, contact: Contact, ticket?: Placed): void {
    if (ticket) {
      this.realtime.toRooms(ticketRooms(companyId, ticket), companyId, 'contact', { action: 'update', contact });
    } else {
      this.realtime.toCompany(companyId, 'contact', { action: 'update', contact });
    }
  }
}
