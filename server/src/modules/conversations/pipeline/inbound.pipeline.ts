import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { settingValue, type Ticket } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource, In, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../../../database/unique-violation.js';
import type { InboundCall, InboundMessage, InboundSink, MessageChange, PeerRef } from '../../gateway/gateway.types.js';
import { CompanyEntity } from '../../companies/entities/company.entity.js';
import { QueueEntity } from '../../queues/entities/queue.entity.js';
import { SettingEntity } from '../../settings/entities/setting.entity.js';
import { WhatsappEntity } from '../../whatsapp/entities/whatsapp.entity.js';
import { automaticTexts, previewOf, ratingOf } from '../automatic-messages.js';
import { toMessage } from '../mappers.js';
import { ContactEntity } from '../entities/contact.entity.js';
import { MessageEntity } from '../entities/message.entity.js';
import { TicketRatingEntity } from '../entities/ticket-rating.entity.js';
import { openKeyOf, TicketEntity } from '../entities/ticket.entity.js';
import { companyFolder, MediaStore } from '../../media/media-store.js';
import { MessagesService } from '../messages.service.js';
import { TicketEvents } from '../ticket-events.js';
import { peerKey } from './peer-key.js';
import { TicketReader } from '../ticket-reader.js';
import { Transactions } from '../transactions.js';
import {
  choiceStep,
  fillVariables,
  menuQueues,
  newTicketStep,
  type BotConnection,
  type BotSettings,
  type BotStep,
} from './greeting-bot.js';

/** Thrown inside the transaction when the message is already stored: roll back, do nothing. */
const DUPLICATE = Symbol('duplicate');

interface Stored {
  ticketId: number;
  contactId: number;
  ticketCreated: boolean;
  contactChanged: boolean;
  /** The greeting bot's texts to send after the commit, and whether it moved the ticket. */
  bot: { texts: string[]; changed: boolean };
  /**
   * The ticket as it stands after this message, when it was read inside the transaction (with its
   * contact, queue, owner, connection and tags) and nothing moved it elsewhere: the event is built
   * from it rather than read back. Null when the ticket is new or the bot moved it (read back then).
   */
  ticket: Ticket | null;
  /** The stored message, as the API answers it. */
  message: MessageEntity;
}

/**
 * The conversation side of every provider event. One inbound message is one transaction: the
 * contact (found by number or LID, created once), the live ticket (found, or created pending),
 * the message (stored once per connection and provider id) and the ticket's preview and unread
 * count; the events go out after the commit, so no socket ever hears of a row that was rolled back.
 *
 * One contact's messages are handled one at a time (an album's ten images make one ticket), and the
 * unique keys on contacts.number, tickets.openKey and messages(whatsappId, providerId) hold the same
 * rules between server processes: losing such a race retries once and finds the winner's rows.
 */

/** Waits between lookups of a changed message not stored yet: about 3 s in all, then it is dropped. */
const CHANGE_LOOKUP_RETRIES = [100, 200, 400, 800, 1500];

@Injectable()
export class InboundPipeline implements InboundSink {
  private readonly logger = new Logger('Inbound');

  private readonly mysql: boolean;
  /** Contact ids of recent senders by company and number (see knownLive). */
  private readonly knownContacts = new LRUCache<string, number>({ max: 50_000 });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly media: MediaStore,
    private readonly reader: TicketReader,
    private readonly messages: MessagesService,
    private readonly events: TicketEvents,
  ) {
    this.mysql = db.options.type === 'mysql';
  }

  async message(m: InboundMessage): Promise<void> {
    // A redelivery is recognised before its media is fetched again; without media, inside the
    // transaction (see insertOnce).
    if (m.media && (await this.stored(m.whatsappId, m.providerId))) return;
    let mediaUrl: string | null = null;
    if (m.media) {
      try {
        mediaUrl = await this.media.save(companyFolder(m.companyId), await m.media.load(), m.media.filename);
      } catch (error) {
        // The message still reaches the agent, without its file, rather than being lost.
        this.logger.warn(`media of ${m.providerId} not stored: ${error instanceof Error ? error.message : error}`);
      }
    }
    let stored: Stored | null;
    try {
      // A ticket already in hand is announced still under the contact's lock, so the events of one
      // contact leave in the order their transactions committed.
      stored = await this.store(m, mediaUrl, (s) => {
        if (!s.ticket) return;
        try {
          this.announce(m.companyId, s, s.ticket);
        } catch (error) {
          // Stored is stored: a failed emit must not report the message as lost.
          this.logger.error(`events of ${m.providerId} not sent: ${String(error)}`);
        }
      });
    } catch (error) {
      await this.media.remove(mediaUrl);
      throw error;
    }
    if (!stored) {
      await this.media.remove(mediaUrl);
      return;
    }
    if (!stored.ticket)
      this.announce(m.companyId, stored, await this.reader.full(m.companyId, { id: stored.ticketId }));
    if (stored.bot.texts.length) await this.sendBot(m.companyId, stored.ticketId, stored.bot.texts);
  }

  private announce(companyId: number, stored: Stored, ticket: Ticket): void {
    if (stored.ticketCreated) this.events.ticketUpdated(ticket);
    // A queue chosen from the bot's menu: its agents now see the ticket, the queueless lists lose it.
    else if (stored.bot.changed) this.events.ticketUpdated(ticket, { queueId: null, userId: ticket.userId });
    if (stored.contactChanged) this.events.contactUpdated(companyId, ticket.contact, ticket);
    this.events.messageCreated(ticket, toMessage(stored.message));
  }

  /**
   * The greeting bot's answers, sent after the commit like every side message: through the gateway,
   * then stored with the provider's id. A failed send is logged; the ticket stays as it is.
   */
  private async sendBot(companyId: number, ticketId: number, texts: string[]): Promise<void> {
    const ticket = await this.reader.entity(companyId, { id: ticketId });
    if (!ticket) return;
    for (const text of texts) {
      const body = fillVariables(text, { contactName: ticket.contact?.name ?? '', ticketId, now: new Date() });
      try {
        await this.messages.deliver(ticket, { body, automatic: true });
      } catch (error) {
        this.logger.warn(`ticket ${ticketId}: the bot message was not sent (${String(error)})`);
      }
    }
  }

  async change(change: MessageChange, attempt = 0): Promise<void> {
    const existing = await this.db.getRepository(MessageEntity).findOne({
      where: { whatsappId: change.whatsappId, providerId: change.providerId, companyId: change.companyId },
      select: { id: true, ticketId: true, ack: true, isDeleted: true },
    });
    if (!existing) {
      // A provider may ack a message we sent before the sending request has stored it (the ack
      // races the insert): look again a little later, without holding up the session's events.
      if (attempt < CHANGE_LOOKUP_RETRIES.length) {
        setTimeout(() => {
          this.change(change, attempt + 1).catch((error: unknown) =>
            this.logger.warn(`late change failed: ${String(error)}`),
          );
        }, CHANGE_LOOKUP_RETRIES[attempt]).unref();
      }
      return;
    }
    if (change.kind === 'revoke') {
      // The customer deleted it for everyone: like an agent's deletion, it may take the ticket's preview.
      const ticket = existing.isDeleted ? null : await this.reader.entity(change.companyId, { id: existing.ticketId });
      if (ticket) await this.messages.markDeleted(ticket, existing.id);
      return;
    }
    const now = new Date();
    const changed = await this.tx.single(async (em) => {
      const qb = em.createQueryBuilder().update(MessageEntity).where('id = :id', { id: existing.id });
      if (change.kind === 'ack') {
        // Acks only move forward: a late "delivered" never undoes a "read".
        if (change.ack <= existing.ack) return false;
        qb.set({ ack: change.ack, updatedAt: now }).andWhere('ack < :ack', { ack: change.ack });
      } else {
        qb.set({ body: change.body, isEdited: true, updatedAt: now });
      }
      return ((await qb.execute()).affected ?? 1) > 0;
    });
    if (!changed) return;
    const [ticket, message] = await Promise.all([
      this.reader.entity(change.companyId, { id: existing.ticketId }),
      this.messages.one(change.companyId, existing.id),
    ]);
    if (ticket) this.events.messageUpdated(ticket, message);
  }

  /** A call becomes a call-log entry in the caller's ticket, like a message they sent. */
  async call(call: InboundCall): Promise<void> {
    await this.message({
      whatsappId: call.whatsappId,
      companyId: call.companyId,
      providerId: call.providerId,
      chat: call.from,
      fromMe: false,
      timestamp: call.timestamp,
      mediaType: 'call_log',
      body: automaticTexts(null).call(call.rejected),
    });
  }

  private async stored(whatsappId: number, providerId: string, em: EntityManager = this.db.manager): Promise<boolean> {
    return em.getRepository(MessageEntity).exists({ where: { whatsappId, providerId } });
  }

  private async store(
    m: InboundMessage,
    mediaUrl: string | null,
    committed: (stored: Stored) => void,
  ): Promise<Stored | null> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.tx.run(peerKey(m.companyId, m.chat.number), (em) => this.storeIn(em, m, mediaUrl), committed);
      } catch (error) {
        if (error === DUPLICATE) return null;
        // Another server process created the contact or the ticket first: once more finds them.
        if (attempt === 1 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  private async storeIn(em: EntityManager, m: InboundMessage, mediaUrl: string | null): Promise<Stored> {
    const { known, noLiveUnder } = await this.knownLive(em, m);
    const {
      contact,
      created: contactCreated,
      changed: contactChanged,
    } = known ? await this.named(em, known.contact, m.chat, {}) : await this.contactFor(em, m.companyId, m.chat);
    this.knownContacts.set(`${m.companyId}:${m.chat.number}`, contact.id);
    const tickets = em.getRepository(TicketEntity);
    const openKey = openKeyOf({ companyId: m.companyId, contactId: contact.id, whatsappId: m.whatsappId });
    // A known sender's probe that found no live ticket under this very key is not run twice.
    let ticket = known?.ticket ?? (openKey === noLiveUnder ? null : await this.reader.live(openKey, em));
    const live = ticket !== null;
    let ticketCreated = false;
    let isRating = false;
    if (!ticket && !m.fromMe) {
      const rated = await this.rating(em, m, contact.id);
      if (rated) {
        ticket = rated;
        isRating = true;
      }
    }
    if (!ticket && m.fromMe) {
      // Our own message with no live ticket (the rating question right after resolving, or a text
      // typed on the phone) joins the contact's latest ticket: it is nothing for an agent to accept.
      ticket = await tickets.findOne({
        where: { companyId: m.companyId, contactId: contact.id, whatsappId: m.whatsappId },
        order: { updatedAt: 'DESC', id: 'DESC' },
      });
    }
    const now = new Date();
    // The greeting bot answers the customer only: never our own, group or caught-up messages.
    const botActs = !m.fromMe && !m.historical && !m.chat.isGroup && !isRating;
    let bot: BotStep | null = null;
    if (!ticket) {
      const queues = await this.queuesOf(em, m.whatsappId);
      if (botActs && queues.length) {
        const { connection, settings } = await this.botContext(em, m.companyId, m.whatsappId);
        const company =
          settings.scheduleType === 'company'
            ? await em
                .getRepository(CompanyEntity)
                .findOne({ where: { id: m.companyId }, select: { id: true, schedules: true } })
            : null;
        bot = newTicketStep(connection, queues, settings, company?.schedules ?? null, now);
      }
      const inserted = await tickets.insert({
        uuid: randomUUID(),
        companyId: m.companyId,
        contactId: contact.id,
        whatsappId: m.whatsappId,
        queueId: queues.length === 1 ? queues[0].id : null,
        chatbot: bot?.chatbot ?? false,
        status: 'pending',
        isGroup: m.chat.isGroup,
        openKey,
        createdAt: now,
        updatedAt: now,
      });
      ticket = await tickets.findOneByOrFail({ id: Number(inserted.identifiers[0].id) });
      ticketCreated = true;
    }
    const botChanges: Partial<TicketEntity> = {};
    if (!ticketCreated && botActs && ticket.chatbot && ticket.status === 'pending' && ticket.queueId === null) {
      // The customer answers the bot's menu.
      const queues = await this.queuesOf(em, m.whatsappId);
      if (queues.length > 1 && m.mediaType !== 'chat') {
        // A photo, an album or a voice note is no answer to the menu: it neither counts as a wrong
        // one nor brings the menu back (ten images would otherwise resend it until the bot gives up).
        bot = { texts: [], chatbot: true };
      } else if (queues.length > 1) {
        const { connection, settings } = await this.botContext(em, m.companyId, m.whatsappId);
        bot = choiceStep(connection, queues, settings, m.body, ticket.amountUsedBotQueues, now);
        if (bot.queueId !== undefined) botChanges.queueId = bot.queueId;
        if (bot.attempts !== undefined) botChanges.amountUsedBotQueues = bot.attempts;
      } else {
        // The connection's queues changed since the menu went out: nothing left to choose from.
        bot = { texts: [], chatbot: false, ...(queues.length ? { queueId: queues[0].id } : {}) };
        if (bot.queueId !== undefined) botChanges.queueId = bot.queueId;
      }
      botChanges.chatbot = bot.chatbot;
    }
    const quoted = m.quotedProviderId
      ? await this.messages
          .select(em)
          .where('m.whatsappId = :whatsappId AND m.providerId = :providerId', {
            whatsappId: m.whatsappId,
            providerId: m.quotedProviderId,
          })
          .getOne()
      : null;
    const message = em.getRepository(MessageEntity).create({
      companyId: m.companyId,
      ticketId: ticket.id,
      contactId: contact.id,
      contact,
      whatsappId: m.whatsappId,
      providerId: m.providerId,
      body: m.body,
      fromMe: m.fromMe,
      mediaType: m.mediaType,
      mediaUrl,
      quotedMsgId: quoted?.id ?? null,
      quotedMsg: quoted,
      isDeleted: false,
      isEdited: false,
      // Our own messages start as sent; theirs as delivered to us.
      ack: m.fromMe ? 1 : 0,
      read: m.fromMe || isRating,
      participantName: m.chat.isGroup && !m.fromMe ? (m.participant?.name ?? m.participant?.number ?? null) : null,
      // Messages caught up after a reconnect keep their place in the conversation.
      createdAt: m.historical ? m.timestamp : now,
      updatedAt: now,
    });
    // The ticket row first: its exclusive lock comes before the message's foreign-key check takes
    // a shared one, so two writers of one ticket queue up instead of deadlocking on the upgrade.
    // A duplicate message then rolls this back with the rest.
    await em
      .createQueryBuilder()
      .update(TicketEntity)
      .set({
        lastMessage: previewOf(m.body, m.mediaType),
        lastMessageDeleted: false,
        updatedAt: now,
        // Counted in the database, so concurrent writers never lose an increment.
        ...(m.fromMe || isRating ? {} : { unreadMessages: () => 'unreadMessages + 1' }),
        ...botChanges,
      })
      .where('id = :id', { id: ticket.id })
      .execute();
    message.id = await this.insertOnce(em, message, m);
    const moved = botChanges.queueId !== undefined;
    let shaped: Ticket | null = null;
    if (live && !moved) {
      Object.assign(ticket, botChanges, {
        contact,
        lastMessage: previewOf(m.body, m.mediaType),
        lastMessageDeleted: false,
        updatedAt: now,
      });
      // Exact within this process: the inbound path and the agent's read of this contact's tickets
      // share the contact's lock. Another server process clearing it meanwhile is corrected by the
      // next event or refetch.
      if (!(m.fromMe || isRating)) ticket.unreadMessages += 1;
      shaped = await this.reader.shape(ticket, em);
    }
    return {
      ticketId: ticket.id,
      contactId: contact.id,
      ticketCreated,
      contactChanged: contactCreated || contactChanged,
      bot: { texts: bot?.texts ?? [], changed: moved },
      ticket: shaped,
      message,
    };
  }

  /**
   * Inserts the message unless the connection already stored that provider id, and answers its
   * id. On MySQL/MariaDB a redelivery is an INSERT IGNORE that touched no row (so a duplicate costs
   * no failed statement and no error in the log); the embedded SQLite, whose transactions run one at
   * a time, looks first.
   */
  private async insertOnce(em: EntityManager, message: MessageEntity, m: InboundMessage): Promise<number> {
    const { whatsappId, providerId } = m;
    const twin = () => this.stored(whatsappId, providerId, em);
    if (!this.mysql && (await twin())) throw DUPLICATE;
    const { quotedMsg: _quoted, contact: _contact, ...row } = message;
    const result = await em
      .createQueryBuilder()
      .insert()
      .into(MessageEntity)
      .values(row)
      .orIgnore(this.mysql)
      .updateEntity(false)
      .execute();
    const raw = result.raw as { affectedRows?: number; insertId?: number } | number;
    if (typeof raw === 'number') return raw;
    if (raw.affectedRows) return Number(raw.insertId);
    // IGNORE also turns other failures (a ticket deleted meanwhile) into warnings: only a stored
    // twin makes this a duplicate.
    if (await twin()) throw DUPLICATE;
    throw new Error(`message ${providerId} was not stored`);
  }

  /**
   * With no live ticket, a customer whose last ticket was resolved with the rating question gets
   * their "1", "2" or "3" stored as the rating, in that closed ticket; any other message means they
   * moved on, and the question lapses.
   */
  private async rating(em: EntityManager, m: InboundMessage, contactId: number): Promise<TicketEntity | null> {
    const tickets = em.getRepository(TicketEntity);
    const awaiting = await tickets.findOne({
      where: { companyId: m.companyId, contactId, whatsappId: m.whatsappId, status: 'closed', awaitingRating: true },
      order: { closedAt: 'DESC' },
    });
    if (!awaiting) return null;
    await tickets.update({ id: awaiting.id }, { awaitingRating: false, updatedAt: awaiting.updatedAt });
    const rate = m.mediaType === 'chat' ? ratingOf(m.body) : null;
    if (rate === null) return null;
    await em
      .createQueryBuilder()
      .insert()
      .into(TicketRatingEntity)
      .values({ companyId: m.companyId, ticketId: awaiting.id, userId: awaiting.userId, rate, createdAt: new Date() })
      .orIgnore()
      .execute();
    return awaiting;
  }

  /**
   * The contact for a chat, whichever way WhatsApp addressed it: by phone number or by LID. A
   * message carrying both finds the contact by either and records the one it lacked, so one person
   * never becomes two contacts.
   */
  private async contactFor(
    em: EntityManager,
    companyId: number,
    peer: PeerRef,
  ): Promise<{ contact: ContactEntity; created: boolean; changed: boolean }> {
    const repo = em.getRepository(ContactEntity);
    const lid = peer.lid ?? null;
    const qb = repo.createQueryBuilder('c').where('c.companyId = :companyId', { companyId });
    if (lid) qb.andWhere('(c.number = :number OR c.lid = :lid)', { number: peer.number, lid });
    else qb.andWhere('c.number = :number', { number: peer.number });
    const found = await qb.getMany();
    const byNumber = found.find((c) => c.number === peer.number);
    const byLid = lid ? found.find((c) => c.lid === lid && c !== byNumber) : undefined;
    const contact = byNumber ?? byLid;
    if (!contact) {
      const now = new Date();
      const inserted = await repo.insert({
        companyId,
        name: (peer.name?.trim() || peer.number).slice(0, 100),
        number: peer.number,
        lid,
        isGroup: peer.isGroup,
        extraInfo: [],
        createdAt: now,
        updatedAt: now,
      });
      return {
        contact: await repo.findOneByOrFail({ id: Number(inserted.identifiers[0].id) }),
        created: true,
        changed: true,
      };
    }
    const changes: Partial<ContactEntity> = {};
    if (lid && contact.lid !== lid) {
      // The LID was recorded on a stand-in contact before the number was known: it moves here.
      if (byLid && byNumber) await repo.update({ id: byLid.id }, { lid: null, updatedAt: new Date() });
      changes.lid = lid;
    }
    // Known only by its LID so far (the LID stood in for the number): the real number replaces it.
    if (!byNumber && contact.number === lid) changes.number = peer.number;
    return this.named(em, contact, peer, changes);
  }

  /** Records `changes` and the push name, which fills a contact nobody has named; a group follows its subject. */
  private async named(
    em: EntityManager,
    contact: ContactEntity,
    peer: PeerRef,
    changes: Partial<ContactEntity>,
  ): Promise<{ contact: ContactEntity; created: false; changed: boolean }> {
    const name = peer.name?.trim();
    if (name && name !== contact.name && (contact.name === contact.number || (peer.isGroup && contact.isGroup))) {
      changes.name = name.slice(0, 100);
    }
    if (!Object.keys(changes).length) return { contact, created: false, changed: false };
    Object.assign(contact, changes, { updatedAt: new Date() });
    await em.getRepository(ContactEntity).update({ id: contact.id }, { ...changes, updatedAt: contact.updatedAt });
    return { contact, created: false, changed: true };
  }

  /**
   * The live ticket of a sender seen lately, found in one statement (with its contact) from the
   * contact id remembered for their number. Only a perfect match is used: the same number, and the
   * same LID when the message carries one; anything else (no live ticket, a contact renumbered or
   * removed meanwhile, by this process or another) takes the full lookup. When the probe found no
   * live ticket, its key comes back as `noLiveUnder`, so the full lookup does not probe it again.
   */
  private async knownLive(
    em: EntityManager,
    m: InboundMessage,
  ): Promise<{ known: { contact: ContactEntity; ticket: TicketEntity } | null; noLiveUnder: string | null }> {
    const contactId = this.knownContacts.get(`${m.companyId}:${m.chat.number}`);
    if (contactId === undefined) return { known: null, noLiveUnder: null };
    const key = openKeyOf({ companyId: m.companyId, contactId, whatsappId: m.whatsappId });
    const ticket = await this.reader.live(key, em);
    if (!ticket) return { known: null, noLiveUnder: key };
    const contact = ticket.contact;
    if (!contact || contact.number !== m.chat.number) return { known: null, noLiveUnder: null };
    if (m.chat.lid && contact.lid !== m.chat.lid) return { known: null, noLiveUnder: null };
    return { known: { contact, ticket }, noLiveUnder: null };
  }

  /**
   * The connection's queues in menu order. With exactly one, new tickets go straight into it; with
   * more, the greeting bot offers them as a menu.
   */
  private async queuesOf(em: EntityManager, whatsappId: number): Promise<QueueEntity[]> {
    const queues = await em
      .getRepository(QueueEntity)
      .createQueryBuilder('q')
      .innerJoin('whatsapp_queues', 'wq', 'wq.queueId = q.id')
      .where('wq.whatsappId = :whatsappId', { whatsappId })
      .getMany();
    return menuQueues(queues);
  }

  /** The connection's bot texts and the company settings that steer the bot. */
  private async botContext(
    em: EntityManager,
    companyId: number,
    whatsappId: number,
  ): Promise<{ connection: BotConnection; settings: BotSettings }> {
    // One after the other: inside a transaction the queries share one connection.
    const connection = await em.getRepository(WhatsappEntity).findOne({
      where: { id: whatsappId },
      select: { id: true, greetingMessage: true, outOfHoursMessage: true, maxUseBotQueues: true },
    });
    const rows = await em.getRepository(SettingEntity).find({
      where: { companyId, key: In(['scheduleType', 'sendGreetingMessageOneQueues']) },
      select: { key: true, value: true },
    });
    return {
      connection: {
        greetingMessage: connection?.greetingMessage ?? '',
        outOfHoursMessage: connection?.outOfHoursMessage ?? '',
        maxUseBotQueues: connection?.maxUseBotQueues ?? 3,
      },
      settings: {
        scheduleType: settingValue(rows, 'scheduleType'),
        sendGreetingMessageOneQueues: settingValue(rows, 'sendGreetingMessageOneQueues'),
      },
    };
  }
}
