import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Plan } from '@atendo/shared';
import { Repository } from 'typeorm';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { PlanEntity } from './entities/plan.entity.js';
import { toPlan } from './plans.mapper.js';

/** Plan flags are read on every feature-gated request; a short cache keeps that off the database. */
const PLAN_CACHE_MS = 10_000;

@Injectable()
export class PlansService {
  private readonly byCompany = new Map<number, { plan: Plan | null; at: number }>();

  constructor(
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
  ) {}

  async list(): Promise<Plan[]> {
    const plans = await this.plans.find({ order: { value: 'ASC', name: 'ASC' } });
    return plans.map(toPlan);
  }

  async ofCompany(companyId: number): Promise<Plan | null> {
    const cached = this.byCompany.get(companyId);
    if (cached && Date.now() - cached.at < PLAN_CACHE_MS) return cached.plan;
    const company = await this.companies.findOne({ where: { id: companyId }, relations: { plan: true } });
    const plan = company?.plan ? toPlan(company.plan) : null;
    this.byCompany.set(companyId, { plan, at: Date.now() });
    return plan;
  }
}
