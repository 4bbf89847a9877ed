import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Ticket, TagSummary } from '@atendo/shared';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { TagEntity } from './entities/tag.entity.js';
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
  't.unreadMessages',
  't.isGroup',
  't.chatbot',
  't.useIntegration',
  't.promptId',
  't.integrationId',
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
];

export type TicketRef = { id: number } | { uuid: string };

/** Reads tickets in the shape the API answers, and decides who may see one. */
@Injectable()
export class TicketReader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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

  /** One statement for the tags of a page of tickets. */
  async tagsOf(ticketIds: number[], em: EntityManager = this.db.manager): Promise<Map<number, TagSummary[]>> {
    const byTicket = new Map<number, TagSummary[]>();
    if (!ticketIds.length) return byTicket;
    const rows = await em
      .createQueryBuilder()
      .select(['tt.ticketId AS ticketId', 'tg.id AS id', 'tg.name AS name', 'tg.color AS color'])
      .from('ticket_tags', 'tt')
      .innerJoin(TagEntity, 'tg', 'tg.id = tt.tagId')
      .where('tt.ticketId IN (:...ticketIds)', { ticketIds })
      .orderBy('tg.name', 'ASC')
      .getRawMany<{ ticketId: number | string; id: number | string; name: string; color: string }>();
    for (const row of rows) {
      const list = byTicket.get(Number(row.ticketId)) ?? [];
      list.push({ id: Number(row.id), name: row.name, color: row.color });
      byTicket.set(Number(row.ticketId), list);
    }
    return byTicket;
  }

  async entity(companyId: number, ref: TicketRef, em?: EntityManager): Promise<TicketEntity | null> {
    const qb = this.select(em).where('t.companyId = :companyId', { companyId });
    if ('id' in ref) qb.andWhere('t.id = :id', { id: ref.id });
    else qb.andWhere('t.uuid = :uuid', { uuid: ref.uuid });
    return qb.getOne();
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

  /** The caller's queues and allTicket setting: one statement. */
  async viewer(auth: AuthUser): Promise<Viewer> {
    const rows = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select(['u.allTicket AS allTicket', 'uq.queueId AS queueId'])
      .leftJoin('user_queues', 'uq', 'uq.userId = u.id')
      .where('u.id = :id AND u.companyId = :companyId', { id: auth.userId, companyId: auth.companyId })
      .getRawMany<{ allTicket: string; queueId: number | string | null }>();
    return viewerOf(auth, {
      allTicket: rows[0]?.allTicket ?? 'desabled',
      queueIds: rows.filter((r) => r.queueId !== null).map((r) => Number(r.queueId)),
    });
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
