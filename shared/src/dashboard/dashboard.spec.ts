import { ValidationError } from 'yup';
import { dashboardChartQuerySchema, dashboardQuerySchema, isTimeZone, parseDay } from '../index.js';

async function failures(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const found: Record<string, string> = {};
    const errors = error.inner.length ? error.inner : [error];
    for (const e of errors)
      found[e.path ?? ''] ??= typeof e.message === 'object' ? (e.message as { key: string }).key : e.message;
    return found;
  }
}

describe('dashboard filter', () => {
  it('needs a period or dates: "select a filter" otherwise', async () => {
    expect(await failures(dashboardQuerySchema, {})).toEqual({ days: 'validation.selectFilter' });
    expect(await failures(dashboardQuerySchema, { days: '', date_from: '', date_to: '' })).toEqual({
      days: 'validation.selectFilter',
    });
    expect(await failures(dashboardQuerySchema, { days: '7' })).toEqual({});
    expect(await failures(dashboardQuerySchema, { date_from: '2026-11-01', date_to: '2026-11-21' })).toEqual({});
    // Either bound alone is a filter too.
    expect(await failures(dashboardQuerySchema, { date_from: '2026-11-01' })).toEqual({});
  });

  it('refuses a period and dates together, dates out of order and spans over a year', async () => {
    expect(await failures(dashboardQuerySchema, { days: 7, date_from: '2026-11-01' })).toEqual({
      days: 'validation.oneFilter',
    });
    expect(await failures(dashboardQuerySchema, { date_from: '2026-11-21', date_to: '2026-11-20' })).toEqual({
      date_to: 'validation.dateOrder',
    });
    expect(await failures(dashboardQuerySchema, { date_from: '2025-01-01', date_to: '2026-01-02' })).toEqual({
      date_to: 'validation.rangeTooLong',
    });
    expect(await failures(dashboardQuerySchema, { date_from: '2025-01-01', date_to: '2025-12-31' })).toEqual({});
  });

  it('checks each value', async () => {
    expect(await failures(dashboardQuerySchema, { days: 'x' })).toEqual({ days: 'validation.integer' });
    expect(await failures(dashboardQuerySchema, { days: '0' })).toEqual({ days: 'validation.min' });
    expect(await failures(dashboardQuerySchema, { days: '2.5' })).toEqual({ days: 'validation.integer' });
    expect(await failures(dashboardQuerySchema, { date_from: '2026-02-30' })).toEqual({ date_from: 'validation.date' });
    expect(await failures(dashboardQuerySchema, { date_to: '21/11/2026' })).toEqual({ date_to: 'validation.date' });
    expect(await failures(dashboardQuerySchema, { days: 7, timezone: 'Mars/Olympus' })).toEqual({
      timezone: 'validation.oneOf',
    });
    expect(await failures(dashboardQuerySchema, { days: 7, timezone: 'America/Sao_Paulo' })).toEqual({});
  });
});

describe('dashboard chart dates', () => {
  it('needs both days, in order, and ignores the companyId the old clients send', async () => {
    expect(await failures(dashboardChartQuerySchema, {})).toEqual({
      initialDate: 'validation.required',
      finalDate: 'validation.required',
    });
    expect(await failures(dashboardChartQuerySchema, { initialDate: '2026-11-02', finalDate: '2026-11-01' })).toEqual({
      finalDate: 'validation.dateOrder',
    });
    const ok = await dashboardChartQuerySchema.validate(
      { initialDate: '2026-11-01', finalDate: '2026-11-01', companyId: '99' },
      { stripUnknown: true },
    );
    expect(ok).toEqual({ initialDate: '2026-11-01', finalDate: '2026-11-01' });
  });
});

describe('day and zone parsing', () => {
  it('reads calendar days strictly', () => {
    expect(parseDay('2024-02-29')?.getDate()).toBe(29);
    expect(parseDay('2023-02-29')).toBeNull();
    expect(parseDay('2024-2-9')).toBeNull();
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('nowhere')).toBe(false);
  });
});
