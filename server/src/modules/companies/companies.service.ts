import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  can,
  TRIAL_DAYS,
  V,
  type CompaniesPage,
  type Company,
  type CompanyCreateInput,
  type CompanyInput,
  type CreatedCompany,
  type Language,
  type SettingEntry,
  type SignupInput,
  type WeekdaySchedule,
} from '@atendo/shared';
import { DataSource, In, Repository, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { SessionManager } from '../gateway/session-manager.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { PasswordResetService } from '../password-reset/password-reset.service.js';
import { hashPassword } from '../sessions/passwords.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { PlanEntity } from '../plans/entities/plan.entity.js';
import { toPlan } from '../plans/plans.mapper.js';
import { PlansService } from '../plans/plans.service.js';
import { SettingEntity } from '../settings/entities/setting.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { CompanyEntity } from './entities/company.entity.js';
import { toCompany } from './companies.mapper.js';

/** The settings the super-admin's company form shows and sets (the rest is the company's own business). */
const FORM_SETTINGS = ['campaignsEnabled'] as const;

const unknownPlan = () => new DomainError('ERR_VALIDATION', { fields: [{ field: 'planId', message: V.oneOf }] });

@Injectable()
export class CompaniesService {
  private readonly logger = new Logger('Companies');

  constructor(
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly settings: SettingsService,
    private readonly plans: PlansService,
    private readonly sessions: SessionsService,
    private readonly connections: SessionManager,
    private readonly media: MediaStore,
    private readonly resets: PasswordResetService,
  ) {}

  /**
   * Self-service sign-up: a company on a trial of TRIAL_DAYS, billed monthly, with its first admin.
   * The trial, status and recurrence are decided here whatever the client sends.
   */
  async signup(input: SignupInput): Promise<{ id: number; name: string; email: string; dueDate: string }> {
    const plan = await this.db.getRepository(PlanEntity).findOneBy({ id: input.planId });
    if (!plan) throw unknownPlan();
    await this.assertEmailFree(input.email);
    const passwordHash = await hashPassword(input.password);
    const dueDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000);
    const company = await this.createWithAdmin(
      {
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        planId: plan.id,
        status: true,
        dueDate,
        recurrence: 'MENSAL',
      },
      { name: input.name, email: input.email, passwordHash },
    );
    return { id: company.id, name: company.name, email: input.email, dueDate: dueDate.toISOString() };
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

  /** GET /companies: the super-admin's table, searched by name, e-mail or phone, newest first. */
  async list(query: ListQuery): Promise<CompaniesPage> {
    const { rows, count, hasMore } = await searchPage(this.companies.createQueryBuilder('c'), query, {
      search: ['LOWER(c.name)', 'LOWER(c.email)', 'c.phone'],
      order: [
        ['c.createdAt', 'DESC'],
        ['c.id', 'DESC'],
      ],
      prepare: (shown) => shown.leftJoinAndSelect('c.plan', 'p'),
    });
    const settings = await this.formSettings(rows.map((c) => c.id));
    return { companies: rows.map((c) => toCompany(c, settings.get(c.id) ?? [])), count, hasMore };
  }

  /**
   * GET /companies/list: every company, by name, for pickers. Each with the settings its form
   * reads, as in the paged table: the family's super-admin page edits, extends and deletes
   * companies from this list, and its dialog reads them.
   */
  async listAll(): Promise<Company[]> {
    const rows = await this.companies.find({ relations: { plan: true }, order: { name: 'ASC', id: 'ASC' } });
    const settings = await this.formSettings('all');
    return rows.map((c) => toCompany(c, settings.get(c.id) ?? []));
  }

  /**
   * The super-admin reads any company; a company's admins read their own (the settings page's
   * schedules tab); anyone else's company does not exist for them.
   */
  async findOne(auth: AuthUser, id: number): Promise<Company> {
    this.assertMayRead(auth, id);
    return this.read(id);
  }

  /**
   * POST /companies: the company with the catalogue's settings and its first admin, in one
   * transaction. Without a password the admin gets none that works (the hash of a secret nobody
   * keeps: no default such as the family's `123456`, nothing to read out to them) and is e-mailed
   * an invitation to set one, in `language` or else the one the request prefers.
   */
  async create(input: CompanyCreateInput, requestLanguage: Language | null = null): Promise<CreatedCompany> {
    await this.assertPlan(input.planId);
    await this.assertEmailFree(input.email);
    const invite = !input.password;
    const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
    const created = await this.createWithAdmin(
      {
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        planId: input.planId,
        status: input.status,
        dueDate: input.dueDate,
        recurrence: input.recurrence,
      },
      { name: input.name, email: input.email, passwordHash, language: input.language ?? null },
      input.campaignsEnabled === undefined ? {} : { campaignsEnabled: String(input.campaignsEnabled) },
    );
    const company = await this.read(created.id);
    if (!invite) return company;
    return { ...company, invitationSent: await this.inviteAdmin(company, input.language ?? requestLanguage ?? 'en') };
  }

  /**
   * Mails the invitation of a new company's first admin. The company stands whatever happens to the
   * mail: a failed delivery is logged and answered as `invitationSent: false`, and the admin can
   * still ask for a code at "forgot password".
   */
  private async inviteAdmin(company: Company, language: Language): Promise<boolean> {
    const admin = await this.db.getRepository(UserEntity).findOneOrFail({
      where: { companyId: company.id, profile: 'admin' },
      select: { id: true, name: true, email: true },
    });
    try {
      await this.resets.invite(admin, company.name, language);
      return true;
    } catch (error) {
      this.logger.warn(`Invitation of company ${company.id}'s first admin not sent: ${(error as Error).message}`);
      return false;
    }
  }

  async update(id: number, input: CompanyInput): Promise<Company> {
    const company = await this.load(id);
    if (company.isPlatform && !input.status) throw new DomainError('ERR_PLATFORM_COMPANY_PROTECTED');
    const planChanged = input.planId !== company.planId;
    if (planChanged) await this.assertPlan(input.planId);
    const disabled = company.status && !input.status;
    await this.companies.update(
      { id },
      {
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        planId: input.planId,
        status: input.status,
        dueDate: input.dueDate,
        recurrence: input.recurrence,
      },
    );
    if (input.campaignsEnabled !== undefined) {
      await this.settings.set(id, 'campaignsEnabled', String(input.campaignsEnabled));
    }
    if (planChanged) await this.plans.companyMoved(id, input.planId);
    // A disabled company cannot sign in (see AuthService) and keeps no session open.
    if (disabled) await this.sessions.revokeAllOfCompany(id, 'company-disabled');
    return this.read(id);
  }

  /**
   * Deletes a company and everything it owns. Its WhatsApp connections are signed out first, so the
   * phones drop the linked device and no message arrives for a company that is going away; then the
   * rows go (every table of company data cascades from the company) and its media directory
   * DATA_DIR/public/company{id}.
   */
  async remove(id: number): Promise<void> {
    const company = await this.load(id);
    if (company.isPlatform) throw new DomainError('ERR_PLATFORM_COMPANY_PROTECTED');
    const connections = await this.db
      .getRepository(WhatsappEntity)
      .find({ where: { companyId: id }, select: { id: true } });
    for (const connection of connections) await this.connections.discard(connection.id);
    await this.sessions.revokeAllOfCompany(id, 'company-deleted');
    await this.companies.delete({ id });
    await this.plans.forget(id);
    await this.media
      .removeFolder(companyFolder(id))
      .catch((error: Error) => this.logger.warn(`Media of deleted company ${id} left behind: ${error.message}`));
  }

  /** PUT /companies/{id}/schedules: the company's admins for their own company, the super-admin for any. */
  async updateSchedules(auth: AuthUser, id: number, schedules: WeekdaySchedule[]): Promise<Company> {
    this.assertMayRead(auth, id);
    await this.load(id);
    await this.companies.update({ id }, { schedules });
    return this.read(id);
  }

  private assertMayRead(auth: AuthUser, id: number): void {
    if (auth.super) return;
    if (id !== auth.companyId) throw new DomainError('ERR_NO_COMPANY_FOUND');
    if (!can(auth, 'settings:manage')) throw new DomainError('ERR_NO_PERMISSION');
  }

  private async createWithAdmin(
    fields: Pick<CompanyEntity, 'name' | 'email' | 'phone' | 'planId' | 'status' | 'dueDate' | 'recurrence'>,
    admin: { name: string; email: string; passwordHash: string; language?: Language | null },
    settings: Record<string, string> = {},
  ): Promise<CompanyEntity> {
    try {
      return await this.db.transaction(async (em: EntityManager) => {
        const created = await em.save(em.create(CompanyEntity, { ...fields, isPlatform: false, schedules: [] }));
        await this.settings.createDefaults(em, created.id, settings);
        await em.insert(UserEntity, {
          companyId: created.id,
          name: admin.name.slice(0, 50),
          email: admin.email,
          passwordHash: admin.passwordHash,
          language: admin.language ?? null,
          profile: 'admin',
          super: false,
          allTicket: 'enabled',
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
      throw error;
    }
  }

  private async read(id: number): Promise<Company> {
    const company = await this.load(id);
    return toCompany(company, (await this.formSettings([id])).get(id) ?? []);
  }

  private async load(id: number): Promise<CompanyEntity> {
    const company = await this.companies.findOne({ where: { id }, relations: { plan: true } });
    if (!company) throw new DomainError('ERR_NO_COMPANY_FOUND');
    return company;
  }

  private async assertPlan(planId: number): Promise<void> {
    if (!(await this.db.getRepository(PlanEntity).exists({ where: { id: planId } }))) throw unknownPlan();
  }

  /** The first admin signs in with the company's e-mail, so no user may hold it already. */
  private async assertEmailFree(email: string): Promise<void> {
    if (await this.db.getRepository(UserEntity).exists({ where: { email } })) {
      throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
    }
  }

  /** The form's settings of these companies ('all': of every company, without a list of ids). */
  private async formSettings(companyIds: number[] | 'all'): Promise<Map<number, SettingEntry[]>> {
    const byCompany = new Map<number, SettingEntry[]>();
    if (!companyIds.length) return byCompany;
    const keys = In([...FORM_SETTINGS]);
    const rows = await this.db
      .getRepository(SettingEntity)
      .find({ where: companyIds === 'all' ? { key: keys } : { companyId: In(companyIds), key: keys } });
    for (const row of rows) {
      const list = byCompany.get(row.companyId) ?? [];
      list.push({ key: row.key, value: row.value });
      byCompany.set(row.companyId, list);
    }
    return byCompany;
  }
}
