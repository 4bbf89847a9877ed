import { Injectable } from '@nestjs/common';
import type { Contact, Message, Ticket } from '@atendo/shared';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ticketRooms, type TicketPlace } from './visibility.js';

type Placed = TicketPlace & { id: number; uuid: string; companyId: number };

/**
 * Every conversation event goes only to the rooms whose sockets may see the ticket (see
 * docs/architecture.md, Real time). When a ticket moves out of someone's sight (transfer, return),
 * the sockets that lose it get `delete` and leave its conversation room.
 */
@Injectable()
export class TicketEvents {
  constructor(private readonly realtime: RealtimeService) {}

  ticketUpdated(ticket: Ticket, before?: TicketPlace): void {
    const now = ticketRooms(ticket.companyId, ticket);
    this.realtime.toRooms(now, ticket.companyId, 'ticket', { action: 'update', ticket });
    if (!before || (before.queueId === ticket.queueId && before.userId === ticket.userId)) return;
    const old = ticketRooms(ticket.companyId, { ...ticket, ...before });
    const viewersNow = now.slice(0, -2);
    this.realtime.toRooms(old, ticket.companyId, 'ticket', { action: 'delete', ticketId: ticket.id }, viewersNow);
    for (const room of now.slice(-2)) this.realtime.evict(room, viewersNow);
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
