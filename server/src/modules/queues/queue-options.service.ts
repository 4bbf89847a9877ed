import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  QUEUE_OPTION_MAX_DEPTH,
  QUEUE_OPTIONS_MAX,
  V,
  type FieldError,
  type QueueOption,
  type QueueOptionInput,
  type QueueOptionListQuery,
  type QueueOptionUpdate,
} from '@atendo/shared';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { Transactions } from '../conversations/transactions.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { QueueOptionEntity } from './entities/queue-option.entity.js';
import { QueueEntity } from './entities/queue.entity.js';
import { childrenOf, depthOf, placed, subtreeOf, treeOf } from './option-tree.js';
import { toQueue } from './queues.service.js';

const invalid = (field: string, message: string, params?: Record<string, unknown>) =>
  new DomainError('ERR_VALIDATION', { fields: [{ field, message, ...(params ? { params } : {}) } as FieldError] });

/**
 * The option menus of a company's queues (spec 2 §2 Queues, §7). Every change of one queue's menu
 * runs in one transaction under the queue's turn: its row is locked (MySQL/MariaDB, between server
 * processes) and the write reads the whole menu, so the numbers of a level stay 1, 2, … without
 * gaps or repeats while several admins edit it. A change is announced as an update of the queue.
 */
@Injectable()
export class QueueOptionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly realtime: RealtimeService,
  ) {}

  /** The options under `parentId` (-1: the top level), each with its own options nested. */
  async list(auth: AuthUser, query: QueueOptionListQuery): Promise<QueueOption[]> {
    await this.queueOf(this.db.manager, auth, query.queueId);
    const options = await this.optionsOf(this.db.manager, query.queueId);
    const parentId = query.parentId > 0 ? query.parentId : null;
    // A level that is not in this queue has no options (no other queue's rows are read).
    if (parentId !== null && !options.some((o) => o.id === parentId)) return [];
    return treeOf(options, parentId);
  }

  async create(auth: AuthUser, input: QueueOptionInput): Promise<QueueOption> {
    const { option } = await this.change(auth, input.queueId, async (em, options) => {
      const parentId = input.parentId ?? null;
      if (parentId !== null) {
        if (!options.some((o) => o.id === parentId)) throw invalid('parentId', V.sameQueue);
        if (depthOf(options, parentId) >= QUEUE_OPTION_MAX_DEPTH) {
          throw invalid('parentId', V.tooDeep, { max: QUEUE_OPTION_MAX_DEPTH });
        }
      }
      if (options.length >= QUEUE_OPTIONS_MAX) throw invalid('queueId', V.tooMany, { max: QUEUE_OPTIONS_MAX });
      const level = childrenOf(options, parentId).map((o) => o.id);
      const now = new Date();
      const inserted = await em.getRepository(QueueOptionEntity).insert({
        companyId: auth.companyId,
        queueId: input.queueId,
        parentId,
        title: input.title,
        message: input.message,
        // Its final number is written below with the rest of the level.
        option: level.length + 1,
        createdAt: now,
        updatedAt: now,
      });
      const id = Number(inserted.identifiers[0].id);
      const created = await em.getRepository(QueueOptionEntity).findOneByOrFail({ id });
      await this.renumber(em, [...options, created], placed(level, id, input.option));
      return created;
    });
    return { ...this.shape(option), children: [] };
  }

  async update(auth: AuthUser, id: number, input: QueueOptionUpdate): Promise<QueueOption> {
    const queueId = await this.queueIdOf(auth, id);
    const { option } = await this.change(auth, queueId, async (em, options) => {
      const current = options.find((o) => o.id === id);
      if (!current) throw new DomainError('ERR_NO_QUEUE_OPTION_FOUND');
      if (input.queueId !== undefined && input.queueId !== current.queueId) throw invalid('queueId', V.invalid);
      if (input.parentId !== undefined && (input.parentId ?? null) !== current.parentId) {
        throw invalid('parentId', V.invalid);
      }
      const changes: Partial<QueueOptionEntity> = {};
      if (input.title !== undefined) changes.title = input.title;
      if (input.message !== undefined) changes.message = input.message;
      if (Object.keys(changes).length) {
        await em.getRepository(QueueOptionEntity).update({ id }, { ...changes, updatedAt: new Date() });
        Object.assign(current, changes);
      }
      if (input.option !== undefined) {
        const level = childrenOf(options, current.parentId).map((o) => o.id);
        await this.renumber(em, options, placed(level, id, input.option));
      }
      return current;
    });
    const options = await this.optionsOf(this.db.manager, queueId);
    return { ...this.shape(option), children: treeOf(options, id) };
  }

  /** Deletes the option with everything under it; the options after it in its level move up one. */
  async remove(auth: AuthUser, id: number): Promise<void> {
    const queueId = await this.queueIdOf(auth, id);
    await this.change(auth, queueId, async (em, options) => {
      const current = options.find((o) => o.id === id);
      if (!current) throw new DomainError('ERR_NO_QUEUE_OPTION_FOUND');
      // The whole branch by id, deepest first, rather than trusting the cascade to every engine.
      const branch = subtreeOf(options, id).reverse();
      await em.getRepository(QueueOptionEntity).delete({ id: In(branch) });
      const rest = options.filter((o) => !branch.includes(o.id));
      await this.renumber(
        em,
        rest,
        childrenOf(rest, current.parentId).map((o) => o.id),
      );
      return current;
    });
  }

  /**
   * Runs a change of one queue's menu in the queue's turn, with the menu as it stands, and
   * announces the queue afterwards.
   */
  private async change(
    auth: AuthUser,
    queueId: number,
    work: (em: EntityManager, options: QueueOptionEntity[]) => Promise<QueueOptionEntity>,
  ): Promise<{ queue: QueueEntity; option: QueueOptionEntity }> {
    const result = await this.tx.run(`queue-options:${queueId}`, async (em) => {
      const queue = await this.queueOf(em, auth, queueId, true);
      const option = await work(em, await this.optionsOf(em, queueId));
      return { queue, option };
    });
    this.realtime.toCompany(auth.companyId, 'queue', { action: 'update', queue: toQueue(result.queue) });
    return result;
  }

  /** Writes 1, 2, … over a level in the given order, touching only the rows whose number changes. */
  private async renumber(em: EntityManager, options: QueueOptionEntity[], order: number[]): Promise<void> {
    const byId = new Map(options.map((o) => [o.id, o]));
    for (const [index, id] of order.entries()) {
      const row = byId.get(id);
      if (!row || row.option === index + 1) continue;
      await em.getRepository(QueueOptionEntity).update({ id }, { option: index + 1 });
      row.option = index + 1;
    }
  }

  /** The company's queue, else 404 as for a queue that does not exist; `lock` takes its row (MySQL). */
  private async queueOf(em: EntityManager, auth: AuthUser, queueId: number, lock = false): Promise<QueueEntity> {
    const queue = await em.getRepository(QueueEntity).findOne({
      where: { id: queueId, companyId: auth.companyId },
      ...(lock && this.db.options.type === 'mysql' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!queue) throw new DomainError('ERR_NO_QUEUE_FOUND');
    return queue;
  }

  /** The queue an option of the company belongs to, else 404. */
  private async queueIdOf(auth: AuthUser, id: number): Promise<number> {
    const row = await this.db.getRepository(QueueOptionEntity).findOne({
      where: { id, companyId: auth.companyId },
      select: { id: true, queueId: true },
    });
    if (!row) throw new DomainError('ERR_NO_QUEUE_OPTION_FOUND');
    return row.queueId;
  }

  private optionsOf(em: EntityManager, queueId: number): Promise<QueueOptionEntity[]> {
    return em.getRepository(QueueOptionEntity).find({ where: { queueId } });
  }

  private shape(o: QueueOptionEntity): Omit<QueueOption, 'children'> {
    return { id: o.id, queueId: o.queueId, parentId: o.parentId, title: o.title, message: o.message, option: o.option };
  }
}
