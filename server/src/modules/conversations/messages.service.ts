import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  fillMessageVariables,
  MESSAGES_PAGE_SIZE,
  type Message,
  type MessagesPage,
  type TagSummary,
  type Ticket,
} from '@atendo/shared';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { Grouped, updateEach } from '../../database/batch-writes.js';
import { CompiledSelect, parameterBinder, placeholders, SqlWhere } from '../../database/compiled-select.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import type { OutboundMedia, SendOptions, SentMessage } from '../gateway/gateway.types.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { mediaTypeOf, previewOf } from './automatic-messages.js';
import type { ContactEntity } from './entities/contact.entity.js';
import { MessageEntity } from './entities/message.entity.js';
import { ticketVariables } from './message-variables.js';
import { TicketEntity } from './entities/ticket.entity.js';
import { toMessage, toTicket } from './mappers.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { peerKey } from './pipeline/peer-key.js';
import { Outbound } from './outbound.js';
import type { MessageListQuery } from './query.schemas.js';
import { TicketEvents } from './ticket-events.js';
import { TicketReader } from './ticket-reader.js';
import { Transactions } from './transactions.js';

const MESSAGE_COLUMNS = [
  'm.id',
  'm.ticketId',
  'm.contactId',
  'm.body',
  'm.fromMe',
  'm.mediaType',
  'm.mediaUrl',
  'm.quotedMsgId',
  'm.isDeleted',
  'm.isEdited',
  'm.ack',
  'm.read',
  'm.participantName',
  'm.createdAt',
  'm.updatedAt',
];
const QUOTED_COLUMNS = MESSAGE_COLUMNS.map((c) => c.replace(/^m\./, 'qm.'));
/** A reconnecting client gets at most this many changed messages at once (then pages on). */
const SINCE_LIMIT = 200;

export interface UploadedFile {
  data: Buffer;
  mimetype: string;
  filename: string;
}

/**
 * What an agent (or the server on their behalf) sends into a ticket. `automatic` marks the
 * server's own texts (greetings, menus, notices): they never become the ticket's preview, which
 * keeps showing what the customer or an agent last wrote.
 */
export type Outgoing = (
  | { body: string }
  | {
      body: string;
      media: UploadedFile;
      voice?: boolean;
      /**
       * Where the file is already kept (a campaign's or a schedule's attachment): the message
       * points there instead of storing one more copy per recipient.
       */
      storedUrl?: string;
    }
) & {
  automatic?: boolean;
};

/** The columns a sent message is stored with (the others take their defaults). */
const OUTGOING_COLUMNS = [
  'companyId',
  'ticketId',
  'contactId',
  'whatsappId',
  'providerId',
  'body',
  'fromMe',
  'mediaType',
  'mediaUrl',
  'quotedMsgId',
  'ack',
  'read',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof OutgoingRow['row'])[];

/**
 * One INSERT of a group's messages, a message stored already under its id (the gateway's echo)
 * kept as it is: MySQL's INSERT IGNORE, SQLite's INSERT OR IGNORE.
 */
function outgoingInsert(type: string, group: OutgoingRow[]): { sql: string; values: unknown[] } {
  const bind = parameterBinder(type);
  const ignore = type === 'mysql' || type === 'mariadb' ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
  const row = `(${placeholders(OUTGOING_COLUMNS)})`;
  return {
    sql:
      `${ignore} INTO messages (${OUTGOING_COLUMNS.map((c) => `\`${c}\``).join(', ')}) ` +
      `VALUES ${group.map(() => row).join(', ')}`,
    values: group.flatMap((g) => OUTGOING_COLUMNS.map((c) => bind(g.row[c]))),
  };
}

/** A sent message on its way to storage: its row, the ticket it goes into and the preview it sets there. */
interface OutgoingRow {
  ticket: TicketEntity;
  row: Omit<MessageEntity, 'id' | 'contact' | 'quotedMsg' | 'isDeleted' | 'isEdited' | 'participantName'>;
  preview: { lastMessage?: string; lastMessageDeleted?: boolean };
  quoted: MessageEntity | null;
}

@Injectable()
export class MessagesService {
  private readonly logger = new Logger('Messages');
  private readonly outgoingGroups = new Grouped((group: OutgoingRow[]) => this.storeGroup(group));
  /** The hot reads, compiled once (see CompiledSelect): one message, and a page of a conversation. */
  private readonly byId: CompiledSelect<MessageEntity, 'id' | 'companyId'>;
  private readonly any: CompiledSelect<MessageEntity, never>;
  private readonly page: CompiledSelect<MessageEntity, 'contactId' | 'companyId'>;
  private readonly pageBefore: CompiledSelect<MessageEntity, 'contactId' | 'companyId' | 'at' | 'anchorId'>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reader: TicketReader,
    private readonly tx: Transactions,
    private readonly events: TicketEvents,
    private readonly outbound: Outbound,
    private readonly media: MediaStore,
  ) {
    this.byId = new CompiledSelect(db, (em) => this.select(em).where('m.id = :id AND m.companyId = :companyId'), [
      'id',
      'companyId',
    ]);
    this.any = new CompiledSelect(db, (em) => this.select(em), []);
    const conversation = (em: EntityManager) =>
      this.select(em).where('m.contactId = :contactId AND m.companyId = :companyId');
    const newestFirst = (qb: SelectQueryBuilder<MessageEntity>) =>
      qb.orderBy('m.createdAt', 'DESC').addOrderBy('m.id', 'DESC');
    this.page = new CompiledSelect(db, (em) => newestFirst(conversation(em)), ['contactId', 'companyId']);
    this.pageBefore = new CompiledSelect(
      db,
      (em) => newestFirst(conversation(em).andWhere('(m.createdAt < :at OR (m.createdAt = :at AND m.id < :anchorId))')),
      ['contactId', 'companyId', 'at', 'anchorId'],
    );
  }

  /** Messages with their quoted message and sender, explicit columns only. */
  select(em: EntityManager = this.db.manager): SelectQueryBuilder<MessageEntity> {
    return em
      .getRepository(MessageEntity)
      .createQueryBuilder('m')
      .select(MESSAGE_COLUMNS)
      .leftJoin('m.quotedMsg', 'qm')
      .addSelect(QUOTED_COLUMNS)
      .leftJoin('m.contact', 'mc')
      .addSelect(['mc.id', 'mc.name']);
  }

  async one(companyId: number, id: number, em?: EntityManager): Promise<Message> {
    const row = await this.byId.one({ id, companyId }, em);
    if (!row) throw new DomainError('ERR_NOT_FOUND');
    return toMessage(row);
  }

  /** Messages of the company by id, as the API answers them (ids of other companies are left out). */
  async some(companyId: number, ids: number[]): Promise<Message[]> {
    if (!ids.length) return [];
    const where = new SqlWhere(`m.companyId = ? AND m.id IN (${placeholders(ids)})`, companyId, ...ids);
    return (await this.any.filtered(where, 'm.id')).map(toMessage);
  }

  /**
   * The conversation with the ticket's contact across all its tickets (the thread marks where one
   * ticket ends and the next starts), newest page first, oldest first within a page. Opening it
   * clears the unread count: whoever may see the ticket and reads it has read it, as the existing
   * clients expect (their badges wait for this).
   */
  async list(auth: AuthUser, ticketId: number, query: MessageListQuery): Promise<MessagesPage> {
    const { entity } = await this.reader.accessible(auth, { id: ticketId });
    const conversation = { contactId: entity.contactId, companyId: auth.companyId };
    let rows: MessageEntity[];
    let hasMore: boolean;
    if (query.since) {
      rows = await this.select()
        .where('m.contactId = :contactId AND m.companyId = :companyId', conversation)
        .andWhere('m.updatedAt >= :since', { since: new Date(query.since) })
        .orderBy('m.updatedAt', 'ASC')
        .addOrderBy('m.id', 'ASC')
        .limit(SINCE_LIMIT + 1)
        .getMany();
      hasMore = rows.length > SINCE_LIMIT;
      rows = rows.slice(0, SINCE_LIMIT);
    } else {
      const window = { limit: MESSAGES_PAGE_SIZE + 1, offset: 0 };
      if (query.before) {
        const anchor = await this.db
          .getRepository(MessageEntity)
          .findOne({ where: { id: query.before, contactId: entity.contactId }, select: { id: true, createdAt: true } });
        if (!anchor) throw new DomainError('ERR_NOT_FOUND');
        rows = await this.pageBefore.many({ ...conversation, at: anchor.createdAt, anchorId: anchor.id }, window);
      } else {
        window.offset = (query.pageNumber - 1) * MESSAGES_PAGE_SIZE;
        rows = await this.page.many(conversation, window);
      }
      hasMore = rows.length > MESSAGES_PAGE_SIZE;
      rows = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
    }
    const firstPage = !query.since && !query.before && query.pageNumber === 1;
    if (firstPage && entity.unreadMessages > 0) {
      await this.clearUnread(entity);
      entity.unreadMessages = 0;
    }
    return { messages: rows.map((m) => toMessage(m)), ticket: await this.reader.shape(entity), hasMore };
  }

  /** The key of a ticket's writes: its contact's, the one its inbound messages take. */
  private lockOf(ticket: TicketEntity): string {
    return ticket.contact ? peerKey(ticket.companyId, ticket.contact.number) : `ticket:${ticket.id}`;
  }

  private async clearUnread(ticket: TicketEntity): Promise<void> {
    // Under the contact's lock, like its inbound messages: an arriving message's unread count
    // (computed in that transaction) never overtakes this reset.
    await this.tx.run(this.lockOf(ticket), async (em) => {
      await em
        .getRepository(TicketEntity)
        .update({ id: ticket.id }, { unreadMessages: 0, updatedAt: ticket.updatedAt });
      await em
        .createQueryBuilder()
        .update(MessageEntity)
        .set({ read: true, updatedAt: new Date() })
        .where({ ticketId: ticket.id, read: false, fromMe: false })
        .execute();
    });
    this.events.unreadCleared(ticket);
  }

  async sendText(auth: AuthUser, ticketId: number, input: { body: string; quotedMsgId?: number | null }) {
    const ticket = await this.openTicket(auth, ticketId);
    const quoted = await this.quoted(ticket, input.quotedMsgId);
    const body = await this.filled(auth, ticket, input.body);
    return (await this.deliver(ticket, { body }, quoted)).message;
  }

  /**
   * An agent's text with the message variables filled: quick messages and the family's client's
   * accept greeting (`{{ms}} {{name}}`) arrive with their tokens, which the customer must not see.
   * `{{userName}}` is the one writing.
   */
  private async filled(auth: AuthUser, ticket: TicketEntity, body: string): Promise<string> {
    if (!body.includes('{')) return body;
    const writer = await this.db
      .getRepository(UserEntity)
      .findOne({ where: { id: auth.userId, companyId: auth.companyId }, select: { id: true, name: true } });
    return fillMessageVariables(body, ticketVariables(ticket, { userName: writer?.name ?? null }));
  }

  async sendMedia(
    auth: AuthUser,
    ticketId: number,
    files: UploadedFile[],
    input: { bodies: string[]; quotedMsgId?: number | null; voice?: boolean },
  ): Promise<Message[]> {
    const ticket = await this.openTicket(auth, ticketId);
    const quoted = await this.quoted(ticket, input.quotedMsgId);
    const sent: Message[] = [];
    // One WhatsApp message per file, in order. The existing clients send one `body` per file (its
    // name, or a caption); a single `body` is the first file's caption. A file without a caption
    // keeps its own name.
    const perFile = input.bodies.length === files.length;
    for (const [i, file] of files.entries()) {
      const given = perFile ? input.bodies[i] : i === 0 ? input.bodies[0] : undefined;
      const caption = given?.trim();
      const body = caption ? await this.filled(auth, ticket, caption) : file.filename;
      sent.push(
        (await this.deliver(ticket, { body, media: file, voice: input.voice }, i === 0 ? quoted : null)).message,
      );
    }
    return sent;
  }

  async remove(auth: AuthUser, messageId: number): Promise<Message> {
    const message = await this.db
      .getRepository(MessageEntity)
      .findOne({ where: { id: messageId, companyId: auth.companyId } });
    if (!message) throw new DomainError('ERR_NOT_FOUND');
    const { entity: ticket } = await this.reader.accessible(auth, { id: message.ticketId });
    if (!message.fromMe) throw new DomainError('ERR_NO_PERMISSION');
    if (message.isDeleted) return this.one(auth.companyId, message.id);
    if (message.providerId && message.whatsappId) {
      const port = this.outbound.get();
      try {
        await port.deleteForEveryone(message.whatsappId, Outbound.peerOf(ticket.contact!), message.providerId);
      } catch (error) {
        throw this.gatewayError(error, 'ERR_DELETE_WAPP_MSG');
      }
    }
    return this.markDeleted(ticket, message.id);
  }

  /**
   * Marks a message deleted for everyone (by the agent, or by the customer through the gateway).
   * When it is the one its ticket's preview shows (the ticket's newest message), its text leaves the
   * preview, which then says it was deleted; the ticket keeps its place in the lists, since a
   * deletion is no new activity. Both changes are announced in commit order, under the contact's lock.
   */
  async markDeleted(ticket: TicketEntity, messageId: number): Promise<Message> {
    const { message } = await this.tx.run(
      this.lockOf(ticket),
      async (em) => {
        const newest = await em.getRepository(MessageEntity).findOne({
          where: { ticketId: ticket.id },
          select: { id: true },
          order: { createdAt: 'DESC', id: 'DESC' },
        });
        const shown = newest?.id === messageId;
        // The ticket row before the message (see InboundPipeline.storeIn: no lock upgrade, no deadlock),
        // its updatedAt kept as the row has it.
        if (shown) {
          await em
            .createQueryBuilder()
            .update(TicketEntity)
            .set({ lastMessage: '', lastMessageDeleted: true, updatedAt: () => 'updatedAt' })
            .where('id = :id', { id: ticket.id })
            .execute();
        }
        await em.getRepository(MessageEntity).update({ id: messageId }, { isDeleted: true, updatedAt: new Date() });
        return {
          message: await this.one(ticket.companyId, messageId, em),
          preview: shown ? await this.reader.full(ticket.companyId, { id: ticket.id }, em) : null,
        };
      },
      ({ message: deleted, preview }) => {
        this.events.messageUpdated(ticket, deleted);
        if (preview) this.events.ticketUpdated(preview);
      },
    );
    return message;
  }

  /**
   * Sends through the gateway, then stores the message with the provider's id (ack 1: sent) and
   * moves the ticket's preview. The provider may echo our own message back through the inbound
   * pipeline before we store it; the unique (connection, provider id) key then keeps one copy.
   */
  async deliver(
    ticket: TicketEntity,
    outgoing: Outgoing,
    quoted: MessageEntity | null = null,
    { messageId, grouped = false }: { messageId?: string; grouped?: boolean } = {},
  ): Promise<{ message: Message; ticket: Ticket }> {
    const contact = ticket.contact as ContactEntity;
    if (ticket.whatsappId === null) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    const port = this.outbound.get();
    const peer = Outbound.peerOf(contact);
    const options: SendOptions = {
      ...(messageId ? { messageId } : {}),
      ...(quoted?.providerId
        ? {
            quotedProviderId: quoted.providerId,
            quoted: { providerId: quoted.providerId, fromMe: !!quoted.fromMe, body: quoted.body },
          }
        : {}),
    };
    let mediaUrl: string | null = null;
    let sent: SentMessage;
    try {
      if ('media' in outgoing) {
        const { media } = outgoing;
        mediaUrl =
          outgoing.storedUrl ?? (await this.media.save(companyFolder(ticket.companyId), media.data, media.filename));
        const payload: OutboundMedia = {
          data: media.data,
          mimetype: media.mimetype,
          filename: media.filename,
          ...(outgoing.body !== media.filename ? { caption: outgoing.body } : {}),
          ...(outgoing.voice ? { voice: true } : {}),
        };
        sent = await port.sendMedia(
          ticket.whatsappId,
          peer,
          payload,
          Object.keys(options).length ? options : undefined,
        );
      } else {
        sent = await port.sendText(
          ticket.whatsappId,
          peer,
          outgoing.body,
          Object.keys(options).length ? options : undefined,
        );
      }
    } catch (error) {
      if (!('media' in outgoing && outgoing.storedUrl)) await this.media.remove(mediaUrl);
      throw this.gatewayError(error, 'ERR_SENDING_WAPP_MSG');
    }
    const mediaType = 'media' in outgoing ? mediaTypeOf(outgoing.media.mimetype) : 'chat';
    const now = new Date();
    const preview = outgoing.automatic
      ? {}
      : { lastMessage: previewOf(outgoing.body, mediaType), lastMessageDeleted: false };
    const row: OutgoingRow['row'] = {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      providerId: sent.providerId,
      body: outgoing.body,
      fromMe: true,
      mediaType,
      mediaUrl,
      quotedMsgId: quoted?.id ?? null,
      ack: 1,
      read: true,
      createdAt: now,
      updatedAt: now,
    };
    const outgoingRow: OutgoingRow = { ticket, row, preview, quoted };
    if (grouped) {
      const stored = await this.outgoingGroups.add(outgoingRow);
      if (stored instanceof DomainError) throw stored;
      return stored;
    }
    const inserted = await this.tx.run(peerKey(ticket.companyId, contact.number), async (em) => {
      // The ticket row before the message (see InboundPipeline.storeIn: no lock upgrade, no deadlock).
      await em.getRepository(TicketEntity).update({ id: ticket.id }, { ...preview, updatedAt: now });
      try {
        const result = await em.getRepository(MessageEntity).insert(row);
        return Number(result.identifiers[0].id);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return null;
      }
    });
    if (inserted === null) {
      // Stored already (the gateway's echo of this send came first): announced as it stands.
      const echo = await this.db.getRepository(MessageEntity).findOneOrFail({
        where: { whatsappId: ticket.whatsappId, providerId: sent.providerId },
        select: { id: true },
      });
      const [message, shaped] = await Promise.all([
        this.one(ticket.companyId, echo.id),
        this.reader.full(ticket.companyId, { id: ticket.id }),
      ]);
      this.events.messageCreated(shaped, message);
      return { message, ticket: shaped };
    }
    const tags = await this.reader.tagsOf([ticket.id]);
    return this.announce(outgoingRow, inserted, tags.get(ticket.id) ?? []);
  }

  /**
   * The dispatcher's messages, sent side by side, stored in groups (see Grouped): one transaction
   * updates the group's tickets and inserts its messages, one statement reads their tags. The
   * contacts' locks are not taken (a group spans many contacts); the ticket rows are still updated
   * before the messages are inserted, so an inbound message of one of them waits, never deadlocks.
   * A message stored already under its id (a gateway's echo came first) keeps its row.
   */
  private async storeGroup(group: OutgoingRow[]): Promise<({ message: Message; ticket: Ticket } | DomainError)[]> {
    const type = this.db.options.type;
    await this.tx.run('outgoing-group', async (em) => {
      const tickets = [...new Map(group.map((g) => [g.ticket.id, g])).values()];
      const update = updateEach(
        type,
        'tickets',
        // The last message of a ticket in the group is its preview.
        tickets.map((g) => ({
          id: g.ticket.id,
          values: { ...this.lastPreview(group, g.ticket.id), updatedAt: g.row.updatedAt },
        })),
      );
      await em.query(update.sql, update.values);
      // Plain SQL: TypeORM's building of a multi-row INSERT (every column of every row escaped and
      // named again) cost more than the database's work; not read back, the ids are read next.
      const insert = outgoingInsert(type, group);
      await em.query(insert.sql, insert.values);
    });
    const byProvider = new Map<string, number>();
    const whatsappIds = [...new Set(group.map((g) => g.row.whatsappId!))];
    for (const whatsappId of whatsappIds) {
      const providerIds = group.filter((g) => g.row.whatsappId === whatsappId).map((g) => g.row.providerId);
      const rows = (await this.db.query(
        `SELECT id, providerId FROM messages WHERE whatsappId = ? AND providerId IN (${placeholders(providerIds)})`,
        [whatsappId, ...providerIds],
      )) as { id: number | string; providerId: string }[];
      for (const row of rows) byProvider.set(`${whatsappId}:${row.providerId}`, Number(row.id));
    }
    const tags = await this.reader.tagsOf([...new Set(group.map((g) => g.ticket.id))]);
    return group.map((g) => {
      const id = byProvider.get(`${g.row.whatsappId}:${g.row.providerId}`);
      // A row the insert skipped (say, its ticket was deleted meanwhile): that send alone fails.
      if (id === undefined) return new DomainError('ERR_SENDING_WAPP_MSG');
      return this.announce(g, id, tags.get(g.ticket.id) ?? []);
    });
  }

  private lastPreview(group: OutgoingRow[], ticketId: number): OutgoingRow['preview'] {
    return group.filter((g) => g.ticket.id === ticketId && 'lastMessage' in g.preview).at(-1)?.preview ?? {};
  }

  /**
   * The event of a stored message, built from what was written, not read back: the message row as
   * inserted, the ticket as read before the send with the columns the store changed.
   */
  private announce(
    { ticket, row, preview, quoted }: OutgoingRow,
    id: number,
    tags: TagSummary[],
  ): { message: Message; ticket: Ticket } {
    const message = toMessage(
      Object.assign(new MessageEntity(), row, {
        id,
        quotedMsg: quoted,
        isDeleted: false,
        isEdited: false,
        participantName: null,
      }),
    );
    const shaped = toTicket(Object.assign(ticket, preview, { updatedAt: row.updatedAt }), tags);
    this.events.messageCreated(shaped, message);
    return { message, ticket: shaped };
  }

  /** Spec §4: messages go only into an open ticket the caller can see. */
  /**
   * The ticket an agent writes in. Writing is reading: the family's client appends the customer's
   * messages to an open conversation without asking for the page again, so only its reply tells us
   * they were read (its own server clears the unread count there too, with `updateUnread`).
   */
  private async openTicket(auth: AuthUser, ticketId: number): Promise<TicketEntity> {
    const { entity } = await this.reader.accessible(auth, { id: ticketId });
    if (entity.status !== 'open') throw new DomainError('ERR_NO_PERMISSION');
    if (entity.unreadMessages > 0) {
      await this.clearUnread(entity);
      entity.unreadMessages = 0;
    }
    return entity;
  }

  /** A reply quotes a message of the same conversation; anything else is a bad request. */
  private async quoted(ticket: TicketEntity, quotedMsgId: number | null | undefined): Promise<MessageEntity | null> {
    if (!quotedMsgId) return null;
    const quoted = await this.db
      .getRepository(MessageEntity)
      .findOne({ where: { id: quotedMsgId, companyId: ticket.companyId, contactId: ticket.contactId } });
    if (!quoted) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'quotedMsgId', message: 'validation.oneOf' }] });
    }
    return quoted;
  }

  /** The gateway reports its own ERR_WAPP_* codes; anything else it throws is a failed send. */
  private gatewayError(error: unknown, fallback: 'ERR_SENDING_WAPP_MSG' | 'ERR_DELETE_WAPP_MSG'): DomainError {
    if (error instanceof DomainError) return error;
    this.logger.warn(`${fallback}: ${error instanceof Error ? error.message : String(error)}`);
    return new DomainError(fallback);
  }
}
