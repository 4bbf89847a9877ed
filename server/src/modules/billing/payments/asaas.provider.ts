import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils';
import type { IssuedCharge, PaymentProvider, PixChargeRequest } from './payment-provider.js';
import { PaymentProviderError } from './payment-provider.js';

const TIMEOUT_MS = 15_000;

export interface AsaasOptions {
  apiKey: string;
  /** API v3 root: https://api.asaas.com/v3, https://api-sandbox.asaas.com/v3, or a stand-in. */
  baseUrl: string;
  userAgent: string;
  fetch?: typeof fetch;
}

interface AsaasCustomer {
  id: string;
}
interface AsaasPayment {
  id: string;
  status: string;
}
interface AsaasPixQrCode {
  payload: string;
  expirationDate: string;
}

/** yyyy-MM-dd of an instant in Brasília time, the calendar Asaas's due dates live in. */
function brasiliaDay(date: Date): string {
  return new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Asaas (API v3): the payer is found by CPF/CNPJ or created as a customer, a payment with
 * billingType PIX is created for the invoice, and its pixQrCode gives the "copia e cola" payload.
 * Asaas later posts PAYMENT_RECEIVED to our webhook with the configured access token.
 */
export class AsaasProvider implements PaymentProvider {
  readonly name = 'asaas' as const;
  readonly needsTaxId = true;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: AsaasOptions) {
    // The operator's configured ASAAS_BASE_URL, never a user's input: it may be a stand-in on a private network.
    // eslint-disable-next-line no-restricted-globals
    this.fetch = options.fetch ?? fetch;
  }

  async createPixCharge(request: PixChargeRequest): Promise<IssuedCharge> {
    const customer = await this.customerFor(request);
    const payment = await this.call<AsaasPayment>('POST', '/payments', {
      customer: customer.id,
      billingType: 'PIX',
      value: request.amount,
      dueDate: brasiliaDay(request.dueDate),
      description: request.description,
      externalReference: `invoice-${request.invoiceId}`,
    });
    const qr = await this.call<AsaasPixQrCode>('GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`);
    if (!qr.payload) throw new PaymentProviderError(`Asaas gave no Pix payload for payment ${payment.id}`);
    return {
      providerChargeId: payment.id,
      txid: getPixPayloadInfo(qr.payload)?.txid ?? payment.id,
      brCode: qr.payload,
      // "2026-01-31 23:59:59", in Brasília time.
      expiresAt: qr.expirationDate
        ? new Date(`${qr.expirationDate.replace(' ', 'T')}-03:00`)
        : new Date(Date.now() + 86_400_000),
    };
  }

  /** The same payer (CPF/CNPJ) is one Asaas customer however many invoices they pay. */
  private async customerFor(request: PixChargeRequest): Promise<AsaasCustomer> {
    const { payer } = request;
    const taxId = payer.taxId.replace(/\D/g, '');
    const found = await this.call<{ data: AsaasCustomer[] }>('GET', `/customers?cpfCnpj=${taxId}&limit=1`);
    if (found.data?.length) return found.data[0];
    return this.call<AsaasCustomer>('POST', '/customers', {
      name: payer.name,
      cpfCnpj: taxId,
      email: payer.email ?? undefined,
      postalCode: payer.postalCode.replace(/\D/g, '') || undefined,
      address: payer.address || undefined,
      province: payer.city || undefined,
      externalReference: `company-${request.companyId}`,
      // Our own pages show the charge; Asaas's e-mails and SMS would duplicate it.
      notificationDisabled: true,
    });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          access_token: this.options.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': this.options.userAgent,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Asaas ${method} ${path} unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: reported below with the status
    }
    if (!response.ok) {
      const errors = (json as { errors?: { code?: string; description?: string }[] } | null)?.errors ?? [];
      const detail =
        errors.map((e) => `${e.code ?? ''} ${e.description ?? ''}`.trim()).join('; ') || text.slice(0, 200);
      throw new PaymentProviderError(`Asaas ${method} ${path} answered ${response.status}: ${detail}`);
    }
    return json as T;
  }
}
