import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Ticket, TagSummary } from '@atendo/shared';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { CompiledSelect, placeholders, type FromClause, type SqlWhere } from '../../database/compiled-select.js';
import { DomainError } from '../../common/domain-error.js';
import { TicketEntity } from './entities/ticket.entity.js';
import { toTicket } from './mappers.js';
import { canSeeTicket, viewerOf, type Viewer } from './visibility.js';

const TICKET_COLUMNS = [
  't.id',
  't.uuid',
  't.companyId',
  't.contactId',
  't.whatsappId',
  't.userId',
  't.queueId',
  't.status',
  't.lastMessage',
  't.lastMessageDeleted',
  't.unreadMessages',
  't.isGroup',
  't.chatbot',
  't.amountUsedBotQueues',
  't.queueOptionId',
  't.botQueueAt',
  't.useIntegration',
  't.promptId',
  't.integrationId',
  't.promptEndedAt',
  't.awaitingRating',
  't.acceptedAt',
  't.closedAt',
  't.createdAt',
  't.updatedAt',
];
const CONTACT_COLUMNS = [
  'c.id',
  'c.companyId',
  'c.name',
  'c.number',
  'c.lid',
  'c.email',
  'c.profilePicUrl',
  'c.isGroup',
  'c.extraInfo',
  'c.createdAt',
  'c.updatedAt',
  'c.removedAt',
];

export type TicketRef = { id: number } | { uuid: string };

/** Reads tickets in the shape the API answers, and decides who may see one. */
@Injectable()
export class TicketReader {
  /** The ticket by id, by uuid and (the inbound path) by its live key: compiled once, see CompiledSelect. */
  private readonly byId: CompiledSelect<TicketEntity, 'companyId' | 'id'>;
  private readonly byUuid: CompiledSelect<TicketEntity, 'companyId' | 'uuid'>;
  private readonly byOpenKey: CompiledSelect<TicketEntity, 'openKey'>;
  private readonly any: CompiledSelect<TicketEntity, never>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.byId = new CompiledSelect(db, (em) => this.select(em).where('t.companyId = :companyId AND t.id = :id'), [
      'companyId',
      'id',
    ]);
    this.byUuid = new CompiledSelect(db, (em) => this.select(em).where('t.companyId = :companyId AND t.uuid = :uuid'), [
      'companyId',
      'uuid',
    ]);
    this.byOpenKey = new CompiledSelect(db, (em) => this.select(em).where('t.openKey = :openKey'), ['openKey']);
    this.any = new CompiledSelect(db, (em) => this.select(em), []);
  }

  /** A page of tickets matching `where`, newest activity first, read starting `from` (see ticket-list.ts). */
  page(where: SqlWhere, window: { limit: number; offset: number }, from?: FromClause): Promise<TicketEntity[]> {
    return this.any.filtered(where, 't.updatedAt DESC, t.id DESC', { ...window, from });
  }

  /** Every ticket matching `where`, in id order: the look-ups of a batch (see Delivery.tickets). */
  matching(where: SqlWhere): Promise<TicketEntity[]> {
    return this.any.filtered(where, 't.id');
  }

  /** One statement: the ticket row with contact, queue, owner and connection, explicit columns only. */
  select(em: EntityManager = this.db.manager): SelectQueryBuilder<TicketEntity> {
    return em
      .getRepository(TicketEntity)
      .createQueryBuilder('t')
      .select(TICKET_COLUMNS)
      .innerJoin('t.contact', 'c')
      .addSelect(CONTACT_COLUMNS)
      .leftJoin('t.queue', 'q')
      .addSelect(['q.id', 'q.name', 'q.color'])
      .leftJoin('t.user', 'u')
      .addSelect(['u.id', 'u.name'])
      .leftJoin('t.whatsapp', 'w')
      .addSelect(['w.id', 'w.name', 'w.status']);
  }

  /** One statement for the tags of a page of tickets (plain SQL: it follows every ticket read). */
  async tagsOf(ticketIds: number[], em: EntityManager = this.db.manager): Promise<Map<number, TagSummary[]>> {
    const byTicket = new Map<number, TagSummary[]>();
    if (!ticketIds.length) return byTicket;
    const rows = (await em.query(
      `SELECT tt.ticketId AS ticketId, tg.id AS id, tg.name AS name, tg.color AS color FROM ticket_tags tt INNER JOIN tags tg ON tg.id = tt.tagId WHERE tt.ticketId IN (${placeholders(ticketIds)}) ORDER BY tg.name ASC`,
      ticketIds,
    )) as { ticketId: number | string; id: number | string; name: string; color: string }[];
    for (const row of rows) {
      const list = byTicket.get(Number(row.ticketId)) ?? [];
      list.push({ id: Number(row.id), name: row.name, color: row.color });
      byTicket.set(Number(row.ticketId), list);
    }
    return byTicket;
  }

  async entity(companyId: number, ref: TicketRef, em?: EntityManager): Promise<TicketEntity | null> {
    return 'id' in ref
      ? this.byId.one({ companyId, id: ref.id }, em)
      : this.byUuid.one({ companyId, uuid: ref.uuid }, em);
  }

  /** The live (open or pending) ticket of a company, contact and connection: see openKeyOf. */
  async live(openKey: string, em?: EntityManager): Promise<TicketEntity | null> {
    return this.byOpenKey.one({ openKey }, em);
  }

  async full(companyId: number, ref: TicketRef, em?: EntityManager): Promise<Ticket> {
    const entity = await this.entity(companyId, ref, em);
    if (!entity) throw new DomainError('ERR_NO_TICKET_FOUND');
    return this.shape(entity, em);
  }

  async shape(entity: TicketEntity, em?: EntityManager): Promise<Ticket> {
    const tags = await this.tagsOf([entity.id], em);
    return toTicket(entity, tags.get(entity.id) ?? []);
  }

  /** The caller's queues and allTicket setting: one statement (plain SQL: it precedes every ticket read). */
  async viewer(auth: AuthUser): Promise<Viewer> {
    return (await this.viewerAnd(auth, [])).viewer;
  }

  /**
   * The viewer, and in the same statement the values of `scalars` (uncorrelated scalar subqueries,
   * which the database evaluates once): the ticket list's set sizes ride along at no extra round trip.
   */
  async viewerAnd(
    auth: AuthUser,
    scalars: { sql: string; values: unknown[] }[],
  ): Promise<{ viewer: Viewer; scalars: (number | null)[] }> {
    const extra = scalars.map((s, i) => `, ${s.sql} AS s${i}`).join('');
    const rows = (await this.db.query(
      `SELECT u.allTicket AS allTicket, uq.queueId AS queueId${extra} FROM users u LEFT JOIN user_queues uq ON uq.userId = u.id WHERE u.id = ? AND u.companyId = ?`,
      [...scalars.flatMap((s) => s.values), auth.userId, auth.companyId],
    )) as ({ allTicket: string; queueId: number | string | null } & Record<string, unknown>)[];
    const viewer = viewerOf(auth, {
      allTicket: rows[0]?.allTicket ?? 'desabled',
      queueIds: rows.filter((r) => r.queueId !== null).map((r) => Number(r.queueId)),
    });
    return { viewer, scalars: scalars.map((_, i) => (rows[0] ? Number(rows[0][`s${i}`]) : null)) };
  }

  /**
   * A ticket the caller may work on: another company's (or a missing) one answers 404, one out of
   * the caller's sight 403 ERR_NO_PERMISSION (the UI then says "access not allowed").
   */
  async accessible(auth: AuthUser, ref: TicketRef): Promise<{ entity: TicketEntity; viewer: Viewer }> {
    const [entity, viewer] = await Promise.all([this.entity(auth.companyId, ref), this.viewer(auth)]);
    if (!entity) throw new DomainError('ERR_NO_TICKET_FOUND');
    if (!canSeeTicket(viewer, entity)) throw new DomainError('ERR_NO_PERMISSION');
    return { entity, viewer };
  }

  /** Whether a socket's user may follow a conversation (joinChatBox takes a ticket id or uuid). */
  async canFollow(auth: AuthUser, ticketRef: string): Promise<boolean> {
    const ref: TicketRef = /^\d+$/.test(ticketRef) ? { id: Number(ticketRef) } : { uuid: ticketRef.toLowerCase() };
    const [entity, viewer] = await Promise.all([this.entity(auth.companyId, ref), this.viewer(auth)]);
    return !!entity && canSeeTicket(viewer, entity);
  }
}
