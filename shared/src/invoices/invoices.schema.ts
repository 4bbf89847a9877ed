import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import * as yup from 'yup';
import { INT_MAX, MONEY_MAX, optionalId, requiredIdSchema, tooLong, V } from '../common/validation.js';
import { CHECKOUT_COUNTRIES, INVOICE_STATUSES, type InvoiceStatus } from './invoices.types.js';

/**
 * A Brazilian payer's CPF (11 digits) or CNPJ (14), with or without its punctuation. A Pix charge
 * names its payer, and Brazilian payment providers refuse a charge without a valid one.
 */
export function isValidTaxId(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 ? isValidCpf(digits) : digits.length === 14 ? isValidCnpj(digits) : false;
}

/**
 * The existing clients name the chosen plan only inside `plan`, a JSON text of the plan they show
 * (`{"title":…,"planId":3,…}`); a missing planId is taken from there.
 */
function withPlanIdFromPlan(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const { planId, plan } = body as { planId?: unknown; plan?: unknown };
  if ((planId !== undefined && planId !== null && planId !== '') || typeof plan !== 'string') return body;
  try {
    const parsed = JSON.parse(plan) as { planId?: unknown } | null;
    return typeof parsed?.planId === 'number' ? { ...body, planId: parsed.planId } : body;
  } catch {
    return body;
  }
}

/** Checkout step 1 (data): the fields the step requires before going on (spec §5). */
export const checkoutDataSchema = yup.object({
  firstName: yup.string().trim().required(V.required).max(100, tooLong),
  lastName: yup.string().trim().max(100, tooLong).default(''),
  // The CPF/CNPJ is required only where the payment provider needs it (the server says so in the
  // subscription state's `taxIdRequired`, which the form passes as context); the existing clients
  // have no such field at all.
  taxId: yup
    .string()
    .trim()
    .default('')
    .test('taxId', V.taxId, (value) => !value || isValidTaxId(value))
    .when('$taxIdRequired', { is: true, then: (schema) => schema.required(V.required) }),
  address2: yup.string().trim().required(V.required).max(200, tooLong),
  city: yup.string().trim().required(V.required).max(100, tooLong),
  state: yup.string().trim().max(50, tooLong).default(''),
  zipcode: yup.string().trim().required(V.required).max(20, tooLong),
  country: yup.string().trim().required(V.required).oneOf(CHECKOUT_COUNTRIES, V.oneOf),
  useAddressForPaymentDetails: yup.boolean().default(false),
});

/**
 * Checkout step 2 (plan): the plan chosen for the invoice. The amount charged is always the plan's
 * value on the server; `plan`, `price`, `users` and `connections` are what the existing clients send
 * alongside and are only echoed.
 */
export const checkoutPlanSchema = yup
  .object({
    planId: requiredIdSchema,
    plan: yup.string().max(2000, tooLong).default(''),
    price: yup.number().typeError(V.number).min(0, V.min).max(MONEY_MAX, V.max).default(0),
    users: yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(INT_MAX, V.max).default(0),
    connections: yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(INT_MAX, V.max).default(0),
    invoiceId: requiredIdSchema,
  })
  .transform(withPlanIdFromPlan);

/**
 * What `POST /subscription` needs of the payer: only what the payment provider does (a Pix charge
 * names a payer, by name and, where the provider says so, CPF/CNPJ; the name falls back to the
 * company's). The family's checkout can skip its address step and send those fields empty, so they
 * are taken when given and never required here; our form's data step still asks for them.
 */
export const checkoutPayerSchema = yup.object({
  firstName: yup.string().trim().max(100, tooLong).default(''),
  lastName: yup.string().trim().max(100, tooLong).default(''),
  taxId: yup
    .string()
    .trim()
    .default('')
    .test('taxId', V.taxId, (value) => !value || isValidTaxId(value)),
  address2: yup.string().trim().max(200, tooLong).default(''),
  city: yup.string().trim().max(100, tooLong).default(''),
  state: yup.string().trim().max(50, tooLong).default(''),
  zipcode: yup.string().trim().max(20, tooLong).default(''),
  country: yup
    .string()
    .trim()
    .default('')
    .test('country', V.oneOf, (value) => !value || (CHECKOUT_COUNTRIES as readonly string[]).includes(value)),
  useAddressForPaymentDetails: yup.boolean().default(false),
});

/** POST /subscription: the payer and the plan. */
export const checkoutSchema = checkoutPayerSchema.concat(checkoutPlanSchema);

export type CheckoutData = yup.InferType<typeof checkoutDataSchema>;
export type CheckoutInput = yup.InferType<typeof checkoutSchema>;

/**
 * GET /invoices/overview: a page of every company's invoices, narrowed to one display status
 * (open, expired: open and due before today, paid) and to one company; empty means all.
 */
export const invoicesOverviewQuerySchema = yup.object({
  pageNumber: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(100_000, V.max).default(1),
  status: yup
    .mixed<InvoiceStatus>()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .oneOf(INVOICE_STATUSES, V.oneOf)
    .optional(),
  companyId: optionalId().default(null),
});

export type InvoicesOverviewQuery = yup.InferType<typeof invoicesOverviewQuerySchema>;
