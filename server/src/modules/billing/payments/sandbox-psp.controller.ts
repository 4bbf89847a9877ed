import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import { can } from '@atendo/shared';
import { Repository } from 'typeorm';
import * as yup from 'yup';
import type { AuthUser } from '../../../common/auth-user.js';
import { CurrentUser } from '../../../common/decorators.js';
import { DomainError } from '../../../common/domain-error.js';
import { ownUrl } from '../../../common/own-url.js';
import { IdPipe, YupPipe } from '../../../common/validation.pipe.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { InvoiceEntity } from '../entities/invoice.entity.js';
import { PaymentChargeEntity } from '../entities/payment-charge.entity.js';
import { PAID_EVENTS, WEBHOOK_TOKEN_HEADER } from './asaas-webhook.js';

const payBodySchema = yup.object({
  event: yup.string().oneOf(PAID_EVENTS, 'validation.oneOf').default('PAYMENT_RECEIVED'),
  /** Deliver the same notification this many times, as a PSP retrying would. */
  times: yup.number().typeError('validation.number').integer('validation.integer').min(1).max(5).default(1),
});

/**
 * The stand-in PSP's "payer" (registered only while PAYMENT_PROVIDER is sandbox): pays an invoice's
 * latest pending charge by posting Asaas's PAYMENT_RECEIVED notification to our own webhook over
 * HTTP, with the access token header, exactly as Asaas would. Admins pay their company's invoices;
 * the super-admin any company's.
 */
// A stand-in, off where others reach the server: not part of the API reference.
@ApiExcludeController()
@Controller('payment-sandbox')
export class SandboxPspController {
  constructor(
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    @InjectRepository(PaymentChargeEntity) private readonly charges: Repository<PaymentChargeEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  @Post('invoices/:invoiceId/pay')
  async pay(
    @CurrentUser() auth: AuthUser,
    @Param('invoiceId', new IdPipe('ERR_NO_INVOICE_FOUND')) invoiceId: number,
    @Body(new YupPipe(payBodySchema)) body: yup.InferType<typeof payBodySchema>,
  ) {
    if (!auth.super && !can(auth, 'invoices:manage')) throw new DomainError('ERR_NO_PERMISSION');
    const invoice = await this.invoices.findOneBy(
      auth.super ? { id: invoiceId } : { id: invoiceId, companyId: auth.companyId },
    );
    if (!invoice) throw new DomainError('ERR_NO_INVOICE_FOUND');
    const charge = await this.charges.findOne({
      where: { invoiceId, provider: 'sandbox', status: 'pending' },
      order: { id: 'DESC' },
    });
    if (!charge) throw new DomainError('ERR_NOT_FOUND');

    const now = new Date();
    const notification = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      event: body.event,
      dateCreated: now.toISOString().replace('T', ' ').slice(0, 19),
      payment: {
        object: 'payment',
        id: charge.providerChargeId,
        customer: `cus_sandbox_${charge.companyId}`,
        value: charge.value,
        netValue: charge.value,
        billingType: 'PIX',
        status: body.event === 'PAYMENT_RECEIVED' ? 'RECEIVED' : 'CONFIRMED',
        dueDate: charge.expiresAt.toISOString().slice(0, 10),
        paymentDate: now.toISOString().slice(0, 10),
        externalReference: `invoice-${invoiceId}`,
      },
    };
    const url = `${ownUrl(this.adapterHost.httpAdapter.getHttpServer().address())}/subscription/webhook`;
    const deliveries: { status: number; body: unknown }[] = [];
    for (let i = 0; i < body.times; i++) {
      // This process's own webhook, found from its listening socket: no user chose the address.
      // eslint-disable-next-line no-restricted-globals
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_TOKEN_HEADER]: this.config.payments.webhookToken },
        body: JSON.stringify(notification),
      });
      deliveries.push({ status: response.status, body: await response.json().catch(() => null) });
    }
    return { invoiceId, chargeId: charge.providerChargeId, eventId: notification.id, deliveries };
  }
}
