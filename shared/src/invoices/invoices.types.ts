import type { Id, IsoDate } from '../common/common.types.js';
import type { Recurrence } from '../companies/companies.types.js';

export const INVOICE_STATUSES = ['paid', 'open', 'expired'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * One billing period of a company: from `dueDate` (the company's due date when the invoice was
 * issued) to `periodEnd`. Paying it moves the company's due date by its recurrence. `status` is the
 * display status (see invoiceDisplayStatus); the server stores only open or paid.
 */
export interface Invoice {
  id: Id;
  companyId: Id;
  planId: Id | null;
  detail: string;
  value: number;
  recurrence: Recurrence;
  dueDate: IsoDate;
  periodEnd: IsoDate;
  status: InvoiceStatus;
  paidAt: IsoDate | null;
  createdAt: IsoDate;
}

/** Paid if paid; expired once the due date is before today; open otherwise. */
export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, now = new Date()): InvoiceStatus {
  if (invoice.status === 'paid') return 'paid';
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(invoice.dueDate).getTime() < today ? 'expired' : 'open';
}

/** GET /invoices/all answers pages of this many invoices (a plain list, as the existing clients read it). */
export const INVOICES_PAGE_SIZE = 20;

/** GET /invoices/overview (the super-admin's): an invoice of any company, with the company's name. */
export interface InvoiceOverviewRow extends Invoice {
  companyName: string;
}

/** GET /invoices/overview: 20 a page, latest period first, with the count of every match. */
export interface InvoicesOverviewPage {
  invoices: InvoiceOverviewRow[];
  count: number;
  hasMore: boolean;
}

/**
 * The answer of POST /subscription. `qrcode.qrcode` (the Pix "copia e cola" BR Code) and
 * `valor.original` (the amount, two decimals) are what the existing clients read.
 */
export interface PixCharge {
  qrcode: { qrcode: string };
  valor: { original: string };
  invoiceId: Id;
  chargeId: string;
  txid: string;
  expiresAt: IsoDate;
  /** The payment provider that issued the charge: `asaas`, or `sandbox` for the local stand-in. */
  provider: string;
}

/** GET /subscription: the company's licence and what it owes, for the subscription page. */
export interface SubscriptionState {
  company: { id: Id; name: string; email: string | null; dueDate: IsoDate | null; recurrence: Recurrence };
  plan: { id: Id; name: string; value: number; users: number; connections: number; queues: number } | null;
  /** No invoice of the company has been paid yet: it is still on its sign-up trial. */
  onTrial: boolean;
  /** Whole days until the due date (negative once past); null without a due date. */
  daysLeft: number | null;
  /** The oldest invoice still to pay, if any. */
  openInvoice: Invoice | null;
  /** The payment provider in use, or null when payments are not configured on this server. */
  provider: string | null;
  /** The provider needs the payer's CPF/CNPJ (checkout's `taxId`). */
  taxIdRequired: boolean;
}

/**
 * POST /subscription for a free plan: nothing to charge, so the invoice is settled at once and the
 * licence renewed, as a payment would (the company also hears `company-{id}-payment` CONCLUIDA).
 */
export interface FreeRenewal {
  renewed: true;
  invoiceId: Id;
  company: { id: Id; dueDate: IsoDate; planId: Id };
}

export type CheckoutResult = PixCharge | FreeRenewal;

export const CHECKOUT_COUNTRIES = ['Brasil', 'United States'] as const;
export const CHECKOUT_FALLBACK = { price: 49, users: 3 } as const;
/** Spec §4: after the payment is confirmed the checkout shows the renewed licence, then goes home. */
export const CHECKOUT_SUCCESS_REDIRECT_MS = 4000;
