import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  INVOICES_PAGE_SIZE,
  invoiceDisplayStatus,
  type Invoice,
  type InvoicesOverviewPage,
  type InvoicesOverviewQuery,
} from '@atendo/shared';
import { DataSource, In, MoreThanOrEqual, Repository, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { like, likePattern, PAGE_SIZE, type ListQuery } from '../../common/pagination.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { InvoiceEntity } from './entities/invoice.entity.js';
import { invoicePeriod } from './invoice-period.js';

const DAY_MS = 86_400_000;

export function toInvoice(row: InvoiceEntity, now = new Date()): Invoice {
  const dueDate = row.dueDate.toISOString();
  return {
    id: row.id,
    companyId: row.companyId,
    planId: row.planId,
    detail: row.detail,
    value: row.value,
    recurrence: row.recurrence,
    dueDate,
    periodEnd: row.periodEnd.toISOString(),
    status: invoiceDisplayStatus({ status: row.status, dueDate }, now),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

@Injectable()
export class InvoicesService {
  constructor(
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * GET /invoices/all: the company's invoices, latest period first, 20 a page, searched by detail
   * (the plan's name) or id. The company's current invoice is issued first if its time has come,
   * so a company that just signed up finds its first invoice without waiting for the job.
   */
  async list(auth: AuthUser, query: ListQuery): Promise<Invoice[]> {
    await this.issueDue(new Date(), auth.companyId);
    const qb = this.invoices.createQueryBuilder('i').where('i.companyId = :companyId', { companyId: auth.companyId });
    if (query.searchParam) {
      const id = /^#?(\d{1,10})$/.exec(query.searchParam)?.[1];
      qb.andWhere(id ? `(${like('LOWER(i.detail)')} OR i.id = :id)` : like('LOWER(i.detail)'), {
        pattern: likePattern(query.searchParam),
        id: id ? Number(id) : undefined,
      });
    }
    const rows = await qb
      .orderBy('i.dueDate', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .skip((query.pageNumber - 1) * INVOICES_PAGE_SIZE)
      .take(INVOICES_PAGE_SIZE)
      .getMany();
    const now = new Date();
    return rows.map((row) => toInvoice(row, now));
  }

  /**
   * GET /invoices/overview (the super-admin's): every company's invoices, latest period first, 20 a
   * page, narrowed to a display status and a company, each with its company's name. Invoices due
   * are issued first, as the companies' own lists do.
   */
  async overview(query: InvoicesOverviewQuery): Promise<InvoicesOverviewPage> {
    const now = new Date();
    await this.issueDue(now);
    const qb = this.invoices.createQueryBuilder('i');
    if (query.companyId) qb.andWhere('i.companyId = :companyId', { companyId: query.companyId });
    // The display status (invoiceDisplayStatus) in SQL: expired is open and due before today (UTC).
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    if (query.status === 'paid') qb.andWhere('i.status = :paid', { paid: 'paid' });
    if (query.status === 'open') qb.andWhere('i.status = :open AND i.dueDate >= :today', { open: 'open', today });
    if (query.status === 'expired') qb.andWhere('i.status = :open AND i.dueDate < :today', { open: 'open', today });
    const count = await qb.getCount();
    const rows = await qb
      .orderBy('i.dueDate', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .skip((query.pageNumber - 1) * PAGE_SIZE)
      .take(PAGE_SIZE)
      .getMany();
    const ids = [...new Set(rows.map((row) => row.companyId))];
    const companies = ids.length
      ? await this.db.getRepository(CompanyEntity).find({ where: { id: In(ids) }, select: { id: true, name: true } })
      : [];
    const names = new Map(companies.map((c) => [c.id, c.name]));
    return {
      invoices: rows.map((row) => ({ ...toInvoice(row, now), companyName: names.get(row.companyId) ?? '' })),
      count,
      hasMore: count > query.pageNumber * PAGE_SIZE,
    };
  }

  async load(companyId: number, id: number): Promise<InvoiceEntity | null> {
    return this.invoices.findOneBy({ id, companyId });
  }

  /** The oldest invoice still open, after issuing the current one if due. */
  async oldestOpen(companyId: number): Promise<InvoiceEntity | null> {
    await this.issueDue(new Date(), companyId);
    return this.invoices.findOne({ where: { companyId, status: 'open' }, order: { dueDate: 'ASC', id: 'ASC' } });
  }

  /**
   * Issues the invoice of every company whose period starts within INVOICE_DAYS_AHEAD days (or
   * already started), once: the unique key (companyId, dueDate) turns a second attempt — a retry,
   * another node running the same job, a concurrent page load — into a no-op. Answers how many
   * invoices it created.
   */
  async issueDue(now = new Date(), companyId?: number): Promise<number> {
    const horizon = new Date(now.getTime() + this.config.invoiceDaysAhead * DAY_MS);
    const qb: SelectQueryBuilder<CompanyEntity> = this.db
      .getRepository(CompanyEntity)
      .createQueryBuilder('c')
      .innerJoinAndSelect('c.plan', 'p')
      .where('c.dueDate IS NOT NULL')
      .andWhere('c.dueDate <= :horizon', { horizon })
      .andWhere('c.isPlatform = :off', { off: false })
      .andWhere('c.status = :on', { on: true });
    if (companyId !== undefined) qb.andWhere('c.id = :companyId', { companyId });
    const due = await qb.getMany();
    if (!due.length) return 0;
    // Periods already invoiced are skipped here, compared as instants: the two engines store
    // datetimes as text or as DATETIME, and an SQL equality between tables is not reliable on both.
    const earliest = new Date(Math.min(...due.map((c) => c.dueDate!.getTime())));
    const existing = await this.invoices.find({
      select: { companyId: true, dueDate: true },
      where: { companyId: In(due.map((c) => c.id)), dueDate: MoreThanOrEqual(earliest) },
    });
    const invoiced = new Set(existing.map((i) => `${i.companyId}:${i.dueDate.getTime()}`));
    let created = 0;
    for (const company of due) {
      if (invoiced.has(`${company.id}:${company.dueDate!.getTime()}`)) continue;
      if (await this.issue(company)) created += 1;
    }
    return created;
  }

  /** One company's invoice for the period starting at its due date; false when it already exists. */
  async issue(company: CompanyEntity): Promise<boolean> {
    if (!company.dueDate || !company.plan) return false;
    const period = invoicePeriod(company.dueDate, company.recurrence);
    try {
      await this.invoices.insert({
        companyId: company.id,
        planId: company.plan.id,
        detail: company.plan.name,
        value: company.plan.value,
        recurrence: company.recurrence,
        dueDate: period.dueDate,
        periodEnd: period.periodEnd,
        status: 'open',
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
