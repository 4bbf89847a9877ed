import { ValidationError } from 'yup';
import { companyCreateSchema, companySchedulesSchema, companySchema } from './companies.schema.js';
import { addRecurrence, dueDateTone, parseDueDate } from './companies.types.js';

const at = (iso: string) => new Date(iso);

describe('due date parsing', () => {
  it('reads a calendar date as the end of that day in UTC', () => {
    expect(parseDueDate('2027-03-10')?.toISOString()).toBe('2027-03-10T23:59:59.999Z');
    expect(parseDueDate(' 2028-02-29 ')?.toISOString()).toBe('2028-02-29T23:59:59.999Z');
  });

  it('keeps an ISO instant as it is', () => {
    expect(parseDueDate('2027-03-10T12:30:00.000Z')?.toISOString()).toBe('2027-03-10T12:30:00.000Z');
    expect(parseDueDate('2027-03-10T12:30:00-03:00')?.toISOString()).toBe('2027-03-10T15:30:00.000Z');
    expect(parseDueDate(new Date('2027-03-10T12:30:00Z'))?.toISOString()).toBe('2027-03-10T12:30:00.000Z');
  });

  it('answers null for empty, malformed and impossible dates', () => {
    for (const value of [
      '',
      '   ',
      null,
      undefined,
      'tomorrow',
      '10/03/2027',
      '2027-02-29',
      '2027-13-01',
      '2027-04-31',
      '2027-03-10T25:00:00Z',
      '2027',
      '0999-01-01',
      1_800_000_000_000,
      {},
      new Date(Number.NaN),
    ]) {
      expect({ value, parsed: parseDueDate(value) }).toEqual({ value, parsed: null });
    }
  });

  it('is what the company form stores', async () => {
    const base = { name: 'Acme', email: 'a@b.co', planId: 1 };
    expect((await companySchema.validate({ ...base, dueDate: '2027-02-30' })).dueDate).toBeNull();
    expect((await companySchema.validate({ ...base })).dueDate).toBeNull();
    expect((await companySchema.validate({ ...base, dueDate: '2027-02-28' })).dueDate?.toISOString()).toBe(
      '2027-02-28T23:59:59.999Z',
    );
  });
});

describe('due date row colours', () => {
  const now = at('2027-06-10T15:00:00Z');
  const inDays = (days: number) => new Date(Date.UTC(2027, 5, 10 + days, 20, 0));

  it('leaves rows with more than 5 days left, or no due date, untinted', () => {
    expect(dueDateTone(inDays(6), now)).toBeNull();
    expect(dueDateTone(inDays(400), now)).toBeNull();
    expect(dueDateTone(null, now)).toBeNull();
    expect(dueDateTone('not a date', now)).toBeNull();
  });

  it('is yellow at 5 days, orange from 4 days left to 3 days past, red from 4 days past on', () => {
    expect(dueDateTone(inDays(5), now)).toBe('yellow');
    for (const days of [4, 1, 0, -1, -3])
      expect({ days, tone: dueDateTone(inDays(days), now) }).toEqual({ days, tone: 'orange' });
    for (const days of [-4, -5, -90])
      expect({ days, tone: dueDateTone(inDays(days), now) }).toEqual({ days, tone: 'red' });
  });

  it('counts calendar days, not 24-hour spans', () => {
    // 5 days ahead on the calendar even though under 5 × 24 h remain.
    expect(dueDateTone('2027-06-15T00:30:00Z', now)).toBe('yellow');
    expect(dueDateTone(inDays(5).toISOString(), now)).toBe('yellow');
  });

  it('follows the Expire action: one recurrence later is untinted again', () => {
    const due = inDays(-2);
    expect(dueDateTone(due, now)).toBe('orange');
    expect(dueDateTone(addRecurrence(due, 'MENSAL'), now)).toBeNull();
  });
});

describe('company forms', () => {
  it('reads an empty recurrence as monthly and refuses an unknown one', async () => {
    const base = { name: 'Acme', email: 'a@b.co', planId: 1 };
    expect((await companySchema.validate({ ...base, recurrence: '' })).recurrence).toBe('MENSAL');
    expect((await companySchema.validate({ ...base, recurrence: 'ANUAL' })).recurrence).toBe('ANUAL');
    await expect(companySchema.validate({ ...base, recurrence: 'WEEKLY' })).rejects.toBeInstanceOf(ValidationError);
  });

  it("takes the first admin's password only to create, and makes do without one (the admin is invited)", async () => {
    const base = { name: 'Acme', email: 'a@b.co', planId: 1 };
    await expect(companySchema.validate(base)).resolves.toBeTruthy();
    expect((await companyCreateSchema.validate(base)).password).toBeUndefined();
    expect((await companyCreateSchema.validate({ ...base, password: '' })).password).toBeUndefined();
    await expect(companyCreateSchema.validate({ ...base, password: 'abc' })).rejects.toBeInstanceOf(ValidationError);
    await expect(companyCreateSchema.validate({ ...base, password: 'abc12' })).resolves.toBeTruthy();
    // The invitation's language: one of the app's, or none (the request's then).
    expect((await companyCreateSchema.validate({ ...base, language: 'es' })).language).toBe('es');
    expect((await companyCreateSchema.validate({ ...base, language: '' })).language).toBeUndefined();
    await expect(companyCreateSchema.validate({ ...base, language: 'fr' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('takes at most one schedule per weekday', async () => {
    const day = { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' };
    await expect(companySchedulesSchema.validate({ schedules: [day] })).resolves.toBeTruthy();
    await expect(companySchedulesSchema.validate({ schedules: [day, day] })).rejects.toBeInstanceOf(ValidationError);
    await expect(companySchedulesSchema.validate({ schedules: [{ ...day, startTime: '8h' }] })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});
