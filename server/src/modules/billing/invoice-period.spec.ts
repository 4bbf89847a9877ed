import { invoicePeriod, isDueForInvoice, renewedDueDate } from './invoice-period.js';

const DAY = 86_400_000;
const now = new Date(Date.UTC(2027, 0, 15, 12));
const company = (dueInDays: number | null, extra: Partial<{ status: boolean; isPlatform: boolean }> = {}) => ({
  dueDate: dueInDays === null ? null : new Date(now.getTime() + dueInDays * DAY),
  status: true,
  isPlatform: false,
  ...extra,
});

describe('invoice periods', () => {
  it('issues the invoice from `daysAhead` days before the due date, and for overdue companies', () => {
    expect(isDueForInvoice(company(11), now, 10)).toBe(false);
    expect(isDueForInvoice(company(10), now, 10)).toBe(true);
    expect(isDueForInvoice(company(3), now, 10)).toBe(true);
    expect(isDueForInvoice(company(-40), now, 10)).toBe(true);
    expect(isDueForInvoice(company(0), now, 0)).toBe(true);
    expect(isDueForInvoice(company(1), now, 0)).toBe(false);
  });

  it('never bills the platform, a disabled company or one without a due date', () => {
    expect(isDueForInvoice(company(2, { isPlatform: true }), now, 10)).toBe(false);
    expect(isDueForInvoice(company(2, { status: false }), now, 10)).toBe(false);
    expect(isDueForInvoice(company(null), now, 10)).toBe(false);
  });

  it('spans one recurrence from the due date, clamped to the end of shorter months', () => {
    const jan31 = new Date(Date.UTC(2027, 0, 31, 23, 59, 59, 999));
    expect(invoicePeriod(jan31, 'MENSAL').periodEnd.toISOString()).toBe('2027-02-28T23:59:59.999Z');
    expect(invoicePeriod(jan31, 'BIMESTRAL').periodEnd.toISOString()).toBe('2027-03-31T23:59:59.999Z');
    expect(invoicePeriod(jan31, 'TRIMESTRAL').periodEnd.toISOString()).toBe('2027-04-30T23:59:59.999Z');
    expect(invoicePeriod(jan31, 'SEMESTRAL').periodEnd.toISOString()).toBe('2027-07-31T23:59:59.999Z');
    expect(invoicePeriod(jan31, 'ANUAL').periodEnd.toISOString()).toBe('2028-01-31T23:59:59.999Z');
    // Leap years: 29 Feb + 12 months lands on 28 Feb.
    expect(invoicePeriod(new Date(Date.UTC(2028, 1, 29)), 'ANUAL').periodEnd.toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    const period = invoicePeriod(jan31, 'MENSAL');
    expect(period.dueDate).not.toBe(jan31);
    expect(period.dueDate.getTime()).toBe(jan31.getTime());
  });

  it('renews from the current due date, or from the payment when there is none', () => {
    const due = new Date(Date.UTC(2027, 2, 10, 8));
    expect(renewedDueDate(due, 'MENSAL', now).toISOString()).toBe('2027-04-10T08:00:00.000Z');
    expect(renewedDueDate(due, 'ANUAL', now).toISOString()).toBe('2028-03-10T08:00:00.000Z');
    expect(renewedDueDate(null, 'TRIMESTRAL', now).toISOString()).toBe('2027-04-15T12:00:00.000Z');
  });
});
