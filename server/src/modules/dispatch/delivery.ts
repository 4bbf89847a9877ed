import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { phoneNumberForms } from '@atendo/shared';
import { DataSource, In, IsNull } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { ContactEntity } from '../conversations/entities/contact.entity.js';
import { MessageEntity } from '../conversations/entities/message.entity.js';
import { openKeyOf, TicketEntity } from '../conversations/entities/ticket.entity.js';
import { MessagesService, type Outgoing } from '../conversations/messages.service.js';
import { TicketEvents } from '../conversations/ticket-events.js';
import { TicketReader } from '../conversations/ticket-reader.js';

/**
 * A message id chosen before the send, in WhatsApp's own shape. The dispatcher stores it with the
 * work before sending, so a resend after a crash goes out under the same id.
 */
export function newMessageId(): string {
  return `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** The ticket a message without a live ticket lands in. */
export type TicketRule =
  /** A scheduled message: a new open ticket of its author (pending without one), as if they wrote it now. */
  | { kind: 'open'; userId: number | null }
  /**
   * A campaign: the contact's latest ticket on the connection, else a new closed one. A campaign to
   * thousands must not fill the agents' queues; the contact's answer opens a ticket as any message does.
   */
  | { kind: 'history' };

export interface Recipient {
  companyId: number;
  whatsappId: number;
  /** The contact, when the work names one (a schedule); else found or created by number. */
  contactId?: number | null;
  number: string;
  name: string;
  email?: string;
}

export interface Delivered {
  contactId: number;
  ticketId: number;
  /** The message was already stored under this id: it went before (a lapsed claim), nothing was sent now. */
  already: boolean;
}

/**
 * Sends the dispatcher's messages through the agents' own path (MessagesService.deliver): stored
 * in the contact's ticket, announced, acked like any other. Each send carries the id chosen for it;
 * one already stored under that id is not sent again.
 */
@Injectable()
export class Delivery {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly messages: MessagesService,
    private readonly reader: TicketReader,
    private readonly events: TicketEvents,
  ) {}

  /**
   * `retry`: the work was claimed before, by a sender that may have died after sending; only then
   * can a message under its id already be stored, so only then is it looked for.
   */
  async send(
    recipient: Recipient,
    outgoing: Outgoing,
    messageId: string,
    rule: TicketRule,
    retry = true,
  ): Promise<Delivered> {
    if (retry) {
      const stored = await this.db.getRepository(MessageEntity).findOne({
        where: { whatsappId: recipient.whatsappId, providerId: messageId },
        select: { id: true, ticketId: true, contactId: true },
      });
      if (stored?.contactId) return { contactId: stored.contactId, ticketId: stored.ticketId, already: true };
    }
    const contact = recipient.contactId
      ? { id: recipient.contactId, created: false }
      : await this.contactFor(recipient);
    const ticket = await this.ticketFor(recipient.companyId, recipient.whatsappId, contact, rule);
    await this.messages.deliver(ticket, outgoing, null, messageId);
    return { contactId: contact.id, ticketId: ticket.id, already: false };
  }

  /** The company's contact under either form of the number, created when there is none. */
  private async contactFor(recipient: Recipient): Promise<{ id: number; created: boolean }> {
    const repo = this.db.getRepository(ContactEntity);
    const forms = phoneNumberForms(recipient.number);
    if (!forms.includes(recipient.number)) forms.push(recipient.number);
    const found = await repo.find({
      where: { companyId: recipient.companyId, number: In(forms) },
      select: { id: true, number: true, removedAt: true },
    });
    const live = found.find((c) => c.number === recipient.number && !c.removedAt) ?? found.find((c) => !c.removedAt);
    if (live) return { id: live.id, created: false };
    if (found.length) throw new DomainError('ERR_NO_CONTACT_FOUND');
    const now = new Date();
    try {
      const inserted = await repo.insert({
        companyId: recipient.companyId,
        name: (recipient.name.trim() || recipient.number).slice(0, 100),
        number: recipient.number,
        email: recipient.email ?? '',
        isGroup: false,
        extraInfo: [],
        createdAt: now,
        updatedAt: now,
      });
      return { id: Number(inserted.identifiers[0].id), created: true };
    } catch (error) {
      // Created meanwhile (the contact wrote in, another node sent them something): use it.
      if (!isUniqueViolation(error)) throw error;
      const winner = await repo.findOneOrFail({
        where: { companyId: recipient.companyId, number: recipient.number, removedAt: IsNull() },
        select: { id: true },
      });
      return { id: winner.id, created: false };
    }
  }

  /** A contact created a moment ago has no ticket yet: nothing is looked for. */
  private async ticketFor(
    companyId: number,
    whatsappId: number,
    contact: { id: number; created: boolean },
    rule: TicketRule,
  ): Promise<TicketEntity> {
    const contactId = contact.id;
    const openKey = openKeyOf({ companyId, contactId, whatsappId });
    const live = contact.created ? null : await this.reader.live(openKey);
    if (live) return live;
    const tickets = this.db.getRepository(TicketEntity);
    if (rule.kind === 'history' && !contact.created) {
      const latest = await tickets.findOne({
        where: { companyId, contactId, whatsappId },
        order: { updatedAt: 'DESC', id: 'DESC' },
        select: { id: true },
      });
      if (latest) return this.entity(companyId, latest.id);
    }
    const now = new Date();
    const open = rule.kind === 'open';
    const status = open ? (rule.userId ? 'open' : 'pending') : 'closed';
    try {
      const inserted = await tickets.insert({
        uuid: randomUUID(),
        companyId,
        contactId,
        whatsappId,
        userId: open ? rule.userId : null,
        queueId: null,
        status,
        isGroup: false,
        openKey: status === 'closed' ? null : openKey,
        acceptedAt: status === 'open' ? now : null,
        closedAt: status === 'closed' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      const ticket = await this.entity(companyId, Number(inserted.identifiers[0].id));
      if (status !== 'closed') this.events.ticketUpdated(await this.reader.shape(ticket));
      return ticket;
    } catch (error) {
      // The contact wrote in meanwhile and has a live ticket now: the message goes there.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.reader.live(openKey);
      if (!winner) throw error;
      return winner;
    }
  }

  private async entity(companyId: number, id: number): Promise<TicketEntity> {
    const ticket = await this.reader.entity(companyId, { id });
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
    return ticket;
  }
}
