import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { can, V, type Tag, type TagInput, type TagsPage } from '@atendo/shared';
import { DataSource, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany, searchPage, type ListQuery } from '../../common/pagination.js';
import { placeholders } from '../../database/compiled-select.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { TagEntity } from './entities/tag.entity.js';

export function toTag(t: TagEntity, ticketsCount?: number): Tag {
  return {
    id: t.id,
    companyId: t.companyId,
    name: t.name,
    color: t.color,
    kanban: t.kanban ? 1 : 0,
    kanbanOrder: t.kanbanOrder,
    userId: t.userId,
    ...(ticketsCount === undefined ? {} : { ticketsCount }),
  };
}

/**
 * Tags of a company's tickets (spec 2 §2 Tags). Everyone of the company names and colours them,
 * as they tag tickets; making a tag a kanban lane (or no longer one) is for admins and
 * supervisors (`tags:kanbanToggle`).
 */
@Injectable()
export class TagsService {
  private readonly tags: Repository<TagEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
  ) {
    this.tags = db.getRepository(TagEntity);
  }

  /** GET /tags: by name, 20 a page, each with how many tickets carry it. */
  async page(auth: AuthUser, query: ListQuery): Promise<TagsPage> {
    const qb = this.tags.createQueryBuilder('t').where('t.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(t.name)'],
      order: [
        ['t.name', 'ASC'],
        ['t.id', 'ASC'],
      ],
    });
    const counts = await this.ticketCounts(rows.map((t) => t.id));
    return { tags: rows.map((t) => toTag(t, counts.get(t.id) ?? 0)), count, hasMore };
  }

  /** Every tag of the company, by name: the pickers of the tickets screen. */
  async all(auth: AuthUser): Promise<Tag[]> {
    const rows = await this.tags.find({ where: { companyId: auth.companyId }, order: { name: 'ASC', id: 'ASC' } });
    return rows.map((t) => toTag(t));
  }

  /** GET /tags/kanban: the kanban lanes, in the order of the board (the admins' arrangement). */
  async kanban(auth: AuthUser): Promise<{ lista: Tag[] }> {
    return { lista: (await this.lanes(auth.companyId)).map((t) => toTag(t)) };
  }

  /**
   * PUT /tags/kanban/order: the lanes take the places of `tagIds`; lanes it leaves out (made since
   * the admin's board was loaded) follow in their order. An id that is not one of the company's
   * lanes answers 404, as a missing tag does. Every screen of the company hears the new order.
   */
  async arrangeLanes(auth: AuthUser, tagIds: number[]): Promise<{ lista: Tag[] }> {
    const lanes = await this.lanes(auth.companyId);
    const byId = new Map(lanes.map((lane) => [lane.id, lane]));
    if (tagIds.some((id) => !byId.has(id))) throw new DomainError('ERR_NO_TAG_FOUND');
    const named = new Set(tagIds);
    const ordered = [...tagIds.map((id) => byId.get(id)!), ...lanes.filter((lane) => !named.has(lane.id))];
    const moved = ordered.filter((lane, index) => lane.kanbanOrder !== index + 1);
    if (moved.length) {
      await this.db.transaction(async (em) => {
        for (const [index, lane] of ordered.entries()) {
          if (lane.kanbanOrder === index + 1) continue;
          await em.update(TagEntity, { id: lane.id, companyId: auth.companyId }, { kanbanOrder: index + 1 });
        }
      });
    }
    ordered.forEach((lane, index) => (lane.kanbanOrder = index + 1));
    this.realtime.toCompany(auth.companyId, 'tag', { action: 'order', tagIds: ordered.map((lane) => lane.id) });
    return { lista: ordered.map((t) => toTag(t)) };
  }

  private lanes(companyId: number): Promise<TagEntity[]> {
    return this.tags.find({
      where: { companyId, kanban: 1 },
      order: { kanbanOrder: 'ASC', name: 'ASC', id: 'ASC' },
    });
  }

  /** A tag that becomes a lane takes the board's last place. */
  private async lastPlace(companyId: number): Promise<number> {
    const row = (await this.tags
      .createQueryBuilder('t')
      .select('MAX(t.kanbanOrder)', 'last')
      .where('t.companyId = :companyId AND t.kanban = 1', { companyId })
      .getRawOne()) as { last: number | string | null } | undefined;
    return Number(row?.last ?? 0) + 1;
  }

  async findOne(auth: AuthUser, id: number): Promise<Tag> {
    const tag = await findInCompany(this.tags, auth.companyId, id, 'ERR_NO_TAG_FOUND');
    return toTag(tag, (await this.ticketCounts([id])).get(id) ?? 0);
  }

  async create(auth: AuthUser, input: TagInput): Promise<Tag> {
    this.assertKanbanAllowed(auth, 0, input.kanban);
    const saved = await this.save(
      this.tags.create({
        companyId: auth.companyId,
        name: input.name,
        color: input.color,
        kanban: input.kanban ? 1 : 0,
        kanbanOrder: input.kanban ? await this.lastPlace(auth.companyId) : 0,
        userId: auth.userId,
      }),
    );
    const tag = toTag(saved, 0);
    this.realtime.toCompany(auth.companyId, 'tag', { action: 'create', tag });
    return tag;
  }

  async update(auth: AuthUser, id: number, input: TagInput): Promise<Tag> {
    const entity = await findInCompany(this.tags, auth.companyId, id, 'ERR_NO_TAG_FOUND');
    this.assertKanbanAllowed(auth, entity.kanban, input.kanban);
    const becomesLane = !entity.kanban && input.kanban;
    const saved = await this.save(
      this.tags.merge(entity, {
        name: input.name,
        color: input.color,
        kanban: input.kanban ? 1 : 0,
        ...(becomesLane ? { kanbanOrder: await this.lastPlace(auth.companyId) } : {}),
      }),
    );
    const tag = toTag(saved, (await this.ticketCounts([id])).get(id) ?? 0);
    this.realtime.toCompany(auth.companyId, 'tag', { action: 'update', tag });
    return tag;
  }

  /**
   * Takes the tag off every ticket (the join rows go with it) and deletes it. A kanban lane goes
   * only by the hands that may make one: deleting it is switching the lane off, and more.
   */
  async remove(auth: AuthUser, id: number): Promise<void> {
    const entity = await findInCompany(this.tags, auth.companyId, id, 'ERR_NO_TAG_FOUND');
    this.assertKanbanAllowed(auth, entity.kanban, 0);
    await this.tags.delete({ id, companyId: auth.companyId });
    this.realtime.toCompany(auth.companyId, 'tag', { action: 'delete', tagId: id });
  }

  /**
   * A change of the kanban switch by someone who may not make it answers 400 on that field, not
   * 403: the existing clients read any 403 as an expired session and sign the user out.
   */
  private assertKanbanAllowed(auth: AuthUser, current: number, wanted: number): void {
    if ((current ? 1 : 0) === (wanted ? 1 : 0) || can(auth, 'tags:kanbanToggle')) return;
    throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'kanban', message: 'validation.notAllowed' }] });
  }

  private async save(entity: TagEntity): Promise<TagEntity> {
    try {
      return await this.tags.save(entity);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'name', message: V.taken }] });
      }
      throw error;
    }
  }

  private async ticketCounts(ids: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (!ids.length) return counts;
    const rows = (await this.db.query(
      `SELECT tagId AS tagId, COUNT(*) AS n FROM ticket_tags WHERE tagId IN (${placeholders(ids)}) GROUP BY tagId`,
      ids,
    )) as { tagId: number | string; n: number | string }[];
    for (const row of rows) counts.set(Number(row.tagId), Number(row.n));
    return counts;
  }
}
