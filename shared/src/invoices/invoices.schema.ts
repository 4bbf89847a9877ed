import * as yup from 'yup';
import { V } from '../common/validation.js';

/** Checkout step 1 (data): the fields the step requires before going on. */
export const checkoutDataSchema = yup.object({
  firstName: yup.string().trim().required(V.required),
  lastName: yup.string().trim().default(''),
  address2: yup.string().trim().required(V.required),
  city: yup.string().trim().required(V.required),
  state: yup.string().trim().default(''),
  zipcode: yup.string().trim().required(V.required),
  country: yup.string().trim().required(V.required),
  useAddressForPaymentDetails: yup.boolean().default(false),
});

export const checkoutPlanSchema = yup.object({
  plan: yup.string().required(V.required),
  price: yup.number().typeError(V.number).min(0, V.min).required(V.required),
  users: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).required(V.required),
  connections: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).required(V.required),
  invoiceId: yup.number().integer(V.integer).positive(V.required).required(V.required),
});
