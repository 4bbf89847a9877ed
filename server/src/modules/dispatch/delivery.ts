import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { phoneNumberForms } from '@atendo/shared';
import { DataSource, In, IsNull } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { placeholders, SqlWhere } from '../../database/compiled-select.js';
import { insertedId } from '../../database/inserted-id.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { ContactEntity } from '../conversations/entities/contact.entity.js';
import { MessageEntity } from '../conversations/entities/message.entity.js';
import { openKeyOf, TicketEntity } from '../conversations/entities/ticket.entity.js';
import { MessagesService, type Outgoing } from '../conversations/messages.service.js';
import { TicketEvents } from '../conversations/ticket-events.js';
import { toTicket } from '../conversations/mappers.js';
import { TicketReader } from '../conversations/ticket-reader.js';

/**
 * A message id chosen before the send, in WhatsApp's own shape. The dispatcher stores it with the
 * work before sending, so a resend after a crash goes out under the same id.
 */
export function newMessageId(): string {
  return `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** The forms a number may be stored under, itself included. */
function numberForms(number: string): string[] {
  const forms = phoneNumberForms(number);
  return forms.includes(number) ? forms : [...forms, number];
}

/**
 * Of a number's contacts (under any of its forms), the one a message goes to: not removed, the one
 * under the number itself first.
 */
function liveContact<C extends { number: string; removedAt: unknown }>(contacts: C[], number: string): C | undefined {
  return contacts.find((c) => c.number === number && !c.removedAt) ?? contacts.find((c) => !c.removedAt);
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

/** Who a message is for, as the work names them. */
export interface Person {
  number: string;
  name: string;
  email?: string;
}

export interface Recipient extends Person {
  companyId: number;
  whatsappId: number;
  /** The contact, when the work names one (a schedule); else found or created by number. */
  contactId?: number | null;
}

export interface Delivered {
  contactId: number;
  ticketId: number;
  /** The ticket it landed in; null when it had gone before (`already`). */
  ticket: TicketEntity | null;
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
   * can a message under its id already be stored, so only then is it looked for. `ticket`: where
   * it lands, when the caller found that already (see `tickets`).
   */
  async send(
    recipient: Recipient,
    outgoing: Outgoing,
    messageId: string,
    rule: TicketRule,
    retry = true,
    ticket?: TicketEntity,
  ): Promise<Delivered> {
    if (retry) {
      const stored = await this.db.getRepository(MessageEntity).findOne({
        where: { whatsappId: recipient.whatsappId, providerId: messageId },
        select: { id: true, ticketId: true, contactId: true },
      });
      if (stored?.contactId) {
        return { contactId: stored.contactId, ticketId: stored.ticketId, ticket: null, already: true };
      }
    }
    if (!ticket) {
      const contact = recipient.contactId
        ? { id: recipient.contactId, created: false }
        : await this.contactFor(recipient);
      ticket = await this.ticketFor(recipient.companyId, recipient.whatsappId, contact, rule);
    }
    // The dispatcher's sends run side by side: they are stored in groups.
    await this.messages.deliver(ticket, outgoing, null, { messageId, grouped: true });
    return { contactId: ticket.contactId, ticketId: ticket.id, ticket, already: false };
  }

  /**
   * The tickets a campaign's batch lands in (the `history` rule), by number, found and created
   * together: a handful of statements for the batch where one by one each recipient took four.
   * A recipient it cannot settle (only a removed contact under the number) is left out; its send
   * then takes the one-by-one path, which says why.
   */
  async tickets(companyId: number, whatsappId: number, people: Person[]): Promise<Map<string, TicketEntity>> {
    const byNumber = new Map<string, TicketEntity>();
    const contactIds = await this.contactsOf(companyId, [...new Map(people.map((p) => [p.number, p])).values()]);
    if (!contactIds.size) return byNumber;
    const ids = [...new Set(contactIds.values())];
    const keys = ids.map((contactId) => openKeyOf({ companyId, contactId, whatsappId }));
    const found = new Map<number, TicketEntity>();
    for (const live of await this.reader.matching(new SqlWhere(`t.openKey IN (${placeholders(keys)})`, ...keys))) {
      found.set(live.contactId, live);
    }
    const rest = ids.filter((id) => !found.has(id));
    if (rest.length) {
      // The latest ticket of each contact on the connection (updatedAt, then id): the last one read.
      const latest = new Map<number, number>();
      const rows = (await this.db.query(
        `SELECT id, contactId FROM tickets WHERE companyId = ? AND whatsappId = ? AND contactId IN (${placeholders(rest)}) ` +
          'ORDER BY updatedAt, id',
        [companyId, whatsappId, ...rest],
      )) as { id: number | string; contactId: number | string }[];
      for (const row of rows) latest.set(Number(row.contactId), Number(row.id));
      const wanted = [...latest.values()];
      if (wanted.length) {
        for (const ticket of await this.reader.matching(
          new SqlWhere(`t.companyId = ? AND t.id IN (${placeholders(wanted)})`, companyId, ...wanted),
        )) {
          found.set(ticket.contactId, ticket);
        }
      }
    }
    const fresh = ids.filter((id) => !found.has(id));
    if (fresh.length) {
      const now = new Date();
      const rows = fresh.map((contactId) => ({
        uuid: randomUUID(),
        companyId,
        contactId,
        whatsappId,
        userId: null,
        queueId: null,
        status: 'closed' as const,
        isGroup: false,
        openKey: null,
        acceptedAt: null,
        closedAt: now,
        createdAt: now,
        updatedAt: now,
      }));
      // Not read back for its defaults: the tickets are read next, with their contact and connection.
      await this.db.createQueryBuilder().insert().into(TicketEntity).values(rows).updateEntity(false).execute();
      const uuids = rows.map((r) => r.uuid);
      for (const ticket of await this.reader.matching(
        new SqlWhere(`t.companyId = ? AND t.uuid IN (${placeholders(uuids)})`, companyId, ...uuids),
      )) {
        found.set(ticket.contactId, ticket);
      }
    }
    for (const [number, contactId] of contactIds) {
      const ticket = found.get(contactId);
      if (ticket) byNumber.set(number, ticket);
    }
    return byNumber;
  }

  /**
   * The company's contacts of these numbers (under either form; a live one under the number
   * itself first), those missing created in one statement. Numbers with only a removed contact
   * are left out.
   */
  private async contactsOf(companyId: number, people: Person[]): Promise<Map<string, number>> {
    const repo = this.db.getRepository(ContactEntity);
    const formsOf = new Map(people.map((p) => [p.number, numberForms(p.number)]));
    const every = [...new Set([...formsOf.values()].flat())];
    // Plain SQL: read twice a batch; whether a contact was removed is all its removedAt tells here.
    const read = async () =>
      (
        (await this.db.query(
          `SELECT id, number, removedAt FROM contacts WHERE companyId = ? AND number IN (${placeholders(every)})`,
          [companyId, ...every],
        )) as { id: number | string; number: string; removedAt: unknown }[]
      ).map((c) => ({ ...c, id: Number(c.id) }));
    const settle = (found: { id: number; number: string; removedAt: unknown }[]) => {
      const ids = new Map<string, number>();
      const missing: string[] = [];
      for (const { number } of people) {
        const forms = formsOf.get(number)!;
        const mine = found.filter((c) => forms.includes(c.number));
        const live = liveContact(mine, number);
        if (live) ids.set(number, live.id);
        else if (!mine.length) missing.push(number);
      }
      return { ids, missing };
    };
    const first = settle(await read());
    if (!first.missing.length) return first.ids;
    const now = new Date();
    const byNumber = new Map(people.map((p) => [p.number, p]));
    // Ignored when created meanwhile (the contact wrote in, another node sent them something).
    await repo
      .createQueryBuilder()
      .insert()
      .values(
        first.missing.map((number) => ({
          companyId,
          name: (byNumber.get(number)!.name.trim() || number).slice(0, 100),
          number,
          email: byNumber.get(number)!.email ?? '',
          isGroup: false,
          extraInfo: [],
          createdAt: now,
          updatedAt: now,
        })),
      )
      .orIgnore()
      // Not read back for its defaults (one SELECT more on MySQL): the ids are read next.
      .updateEntity(false)
      .execute();
    return settle(await read()).ids;
  }

  /** The company's contact under either form of the number, created when there is none. */
  private async contactFor(recipient: Recipient): Promise<{ id: number; created: boolean }> {
    const repo = this.db.getRepository(ContactEntity);
    const forms = numberForms(recipient.number);
    const found = await repo.find({
      where: { companyId: recipient.companyId, number: In(forms) },
      select: { id: true, number: true, removedAt: true },
    });
    const live = liveContact(found, recipient.number);
    if (live) return { id: live.id, created: false };
    if (found.length) throw new DomainError('ERR_NO_CONTACT_FOUND');
    const now = new Date();
    try {
      const inserted = await repo
        .createQueryBuilder()
        .insert()
        .values({
          companyId: recipient.companyId,
          name: (recipient.name.trim() || recipient.number).slice(0, 100),
          number: recipient.number,
          email: recipient.email ?? '',
          isGroup: false,
          extraInfo: [],
          createdAt: now,
          updatedAt: now,
        })
        .updateEntity(false)
        .execute();
      return { id: insertedId(inserted)!, created: true };
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
      const inserted = await tickets
        .createQueryBuilder()
        .insert()
        .values({
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
        })
        .updateEntity(false)
        .execute();
      const ticket = await this.entity(companyId, insertedId(inserted)!);
      // A ticket made a moment ago has no tags: its event needs no read of them.
      if (status !== 'closed') this.events.ticketUpdated(toTicket(ticket, []));
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
