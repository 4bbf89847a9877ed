import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { V, withinLimit, type Plan, type PlanInput } from '@atendo/shared';
import type { Redis } from 'ioredis';
import { Not, Repository, type EntityManager } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/unique-violation.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { RedisChannel } from '../redis/redis-channel.js';
import { REDIS } from '../redis/redis.module.js';
import { PlanEntity } from './entities/plan.entity.js';
import { toPlan } from './plans.mapper.js';

/**
 * Plan flags are read on every feature-gated request; a short cache keeps that off the database.
 * Changes of a plan or of a company's plan clear it at once on every node (over Redis when there
 * are several); the expiry only bounds what a lost notification could leave behind.
 */
const PLAN_CACHE_MS = 10_000;

/** What a plan limits, and the error a creation beyond it answers. */
const LIMITS = {
  users: 'ERR_PLAN_LIMIT_USERS',
  queues: 'ERR_PLAN_LIMIT_QUEUES',
  connections: 'ERR_PLAN_LIMIT_CONNECTIONS',
} as const;
export type PlanLimit = keyof typeof LIMITS;

const nameTaken = () => new DomainError('ERR_VALIDATION', { fields: [{ field: 'name', message: V.taken }] });

@Injectable()
export class PlansService implements OnModuleInit, OnApplicationShutdown {
  private readonly byCompany = new Map<number, { plan: Plan | null; at: number }>();
  /** Plan changes on other nodes; what was said while it was down is lost, so the cache goes then. */
  private readonly channel: RedisChannel | null;

  constructor(
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
    @Inject(REDIS) redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly realtime: RealtimeService,
  ) {
    this.channel = redis
      ? new RedisChannel(
          redis,
          `${config.redisPrefix}:plans-changed`,
          (message) => this.forgetLocal(message),
          () => this.forgetLocal('*'),
        )
      : null;
  }

  async onModuleInit(): Promise<void> {
    await this.channel?.open();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.channel?.close();
  }

  /** GET /plans/list (the sign-up page) and GET /plans/all (the super-admin's plans tab). */
  async list(): Promise<Plan[]> {
    const plans = await this.plans.find({ order: { value: 'ASC', name: 'ASC' } });
    return plans.map(toPlan);
  }

  async findOne(id: number): Promise<Plan> {
    return toPlan(await this.load(id));
  }

  async create(input: PlanInput): Promise<Plan> {
    await this.assertNameFree(input.name);
    return toPlan(await this.save(this.plans.create(input)));
  }

  async update(id: number, input: PlanInput): Promise<Plan> {
    const entity = await this.load(id);
    await this.assertNameFree(input.name, id);
    const plan = toPlan(await this.save(this.plans.merge(entity, input)));
    // Every company on it may have gained or lost a feature.
    await this.forget();
    const companies = await this.companies.find({ where: { planId: id }, select: { id: true } });
    for (const company of companies) this.announce(company.id, plan);
    return plan;
  }

  /** A plan some company is on stays: the foreign key refuses it too, should one move onto it meanwhile. */
  async remove(id: number): Promise<void> {
    await this.load(id);
    if (await this.companies.exists({ where: { planId: id } })) throw new DomainError('ERR_PLAN_IN_USE');
    try {
      await this.plans.delete({ id });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new DomainError('ERR_PLAN_IN_USE');
      throw error;
    }
  }

  async ofCompany(companyId: number): Promise<Plan | null> {
    const cached = this.byCompany.get(companyId);
    if (cached && Date.now() - cached.at < PLAN_CACHE_MS) return cached.plan;
    const company = await this.companies.findOne({ where: { id: companyId }, relations: { plan: true } });
    const plan = company?.plan ? toPlan(company.plan) : null;
    if (this.byCompany.size > 50_000) this.byCompany.clear();
    this.byCompany.set(companyId, { plan, at: Date.now() });
    return plan;
  }

  /**
   * Refuses a creation the company's plan has no room for. Reads the plan afresh through the
   * caller's transaction (not the cache): it runs under the company's lock with the count.
   */
  async assertRoom(em: EntityManager, companyId: number, limit: PlanLimit, current: number): Promise<void> {
    const company = await em.findOne(CompanyEntity, { where: { id: companyId }, relations: { plan: true } });
    if (company?.plan && !withinLimit(company.plan[limit], current)) throw new DomainError(LIMITS[limit]);
  }

  /** A company was moved to another plan: the cache forgets it and its signed-in users are told. */
  async companyMoved(companyId: number, planId: number): Promise<void> {
    await this.forget(companyId);
    this.announce(companyId, toPlan(await this.load(planId)));
  }

  /** The company's open screens (menu, home page, limits) follow its plan without a reload. */
  private announce(companyId: number, plan: Plan): void {
    this.realtime.toCompany(companyId, 'plan', { action: 'update', plan });
  }

  /** Drops the cached plan of one company (its plan changed), or of all (a plan changed). */
  async forget(companyId?: number): Promise<void> {
    const message = companyId === undefined ? '*' : String(companyId);
    this.forgetLocal(message);
    await this.channel?.publish(message);
  }

  private forgetLocal(message: string): void {
    if (message === '*') this.byCompany.clear();
    else this.byCompany.delete(Number(message));
  }

  private async load(id: number): Promise<PlanEntity> {
    const plan = await this.plans.findOneBy({ id });
    if (!plan) throw new DomainError('ERR_NO_PLAN_FOUND');
    return plan;
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    if (await this.plans.exists({ where: { name, ...(exceptId ? { id: Not(exceptId) } : {}) } })) throw nameTaken();
  }

  /** The unique name index decides races the pre-check cannot see. */
  private async save(entity: PlanEntity): Promise<PlanEntity> {
    try {
      return await this.plans.save(entity);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }
}
