import * as yup from 'yup';
import { INT_MAX, optionalId, tooLong, tooShort, V } from '../common/validation.js';
import { ALL_TICKET_VALUES, PROFILES } from './users.types.js';

export const userNameSchema = yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong);
export const passwordSchema = yup.string().min(5, tooShort).max(50, tooLong);
/** A password that may be left empty: empty means none given (keep the old one, or make one up). */
export const optionalPasswordSchema = yup
  .string()
  .transform((value: string | undefined) => (value === '' ? undefined : value))
  .min(5, tooShort)
  .max(50, tooLong)
  .optional();
export const emailSchema = yup.string().trim().lowercase().required(V.required).email(V.email).max(120, tooLong);

const queueIds = yup
  .array(yup.number().integer(V.integer).positive(V.integer).max(INT_MAX, V.max).required())
  .default([]);

/** Creating a user: the password is required here, optional on update (empty keeps the old one). */
export const userCreateSchema = yup.object({
  name: userNameSchema,
  email: emailSchema,
  password: passwordSchema.required(V.required),
  profile: yup.mixed<(typeof PROFILES)[number]>().oneOf(PROFILES, V.oneOf).default('user'),
  allTicket: yup.mixed<(typeof ALL_TICKET_VALUES)[number]>().oneOf(ALL_TICKET_VALUES, V.oneOf).default('desabled'),
  whatsappId: optionalId().default(null),
  queueIds,
});

export const userUpdateSchema = yup.object({
  name: userNameSchema,
  email: emailSchema,
  password: optionalPasswordSchema,
  profile: yup.mixed<(typeof PROFILES)[number]>().oneOf(PROFILES, V.oneOf).optional(),
  allTicket: yup.mixed<(typeof ALL_TICKET_VALUES)[number]>().oneOf(ALL_TICKET_VALUES, V.oneOf).optional(),
  whatsappId: optionalId().optional(),
  queueIds: queueIds.optional().default(undefined),
});

export type UserCreateInput = yup.InferType<typeof userCreateSchema>;
export type UserUpdateInput = yup.InferType<typeof userUpdateSchema>;
