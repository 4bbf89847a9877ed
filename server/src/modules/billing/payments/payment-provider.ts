/** Who pays: the checkout's data step. */
export interface Payer {
  name: string;
  email: string | null;
  /** CPF or CNPJ digits; empty outside Brazil. */
  taxId: string;
  postalCode: string;
  address: string;
  city: string;
  state: string;
}

export interface PixChargeRequest {
  companyId: number;
  invoiceId: number;
  /** In reais. */
  amount: number;
  description: string;
  /** The day the charge falls due (never before today). */
  dueDate: Date;
  payer: Payer;
}

export interface IssuedCharge {
  providerChargeId: string;
  txid: string;
  /** The Pix "copia e cola" payload. */
  brCode: string;
  expiresAt: Date;
}

/**
 * A payment service provider that issues Pix charges and later notifies our webhook when one is
 * paid. Both providers speak Asaas's webhook protocol, so one webhook handler serves them.
 */
export interface PaymentProvider {
  readonly name: 'asaas' | 'sandbox';
  /** Whether a charge needs the payer's CPF/CNPJ. */
  readonly needsTaxId: boolean;
  createPixCharge(request: PixChargeRequest): Promise<IssuedCharge>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** The provider refused a call or could not be reached; the message is for the log, not the user. */
export class PaymentProviderError extends Error {}
