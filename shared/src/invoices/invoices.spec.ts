import { checkoutDataSchema, checkoutSchema, isValidTaxId } from './invoices.schema.js';
import { invoiceDisplayStatus } from './invoices.types.js';

const data = {
  firstName: 'Maria',
  taxId: '529.982.247-25',
  address2: 'Av. Paulista, 1000',
  city: 'São Paulo',
  zipcode: '01310-100',
  country: 'Brasil',
};

async function errorsOf(
  schema: typeof checkoutDataSchema | typeof checkoutSchema,
  value: object,
  context: { taxIdRequired?: boolean } = {},
) {
  try {
    await schema.validate(value, { abortEarly: false, context });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; message: string }[] }).inner.map((e) => `${e.path}:${e.message}`).sort();
  }
}

describe('checkout', () => {
  it('requires first name, address, city, ZIP code and country on the data step (spec §5)', async () => {
    expect(await errorsOf(checkoutDataSchema, {})).toEqual([
      'address2:validation.required',
      'city:validation.required',
      'country:validation.required',
      'firstName:validation.required',
      'zipcode:validation.required',
    ]);
    expect(await errorsOf(checkoutDataSchema, data)).toEqual([]);
  });

  it('asks for a CPF or CNPJ only where the payment provider needs one, and checks any given by its digits', async () => {
    expect(isValidTaxId('529.982.247-25')).toBe(true);
    expect(isValidTaxId('11.222.333/0001-81')).toBe(true);
    expect(isValidTaxId('111.111.111-11')).toBe(false);
    expect(isValidTaxId('52998224726')).toBe(false);
    expect(isValidTaxId('1234')).toBe(false);
    expect(await errorsOf(checkoutDataSchema, { ...data, taxId: '' }, { taxIdRequired: true })).toEqual([
      'taxId:validation.required',
    ]);
    expect(await errorsOf(checkoutDataSchema, { ...data, taxId: '' })).toEqual([]);
    expect(await errorsOf(checkoutDataSchema, { ...data, taxId: '123.456.789-00' })).toEqual([
      'taxId:validation.taxId',
    ]);
    expect(await errorsOf(checkoutDataSchema, { ...data, taxId: '', country: 'United States' })).toEqual([]);
    expect(await errorsOf(checkoutDataSchema, { ...data, country: 'Narnia' })).toEqual(['country:validation.oneOf']);
  });

  it('needs the plan and the invoice to charge', async () => {
    expect(await errorsOf(checkoutSchema, data)).toEqual([
      'invoiceId:validation.required',
      'planId:validation.required',
    ]);
    expect(await errorsOf(checkoutSchema, { ...data, planId: 2, invoiceId: 9 })).toEqual([]);
  });
});

describe('invoice display status (spec §4)', () => {
  const now = new Date('2027-06-10T15:00:00Z');
  it('is paid when paid, expired once the due date is before today, open otherwise', () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2020-01-01T00:00:00Z' }, now)).toBe('paid');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-06-09T23:59:59Z' }, now)).toBe('expired');
    // Due earlier today is not yet overdue: the whole day counts.
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-06-10T00:00:00Z' }, now)).toBe('open');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-07-10T00:00:00Z' }, now)).toBe('open');
  });
});
