import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  daysUntil,
  type CheckoutInput,
  type CheckoutResult,
  type FreeRenewal,
  type PixCharge,
  type SubscriptionState,
} from '@atendo/shared';
import { DataSource, MoreThan, Repository, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { validated } from '../../common/validation.pipe.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { PlanEntity } from '../plans/entities/plan.entity.js';
import { PlansService } from '../plans/plans.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { InvoiceEntity } from './entities/invoice.entity.js';
import { PaymentChargeEntity } from './entities/payment-charge.entity.js';
import { PaymentEventEntity } from './entities/payment-event.entity.js';
import { renewedDueDate } from './invoice-period.js';
import { InvoicesService, toInvoice } from './invoices.service.js';
import { asaasWebhookSchema, isPaidEvent, webhookEventId, type AsaasWebhook } from './payments/asaas-webhook.js';
import { PAYMENT_PROVIDER, PaymentProviderError, type PaymentProvider } from './payments/payment-provider.js';

/** A charge is offered again rather than issuing a new one while it has this much life left. */
const REUSE_MARGIN_MS = 10 * 60_000;

/** What settles an invoice: a paid charge, or a free plan's renewal. */
interface Payment {
  invoiceId: number;
  companyId: number;
  planId: number;
  value: number;
}

interface Settlement {
  companyId: number;
  dueDate: Date;
  planId: number;
  invoiceId: number;
  /** The company moved to another plan. */
  moved: boolean;
}

export interface WebhookResult {
  received: true;
  duplicate: boolean;
  /** The invoice this notification paid, when it paid one. */
  paidInvoiceId: number | null;
}

function toPixCharge(charge: PaymentChargeEntity): PixCharge {
  return {
    qrcode: { qrcode: charge.brCode },
    valor: { original: charge.value.toFixed(2) },
    invoiceId: charge.invoiceId,
    chargeId: charge.providerChargeId,
    txid: charge.txid,
    expiresAt: charge.expiresAt.toISOString(),
    provider: charge.provider,
  };
}

/** Constant-time comparison of the webhook token (hashed first, so lengths leak nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

@Injectable()
export class SubscriptionService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectRepository(PaymentChargeEntity) private readonly charges: Repository<PaymentChargeEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider | null,
    private readonly invoices: InvoicesService,
    private readonly realtime: RealtimeService,
    private readonly plans: PlansService,
  ) {}

  /** GET /subscription: the licence, the plan and what is still to pay. */
  async state(auth: AuthUser): Promise<SubscriptionState> {
    const company = await this.db
      .getRepository(CompanyEntity)
      .findOne({ where: { id: auth.companyId }, relations: { plan: true } });
    if (!company) throw new DomainError('ERR_NO_COMPANY_FOUND');
    const open = await this.invoices.oldestOpen(company.id);
    const paid = await this.db
      .getRepository(InvoiceEntity)
      .exists({ where: { companyId: company.id, status: 'paid' } });
    const plan = company.plan;
    return {
      company: {
        id: company.id,
        name: company.name,
        email: company.email,
        dueDate: company.dueDate ? company.dueDate.toISOString() : null,
        recurrence: company.recurrence,
      },
      plan: plan
        ? {
            id: plan.id,
            name: plan.name,
            value: plan.value,
            users: plan.users,
            connections: plan.connections,
            queues: plan.queues,
          }
        : null,
      onTrial: !paid && !company.isPlatform,
      daysLeft: company.dueDate ? daysUntil(company.dueDate) : null,
      openInvoice: open ? toInvoice(open) : null,
      provider: this.provider?.name ?? null,
      taxIdRequired: this.provider?.needsTaxId ?? false,
    };
  }

  /**
   * POST /subscription: a Pix charge for an open invoice of the caller's company, for the plan
   * chosen at checkout. The amount is the plan's value as stored, whatever price the client sends.
   * A still-valid charge for the same invoice and plan is offered again instead of a new one. A
   * free plan has nothing to charge: the invoice is settled and the licence renewed at once.
   */
  async checkout(auth: AuthUser, input: CheckoutInput): Promise<CheckoutResult> {
    const invoice = await this.invoices.load(auth.companyId, input.invoiceId);
    if (!invoice) throw new DomainError('ERR_NO_INVOICE_FOUND');
    if (invoice.status === 'paid') throw new DomainError('ERR_INVOICE_ALREADY_PAID');
    const plan = await this.db.getRepository(PlanEntity).findOneBy({ id: input.planId });
    if (!plan) throw new DomainError('ERR_NO_PLAN_FOUND');
    if (!(plan.value > 0)) return this.renewFree({ invoiceId: invoice.id, companyId: auth.companyId, planId: plan.id });
    if (!this.provider) throw new DomainError('ERR_PAYMENTS_UNAVAILABLE');
    if (this.provider.needsTaxId && !input.taxId) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'taxId', message: 'validation.required' }] });
    }

    const reusable = await this.charges.findOne({
      where: {
        invoiceId: invoice.id,
        planId: plan.id,
        provider: this.provider.name,
        status: 'pending',
        expiresAt: MoreThan(new Date(Date.now() + REUSE_MARGIN_MS)),
      },
      order: { id: 'DESC' },
    });
    if (reusable && reusable.value === plan.value) return toPixCharge(reusable);

    const company = await this.db.getRepository(CompanyEntity).findOneByOrFail({ id: auth.companyId });
    const today = new Date();
    let issued;
    try {
      issued = await this.provider.createPixCharge({
        companyId: company.id,
        invoiceId: invoice.id,
        amount: plan.value,
        description: `${company.name}: ${plan.name} (${invoice.recurrence})`,
        dueDate: invoice.dueDate > today ? invoice.dueDate : today,
        payer: {
          // A checkout that skipped the data step (the family's can) pays in the company's name.
          name: [input.firstName, input.lastName].filter(Boolean).join(' ') || company.name,
          email: company.email,
          taxId: input.taxId,
          postalCode: input.zipcode,
          address: input.address2,
          city: input.city,
          state: input.state,
        },
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.error(`charge for invoice ${invoice.id} failed: ${error.message}`);
      throw new DomainError('ERR_PAYMENT_PROVIDER');
    }
    const charge = await this.charges.save(
      this.charges.create({
        companyId: company.id,
        invoiceId: invoice.id,
        planId: plan.id,
        provider: this.provider.name,
        providerChargeId: issued.providerChargeId,
        txid: issued.txid,
        brCode: issued.brCode,
        value: plan.value,
        status: 'pending',
        expiresAt: issued.expiresAt,
        paidAt: null,
      }),
    );
    return toPixCharge(charge);
  }

  /**
   * POST /subscription/webhook, as Asaas (and the stand-in) call it. Authenticated by the shared
   * token; each notification is handled once (its id is recorded in the same transaction that
   * settles the invoice), and an invoice is settled once whatever notifications follow.
   */
  async webhook(token: string | undefined, raw: unknown): Promise<WebhookResult> {
    if (!this.provider || !token || !sameSecret(token, this.config.payments.webhookToken)) {
      throw new DomainError('ERR_INVALID_TOKEN');
    }
    const body: AsaasWebhook = await validated(asaasWebhookSchema, raw);
    const provider = this.provider.name;
    const eventId = webhookEventId(body);
    const chargeId = body.payment?.id ?? null;
    let settled: Settlement | null;
    try {
      settled = await this.db.transaction(async (em) => {
        await em.insert(PaymentEventEntity, { provider, eventId, event: body.event, providerChargeId: chargeId });
        if (!isPaidEvent(body.event) || !chargeId) return null;
        const charge = await em.findOneBy(PaymentChargeEntity, { provider, providerChargeId: chargeId });
        if (!charge) {
          this.logger.warn(`${body.event} for unknown ${provider} charge ${chargeId}: ignored`);
          return null;
        }
        const now = new Date();
        await em.update(PaymentChargeEntity, { id: charge.id, status: 'pending' }, { status: 'paid', paidAt: now });
        const paid = await this.settle(em, charge, now);
        if (!paid) {
          // Only the first payment of an invoice renews the licence; a second charge paid for it
          // (two tabs, two phones) is recorded on its charge and left to support to refund.
          this.logger.warn(`charge ${chargeId} paid an invoice already paid (${charge.invoiceId})`);
        }
        return paid;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { received: true, duplicate: true, paidInvoiceId: null };
      throw error;
    }
    if (settled) await this.renewed(settled);
    return { received: true, duplicate: false, paidInvoiceId: settled?.invoiceId ?? null };
  }

  /** A free plan's invoice: settled for 0 at once, renewing the licence as a payment does. */
  private async renewFree(free: Omit<Payment, 'value'>): Promise<FreeRenewal> {
    const settled = await this.db.transaction((em) => this.settle(em, { ...free, value: 0 }, new Date()));
    if (!settled) throw new DomainError('ERR_INVOICE_ALREADY_PAID');
    await this.renewed(settled);
    return {
      renewed: true,
      invoiceId: settled.invoiceId,
      company: { id: settled.companyId, dueDate: settled.dueDate.toISOString(), planId: settled.planId },
    };
  }

  /**
   * Marks an open invoice paid (for the plan, at the value paid) and moves its company's due date by the
   * recurrence and its plan to the one paid for. Null when the invoice was no longer open: the
   * conditional update lets only one settlement win.
   */
  private async settle(em: EntityManager, payment: Payment, now: Date): Promise<Settlement | null> {
    const { invoiceId, companyId, planId, value } = payment;
    const plan = await em.findOneBy(PlanEntity, { id: planId });
    const won = await em.update(
      InvoiceEntity,
      { id: invoiceId, status: 'open' },
      { status: 'paid', paidAt: now, value, planId, ...(plan ? { detail: plan.name } : {}) },
    );
    if (!won.affected) return null;
    const company = await em.findOneByOrFail(CompanyEntity, { id: companyId });
    const dueDate = renewedDueDate(company.dueDate, company.recurrence, now);
    const newPlanId = plan ? plan.id : company.planId;
    await em.update(CompanyEntity, { id: company.id }, { dueDate, planId: newPlanId });
    return { companyId, dueDate, planId: newPlanId, invoiceId, moved: newPlanId !== company.planId };
  }

  /** Tells the company's screens of the renewal; a move to another plan applies its features at once. */
  private async renewed(settled: Settlement): Promise<void> {
    this.logger.log(`invoice ${settled.invoiceId} paid: company ${settled.companyId} renewed`);
    this.realtime.toCompany(settled.companyId, 'payment', {
      action: 'CONCLUIDA',
      company: { id: settled.companyId, dueDate: settled.dueDate.toISOString(), planId: settled.planId },
      invoiceId: settled.invoiceId,
    });
    if (settled.moved) await this.plans.companyMoved(settled.companyId, settled.planId);
  }
}
