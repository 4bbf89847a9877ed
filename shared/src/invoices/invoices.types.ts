import type { Id, IsoDate } from '../common/common.types.js';

export const INVOICE_STATUSES = ['paid', 'open', 'expired'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface Invoice {
  id: Id;
  companyId: Id;
  detail: string;
  value: number;
  dueDate: IsoDate;
  status: InvoiceStatus;
}

/** Paid if paid; expired once the due date is before today; open otherwise. */
export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, now = new Date()): InvoiceStatus {
  if (invoice.status === 'paid') return 'paid';
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(invoice.dueDate).getTime() < today ? 'expired' : 'open';
}

export interface PixCharge {
  qrcode: { qrcode: string };
  valor: { original: string };
}

export const CHECKOUT_COUNTRIES = ['Brasil', 'United States'] as const;
export const CHECKOUT_FALLBACK = { price: 49, users: 3 } as const;
