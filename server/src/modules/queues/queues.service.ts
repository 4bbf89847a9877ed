import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue, QueueInput } from '@atendo/shared';
import { DataSource, Not, Repository, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany } from '../../common/pagination.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { CompanyLock } from '../plans/company-lock.js';
import { PlansService } from '../plans/plans.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { QueueEntity } from './entities/queue.entity.js';
import { assertOwnAutomations } from '../integrations/automation-refs.js';

export function toQueue(q: QueueEntity): Queue {
  return {
    id: q.id,
    companyId: q.companyId,
    name: q.name,
    color: q.color,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    orderQueue: q.orderQueue,
    integrationId: q.integrationId,
    promptId: q.promptId,
    schedules: q.schedules ?? [],
  };
}

@Injectable()
export class QueuesService {
  constructor(
    @InjectRepository(QueueEntity) private readonly queues: Repository<QueueEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly plans: PlansService,
    private readonly locks: CompanyLock,
    private readonly realtime: RealtimeService,
  ) {}

  async list(auth: AuthUser): Promise<Queue[]> {
    const rows = await this.queues
      .createQueryBuilder('q')
      .where('q.companyId = :companyId', { companyId: auth.companyId })
      // Queues without an order come after the ordered ones, then by name.
      .orderBy('CASE WHEN q.orderQueue IS NULL THEN 1 ELSE 0 END', 'ASC')
      .addOrderBy('q.orderQueue', 'ASC')
      .addOrderBy('q.name', 'ASC')
      .getMany();
    return rows.map(toQueue);
  }

  async findOne(auth: AuthUser, id: number): Promise<Queue> {
    return toQueue(await this.load(auth, id));
  }

  async create(auth: AuthUser, input: QueueInput): Promise<Queue> {
    const saved = await this.locks.run(auth.companyId, async (em) => {
      const current = await em.count(QueueEntity, { where: { companyId: auth.companyId } });
      await this.plans.assertRoom(em, auth.companyId, 'queues', current);
      await this.assertUnique(auth.companyId, input, undefined, em);
      await assertOwnAutomations(em, auth.companyId, input);
      return this.save(em.create(QueueEntity, { ...input, companyId: auth.companyId }), em);
    });
    const queue = toQueue(saved);
    this.realtime.toCompany(auth.companyId, 'queue', { action: 'create', queue });
    return queue;
  }

  async update(auth: AuthUser, id: number, input: QueueInput): Promise<Queue> {
    const entity = await this.load(auth, id);
    await this.assertUnique(auth.companyId, input, id);
    await assertOwnAutomations(this.db.manager, auth.companyId, input);
    const queue = toQueue(await this.save(this.queues.merge(entity, input)));
    this.realtime.toCompany(auth.companyId, 'queue', { action: 'update', queue });
    return queue;
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    await this.load(auth, id);
    await this.queues.delete({ id, companyId: auth.companyId });
    this.realtime.toCompany(auth.companyId, 'queue', { action: 'delete', queueId: id });
  }

  private load(auth: AuthUser, id: number): Promise<QueueEntity> {
    return findInCompany(this.queues, auth.companyId, id, 'ERR_NO_QUEUE_FOUND');
  }

  /** Colours tell queues apart in the ticket list, so two queues of a company never share one. */
  private async assertUnique(
    companyId: number,
    input: QueueInput,
    exceptId?: number,
    em: EntityManager = this.db.manager,
  ): Promise<void> {
    const others = { companyId, ...(exceptId ? { id: Not(exceptId) } : {}) };
    if (await em.exists(QueueEntity, { where: { ...others, color: input.color } }))
      throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    if (await em.exists(QueueEntity, { where: { ...others, name: input.name } }))
      throw new DomainError('ERR_QUEUE_NAME_ALREADY_EXISTS');
  }

  private async save(entity: QueueEntity, em: EntityManager = this.db.manager): Promise<QueueEntity> {
    try {
      return await em.save(QueueEntity, entity);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const message = String((error as Error).message);
      throw new DomainError(
        /color/i.test(message) ? 'ERR_QUEUE_COLOR_ALREADY_EXISTS' : 'ERR_QUEUE_NAME_ALREADY_EXISTS',
      );
    }
  }
}
