import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { TRIAL_DAYS, type SignupInput } from '@atendo/shared';
import { DataSource, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { hashPassword } from '../sessions/passwords.js';
import { PlanEntity } from '../plans/entities/plan.entity.js';
import { toPlan } from '../plans/plans.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { CompanyEntity } from './entities/company.entity.js';

@Injectable()
export class CompaniesService {
  constructor(
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Self-service sign-up: a company on a trial of TRIAL_DAYS, billed monthly, with its first admin.
   * The trial, status and recurrence are decided here whatever the client sends.
   */
  async signup(input: SignupInput): Promise<{ id: number; name: string; email: string; dueDate: string }> {
    const plan = await this.db.getRepository(PlanEntity).findOneBy({ id: input.planId });
    if (!plan) throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'planId', message: 'validation.oneOf' }] });
    if (await this.db.getRepository(UserEntity).exists({ where: { email: input.email } })) {
      throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
    }
    const passwordHash = await hashPassword(input.password);
    const dueDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000);
    try {
      const company = await this.db.transaction(async (em) => {
        const created = await em.save(
          em.create(CompanyEntity, {
            name: input.name,
            email: input.email,
            phone: input.phone || null,
            planId: plan.id,
            status: true,
            dueDate,
            recurrence: 'MENSAL',
            isPlatform: false,
            schedules: [],
          }),
        );
        await this.settings.createDefaults(em, created.id);
        await em.insert(UserEntity, {
          companyId: created.id,
          name: input.name,
          email: input.email,
          passwordHash,
          profile: 'admin',
          super: false,
          allTicket: 'enabled',
        });
        return created;
      });
      return { id: company.id, name: company.name, email: input.email, dueDate: dueDate.toISOString() };
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
      throw error;
    }
  }

  /** A company's plan and flags: its own users may read it, the super-admin any company's. */
  async listPlan(auth: AuthUser, companyId: number) {
    if (companyId !== auth.companyId && !auth.super) throw new DomainError('ERR_NO_COMPANY_FOUND');
    const company = await this.companies.findOne({ where: { id: companyId }, relations: { plan: true } });
    if (!company?.plan) throw new DomainError('ERR_NO_COMPANY_FOUND');
    return {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate ? company.dueDate.toISOString() : null,
      recurrence: company.recurrence,
      planId: company.planId,
      plan: toPlan(company.plan),
    };
  }
}
