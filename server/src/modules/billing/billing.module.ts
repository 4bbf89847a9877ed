import { Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { InvoiceIssuingJob } from './invoice-issuing.job.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';
import { AsaasProvider } from './payments/asaas.provider.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payments/payment-provider.js';
import { SandboxPspController } from './payments/sandbox-psp.controller.js';
import { SandboxPspProvider } from './payments/sandbox-psp.provider.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionService } from './subscription.service.js';

function paymentProvider(config: AppConfig): PaymentProvider | null {
  const { payments } = config;
  if (payments.provider === 'asaas') {
    return new AsaasProvider({
      apiKey: payments.asaasApiKey!,
      baseUrl: payments.asaasBaseUrl,
      userAgent: `Atendo/${config.version}`,
    });
  }
  if (payments.provider === 'sandbox') {
    return new SandboxPspProvider({
      pixKey: payments.pixKey,
      merchantName: payments.merchantName,
      merchantCity: payments.merchantCity,
    });
  }
  return null;
}

/**
 * Invoices (issued by a job ahead of each due date), the Pix checkout through the configured
 * payment provider, and the provider's webhook that settles invoices and renews licences.
 */
@Module({})
export class BillingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: BillingModule,
      controllers: [
        InvoicesController,
        SubscriptionController,
        // The stand-in's "pay" route exists only while the stand-in is the provider.
        ...(config.payments.provider === 'sandbox' ? [SandboxPspController] : []),
      ],
      providers: [
        InvoicesService,
        SubscriptionService,
        InvoiceIssuingJob,
        { provide: PAYMENT_PROVIDER, inject: [APP_CONFIG], useFactory: paymentProvider },
      ],
      exports: [InvoicesService],
    };
  }
}
