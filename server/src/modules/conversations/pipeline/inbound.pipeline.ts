import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { fillMessageVariables, phoneNumberForms, settingValue, type Ticket } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource, In, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { insertedId } from '../../../database/inserted-id.js';
import { isUniqueViolation } from '../../../database/unique-violation.js';
import type { InboundCall, InboundMessage, InboundSink, MessageChange, PeerRef } from '../../gateway/gateway.types.js';
import { CompanyEntity } from '../../companies/entities/company.entity.js';
import { QueueOptionEntity } from '../../queues/entities/queue-option.entity.js';
import { QueueEntity } from '../../queues/entities/queue.entity.js';
import { SettingEntity } from '../../settings/entities/setting.entity.js';
import { WhatsappEntity } from '../../whatsapp/entities/whatsapp.entity.js';
import { automaticTexts, previewOf, ratingOf } from '../automatic-messages.js';
import { toMessage, toTicket } from '../mappers.js';
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
import { CHANGE_LOOKUP_RETRIES, Ticks } from './ticks.js';
import { Automation } from '../automation.js';
import { ticketVariables } from '../message-variables.js';
import { CustomerMessages } from '../customer-messages.js';
import {
  choiceStep,
  menuOf,
  menuQueues,
  newTicketStep,
  type BotConnection,
  type BotSettings,
  type BotStep,
} from './greeting-bot.js';
import { enterMenu, menuAnswer } from './option-menu.js';

/** Thrown inside the transaction when the message is already stored: roll back, do nothing. */
const DUPLICATE = Symbol('duplicate');

interface Stored {
  ticketId: number;
  contactId: number;
  ticketCreated: boolean;
  contactChanged: boolean;
  /**
   * The greeting bot's texts to send after the commit and, when it moved the ticket to another
   * queue (or out of one), the queue it was in.
   */
  bot: { texts: string[]; movedFrom?: { queueId: number | null } };
  /**
   * The ticket as it stands after this message, when it was read inside the transaction (with its
   * contact, queue, owner, connection and tags) and nothing moved it elsewhere: the event is built
   * from it rather than read back. Null when the ticket is new or the bot moved it (read back then).
   */
  ticket: Ticket | null;
  /** The row `ticket` was shaped from, for the bot's answers; null with it. */
  entity: TicketEntity | null;
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

/** A connection as lineOf reads it, with its queues in menu order. */
interface Line {
  connection: WhatsappEntity | null;
  queues: QueueEntity[];
}

/** The columns of a new ticket the pipeline leaves to the database's defaults. */
const NEW_TICKET_DEFAULTS = {
  userId: null,
  lastMessageDeleted: false,
  amountUsedBotQueues: 0,
  queueOptionId: null,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  promptEndedAt: null,
  typebotSessionId: null,
  typebotSessionAt: null,
  integrationEndedAt: null,
  awaitingRating: false,
  acceptedAt: null,
  closedAt: null,
} satisfies Partial<TicketEntity>;

/** Inserts one row without TypeORM's read-back of its defaults, and answers its id. */
async function insertRow<T extends ObjectLiteral>(
  em: EntityManager,
  target: EntityTarget<T>,
  values: QueryDeepPartialEntity<T>,
): Promise<number> {
  const result = await em.createQueryBuilder().insert().into(target).values(values).updateEntity(false).execute();
  const id = insertedId(result);
  if (id === null) throw new Error('the row was not inserted');
  return id;
}

/** What the bot decided on a customer's answer, and the ticket columns it changes. */
interface BotAnswer {
  step: BotStep;
  changes: Partial<TicketEntity>;
}

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
    private readonly customerMessages: CustomerMessages,
    private readonly automation: Automation,
    private readonly ticks: Ticks,
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
    if (stored.bot.texts.length) await this.sendBot(m.companyId, stored, stored.bot.texts);
    if (!m.fromMe && !m.historical && !m.chat.isGroup) {
      await this.customerMessages.notify({
        companyId: m.companyId,
        whatsappId: m.whatsappId,
        contactId: stored.contactId,
        number: m.chat.number,
        ticketId: stored.ticketId,
        body: m.body,
      });
    }
  }

  private announce(companyId: number, stored: Stored, ticket: Ticket): void {
    if (stored.ticketCreated) this.events.ticketUpdated(ticket);
    // A queue chosen from the bot's menu (or left for it): its agents now see the ticket, the lists
    // of where it was lose it.
    else if (stored.bot.movedFrom)
      this.events.ticketUpdated(ticket, { ...stored.bot.movedFrom, userId: ticket.userId });
    if (stored.contactChanged) this.events.contactUpdated(companyId, ticket.contact, ticket);
    this.events.messageCreated(ticket, toMessage(stored.message));
  }

  /**
   * The greeting bot's answers, sent after the commit like every side message: through the gateway,
   * then stored with the provider's id. A failed send is logged; the ticket stays as it is.
   */
  private async sendBot(companyId: number, stored: Stored, texts: string[]): Promise<void> {
    const { ticketId } = stored;
    // The row as the transaction left it, when in hand (a new ticket, or one the answer kept in its queue).
    const ticket = stored.entity ?? (await this.reader.entity(companyId, { id: ticketId }));
    if (!ticket) return;
    for (const text of texts) {
      const body = fillMessageVariables(text, ticketVariables(ticket));
      try {
        await this.messages.deliver(ticket, { body, automatic: true });
      } catch (error) {
        this.logger.warn(`ticket ${ticketId}: the bot message was not sent (${String(error)})`);
      }
    }
  }

  async change(change: MessageChange, attempt = 0): Promise<void> {
    if (change.kind === 'ack') return this.ticks.add(change);
    const existing = await this.db.getRepository(MessageEntity).findOne({
      where: { whatsappId: change.whatsappId, providerId: change.providerId, companyId: change.companyId },
      select: { id: true, ticketId: true, isDeleted: true },
    });
    if (!existing) {
      // A provider may report a change of a message we sent before the sending request has stored
      // it: look again a little later, without holding up the session's events.
      if (attempt < CHANGE_LOOKUP_RETRIES.length) {
        setTimeout(() => {
          this.change(change, attempt + 1).catch((error: unknown) =>
            this.logger.warn(`late change failed: ${String(error)}`),
          );
        }, CHANGE_LOOKUP_RETRIES[attempt]).unref();
      }
      return;
    }
    // Ticks already received go first, so the events keep the order the changes came in.
    await this.ticks.settle();
    if (change.kind === 'revoke') {
      // The customer deleted it for everyone: like an agent's deletion, it may take the ticket's preview.
      const ticket = existing.isDeleted ? null : await this.reader.entity(change.companyId, { id: existing.ticketId });
      if (ticket) await this.messages.markDeleted(ticket, existing.id);
      return;
    }
    await this.tx.single((em) =>
      em
        .createQueryBuilder()
        .update(MessageEntity)
        .set({ body: change.body, isEdited: true, updatedAt: new Date() })
        .where('id = :id', { id: existing.id })
        .execute(),
    );
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
    // A known sender's probe that found no live ticket under this very key is not run twice, and a
    // contact created just now has no tickets to look for.
    let ticket =
      known?.ticket ?? (openKey === noLiveUnder || contactCreated ? null : await this.reader.live(openKey, em));
    const live = ticket !== null;
    let ticketCreated = false;
    let isRating = false;
    if (!ticket && !m.fromMe && !contactCreated) {
      const rated = await this.rating(em, m, contact.id);
      if (rated) {
        ticket = rated;
        isRating = true;
      }
    }
    if (!ticket && m.fromMe && !contactCreated) {
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
      const line = await this.lineOf(em, m.whatsappId);
      const queues = line.queues;
      const context = botActs && queues.length ? await this.botContext(em, m.companyId, line.connection) : null;
      // A connection with an AI agent, a bot or a flow, or words that start a flow: that greets and
      // answers, not the menu.
      if (context && !context.automated && !(await this.automation.startsFlow(m.companyId, m.whatsappId, m.body, em))) {
        const { connection, settings } = context;
        const company =
          settings.scheduleType === 'company'
            ? await em
                .getRepository(CompanyEntity)
                .findOne({ where: { id: m.companyId }, select: { id: true, schedules: true } })
            : null;
        bot = newTicketStep(connection, queues, settings, company?.schedules ?? null, now);
        if (bot.enters !== undefined) bot = (await this.withOptions(em, bot, bot.enters, false)) ?? bot;
      }
      const queue = queues.length === 1 ? queues[0] : null;
      // Born with this message's preview and unread count, so it takes no UPDATE below.
      const values = {
        uuid: randomUUID(),
        companyId: m.companyId,
        contactId: contact.id,
        whatsappId: m.whatsappId,
        queueId: queue?.id ?? null,
        chatbot: bot?.chatbot ?? false,
        // The queue's option menu began: its time bound runs from here.
        botQueueAt: bot?.chatbot && queue ? now : null,
        status: 'pending' as const,
        isGroup: m.chat.isGroup,
        openKey,
        lastMessage: previewOf(m.body, m.mediaType),
        unreadMessages: m.fromMe ? 0 : 1,
        createdAt: now,
        updatedAt: now,
      };
      // The row as the database's defaults complete it, built here rather than read back.
      ticket = tickets.create({
        ...NEW_TICKET_DEFAULTS,
        ...values,
        id: await insertRow(em, TicketEntity, values),
        contact,
        queue,
        user: null,
        whatsapp: line.connection,
      });
      ticketCreated = true;
    }
    let botChanges: Partial<TicketEntity> = {};
    const answersBot = !ticketCreated && botActs && ticket.chatbot;
    if (answersBot && this.mysql) await this.lockBotState(em, ticket);
    const queueBefore = ticket.queueId;
    if (answersBot && ticket.chatbot && ticket.status === 'pending') {
      // The customer answers the bot: the queue menu, or the option menu of the queue they chose.
      const answer =
        ticket.queueId === null
          ? await this.queueAnswer(em, m, ticket, now)
          : await this.optionAnswer(em, m, ticket, now);
      bot = answer.step;
      botChanges = answer.changes;
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
    // A duplicate message then rolls this back with the rest. A ticket inserted just now is locked
    // and up to date already.
    if (!ticketCreated)
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
    const moved = botChanges.queueId !== undefined && botChanges.queueId !== queueBefore;
    let shaped: Ticket | null = null;
    // A new ticket has no tags yet.
    if (ticketCreated) shaped = toTicket(ticket, []);
    else if (live && !moved) {
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
      bot: { texts: bot?.texts ?? [], ...(moved ? { movedFrom: { queueId: queueBefore } } : {}) },
      ticket: shaped,
      entity: shaped ? ticket : null,
      message,
    };
  }

  /**
   * The bot's state, read again under the ticket's row lock (MySQL/MariaDB): should another server
   * process have handled this customer's previous message (the session moving between nodes), its
   * answer is committed and this one continues from it instead of answering the same step twice.
   * The lock is the ticket row's, which this transaction takes first anyway (see below).
   */
  private async lockBotState(em: EntityManager, ticket: TicketEntity): Promise<void> {
    const fresh = await em.getRepository(TicketEntity).findOne({
      where: { id: ticket.id },
      select: {
        id: true,
        status: true,
        userId: true,
        queueId: true,
        chatbot: true,
        amountUsedBotQueues: true,
        queueOptionId: true,
        botQueueAt: true,
      },
      lock: { mode: 'pessimistic_write' },
    });
    if (!fresh) return;
    ticket.status = fresh.status;
    ticket.userId = fresh.userId;
    ticket.queueId = fresh.queueId;
    ticket.chatbot = fresh.chatbot;
    ticket.amountUsedBotQueues = fresh.amountUsedBotQueues;
    ticket.queueOptionId = fresh.queueOptionId;
    ticket.botQueueAt = fresh.botQueueAt;
  }

  /** The customer answers the connection's queue menu. */
  private async queueAnswer(em: EntityManager, m: InboundMessage, ticket: TicketEntity, now: Date): Promise<BotAnswer> {
    const line = await this.lineOf(em, m.whatsappId);
    const queues = line.queues;
    if (queues.length > 1 && m.mediaType !== 'chat') {
      // A photo, an album or a voice note is no answer to the menu: it neither counts as a wrong
      // one nor brings the menu back (ten images would otherwise resend it until the bot gives up).
      return { step: { texts: [], chatbot: true }, changes: {} };
    }
    if (queues.length <= 1) {
      // The connection's queues changed since the menu went out: nothing left to choose from.
      const moved = queues.length ? { queueId: queues[0].id } : {};
      return { step: { texts: [], chatbot: false, ...moved }, changes: { chatbot: false, ...moved } };
    }
    const { connection, settings } = await this.botContext(em, m.companyId, line.connection);
    const step = choiceStep(connection, queues, settings, m.body, ticket.amountUsedBotQueues, now);
    const changes: Partial<TicketEntity> = { chatbot: step.chatbot };
    if (step.queueId !== undefined) changes.queueId = step.queueId;
    if (step.attempts !== undefined) changes.amountUsedBotQueues = step.attempts;
    const entered = step.enters === undefined ? null : await this.withOptions(em, step, step.enters, true);
    if (!entered) return { step, changes };
    return { step: entered, changes: { ...changes, chatbot: true, queueOptionId: null, botQueueAt: now } };
  }

  /** The customer answers the option menu of the queue the ticket stands in. */
  private async optionAnswer(
    em: EntityManager,
    m: InboundMessage,
    ticket: TicketEntity,
    now: Date,
  ): Promise<BotAnswer> {
    // As with the queue menu, media is no answer.
    if (m.mediaType !== 'chat') return { step: { texts: [], chatbot: true }, changes: {} };
    const options = await this.optionsOf(em, ticket.queueId!);
    const { connection, queues } = await this.lineOf(em, m.whatsappId);
    const step = menuAnswer(
      options,
      { optionId: ticket.queueOptionId, attempts: ticket.amountUsedBotQueues, startedAt: ticket.botQueueAt },
      m.body,
      { maxUseBotQueues: connection?.maxUseBotQueues ?? 3, timeUseBotQueues: connection?.timeUseBotQueues ?? 0 },
      queues.length > 1,
      now,
    );
    const over = { chatbot: false, queueOptionId: null, botQueueAt: null };
    switch (step.kind) {
      case 'menu':
        return {
          step: { texts: step.texts, chatbot: true },
          changes: { queueOptionId: step.optionId, amountUsedBotQueues: step.attempts },
        };
      case 'leaf':
        // The customer found what they came for: the leaf's message, then an agent of the queue.
        return { step: { texts: step.texts, chatbot: false }, changes: over };
      case 'queues':
        // Back to the queue menu: the ticket leaves the queue and waits queueless again.
        return {
          step: { texts: [menuOf(queues)], chatbot: true },
          changes: { queueId: null, queueOptionId: null, botQueueAt: null },
        };
      case 'done':
        return { step: { texts: [], chatbot: false }, changes: { ...over, amountUsedBotQueues: step.attempts } };
    }
  }

  /**
   * The customer arrived in an open queue: when it has options, their top level follows the
   * step's texts and the bot stays on; null when it has none.
   */
  private async withOptions(
    em: EntityManager,
    step: BotStep,
    queueId: number,
    canLeaveQueue: boolean,
  ): Promise<BotStep | null> {
    const menu = enterMenu(await this.optionsOf(em, queueId), canLeaveQueue);
    return menu === null ? null : { ...step, texts: [...step.texts, menu], chatbot: true };
  }

  private optionsOf(em: EntityManager, queueId: number): Promise<QueueOptionEntity[]> {
    return em.getRepository(QueueOptionEntity).find({
      where: { queueId },
      select: { id: true, parentId: true, option: true, title: true, message: true },
    });
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
    const id = insertedId(result);
    if (id !== null) return id;
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
   *
   * A Brazilian mobile has two forms (with and without the ninth digit, see phoneNumberForms):
   * WhatsApp addresses some accounts by the old one while people type the new one. A contact
   * stored under the other form is the same person: it is found, and takes the form WhatsApp
   * used, which is where replies must go. The exact form wins when both exist.
   */
  private async contactFor(
    em: EntityManager,
    companyId: number,
    peer: PeerRef,
  ): Promise<{ contact: ContactEntity; created: boolean; changed: boolean }> {
    const repo = em.getRepository(ContactEntity);
    const lid = peer.lid ?? null;
    // A group id, or a LID standing in for an unknown number, has no other form.
    const numbers = peer.isGroup || peer.number === lid ? [peer.number] : phoneNumberForms(peer.number);
    if (!numbers.includes(peer.number)) numbers.push(peer.number);
    const qb = repo.createQueryBuilder('c').where('c.companyId = :companyId', { companyId });
    if (lid) qb.andWhere('(c.number IN (:...numbers) OR c.lid = :lid)', { numbers, lid });
    else qb.andWhere('c.number IN (:...numbers)', { numbers });
    const found = await qb.getMany();
    const byNumber =
      found.find((c) => c.number === peer.number) ?? found.find((c) => c.number !== lid && numbers.includes(c.number));
    const byLid = lid ? found.find((c) => c.lid === lid && c !== byNumber) : undefined;
    const contact = byNumber ?? byLid;
    if (!contact) {
      const now = new Date();
      const values = {
        companyId,
        name: (peer.name?.trim() || peer.number).slice(0, 100),
        number: peer.number,
        lid,
        isGroup: peer.isGroup,
        extraInfo: [],
        createdAt: now,
        updatedAt: now,
      };
      // The row as the database's defaults complete it, built here rather than read back.
      const id = await insertRow(em, ContactEntity, values);
      return {
        contact: repo.create({ ...values, id, email: '', profilePicUrl: '', removedAt: null }),
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
    // Known only by its LID so far (the LID stood in for the number), or under the other form of
    // the number: the number WhatsApp addresses replaces it.
    if (contact.number !== peer.number && (contact === byNumber || contact.number === lid))
      changes.number = peer.number;
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
   * The connection (what the bot and a new ticket's event need of it) and its queues in menu order,
   * in one statement. With exactly one queue, new tickets go straight into it; with more, the
   * greeting bot offers them as a menu.
   */
  private async lineOf(em: EntityManager, whatsappId: number): Promise<Line> {
    const connection = await em
      .getRepository(WhatsappEntity)
      .createQueryBuilder('w')
      .select([
        'w.id',
        'w.name',
        'w.status',
        'w.greetingMessage',
        'w.outOfHoursMessage',
        'w.maxUseBotQueues',
        'w.timeUseBotQueues',
        'w.promptId',
        'w.integrationId',
      ])
      .leftJoinAndSelect('w.queues', 'q')
      .where('w.id = :whatsappId', { whatsappId })
      .getOne();
    return { connection, queues: menuQueues(connection?.queues ?? []) };
  }

  /**
   * The connection's bot texts and the company settings that steer the bot; `automated` when the
   * connection's AI agent, or an integration that talks to customers (a Typebot, Dialogflow or a
   * flow), answers them instead.
   */
  private async botContext(
    em: EntityManager,
    companyId: number,
    connection: WhatsappEntity | null,
  ): Promise<{ connection: BotConnection; settings: BotSettings; automated: boolean }> {
    // One after the other: inside a transaction the queries share one connection.
    const talking = connection?.integrationId
      ? ((await em.query(
          "SELECT id FROM queue_integrations WHERE id = ? AND type IN ('typebot', 'dialogflow', 'flowbuilder')",
          [connection.integrationId],
        )) as unknown[])
      : [];
    const rows = await em.getRepository(SettingEntity).find({
      where: { companyId, key: In(['scheduleType', 'sendGreetingMessageOneQueues']) },
      select: { key: true, value: true },
    });
    return {
      automated: !!connection?.promptId || talking.length > 0,
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
