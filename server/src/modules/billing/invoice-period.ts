import { addRecurrence, type Recurrence } from '@atendo/shared';

const DAY_MS = 86_400_000;

export interface BillableCompany {
  dueDate: Date | null;
  status: boolean;
  isPlatform: boolean;
}

/**
 * Whether a company's current period should have its invoice by now: it has a due date (the
 * platform and companies without one are never billed), it is enabled, and the due date is at most
 * `daysAhead` days away (or already past: an expired company still owes its period).
 */
export function isDueForInvoice(company: BillableCompany, now: Date, daysAhead: number): boolean {
  if (!company.dueDate || company.isPlatform || !company.status) return false;
  return company.dueDate.getTime() - now.getTime() <= daysAhead * DAY_MS;
}

/** The period an invoice bills: from the company's due date to that date moved by its recurrence. */
export function invoicePeriod(dueDate: Date, recurrence: Recurrence): { dueDate: Date; periodEnd: Date } {
  return { dueDate: new Date(dueDate.getTime()), periodEnd: addRecurrence(dueDate, recurrence) };
}

/**
 * The due date after a payment: the current one moved by one recurrence, like the super-admin's
 * Expire action. A company without a due date starts counting from the payment.
 */
export function renewedDueDate(current: Date | null, recurrence: Recurrence, paidAt: Date): Date {
  return addRecurrence(current ?? paidAt, recurrence);
}
