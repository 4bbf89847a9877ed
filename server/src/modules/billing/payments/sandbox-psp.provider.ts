import { randomBytes, randomUUID } from 'node:crypto';
import { buildBrCode, newTxid } from './br-code.js';
import type { IssuedCharge, PaymentProvider, PixChargeRequest } from './payment-provider.js';

const CHARGE_TTL_MS = 24 * 3_600_000;

export interface SandboxPspOptions {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * The local stand-in for a Brazilian PSP, for development, demos and tests: it issues real BR
 * Codes (to the configured Pix key, so a banking app reads them) but no money moves. A charge is
 * "paid" through the payment sandbox route or `npm run sandbox -- pay`, which posts the same
 * webhook Asaas would (see SandboxPspController).
 */
export class SandboxPspProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly needsTaxId = false;

  constructor(private readonly options: SandboxPspOptions) {}

  async createPixCharge(request: PixChargeRequest): Promise<IssuedCharge> {
    const txid = newTxid(request.invoiceId, randomBytes);
    return {
      providerChargeId: `sbx_pay_${randomUUID().replace(/-/g, '')}`,
      txid,
      brCode: buildBrCode({ ...this.options, key: this.options.pixKey, amount: request.amount, txid }),
      expiresAt: new Date(Date.now() + CHARGE_TTL_MS),
    };
  }
}
