import * as yup from 'yup';
import { requiredIdSchema, tooLong, tooShort, V } from '../common/validation.js';
import { LANGUAGES, type Language } from '../common/common.types.js';
import { RECURRENCES } from '../companies/companies.types.js';
import { PASSWORD_RESET_CODE_MAX_INPUT } from './auth.types.js';

export const loginSchema = yup.object({
  email: yup.string().trim().lowercase().required(V.required).email(V.email).max(120, tooLong),
  password: yup.string().required(V.required).max(100, tooLong),
  /** The language the app is showing; kept as the user's when they have none yet (their e-mails are written in it). */
  language: yup.mixed<Language>().oneOf(LANGUAGES, V.oneOf).optional(),
});

/** Brazilian mobile or landline: 10 or 11 digits once the (99) 99999-9999 mask is stripped. */
export const PHONE_MASK = '(00) 00000-0000';
const phoneDigits = /^\d{10,11}$/;

export const signupSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  email: yup.string().trim().lowercase().required(V.required).email(V.email).max(120, tooLong),
  phone: yup
    .string()
    .transform((value: string | undefined) => (value ? value.replace(/\D/g, '') : value))
    .matches(phoneDigits, { message: V.phone, excludeEmptyString: true })
    .optional(),
  password: yup.string().required(V.required).min(5, tooShort).max(50, tooLong),
  planId: requiredIdSchema,
  // The old client sends these; the server decides them itself and ignores what comes.
  recurrence: yup
    .mixed()
    .oneOf([...RECURRENCES, undefined], V.oneOf)
    .optional(),
});

/** 8+ characters with a digit, a lowercase and an uppercase letter. */
export const strongPasswordSchema = yup
  .string()
  .required(V.required)
  .min(8, tooShort)
  .max(50, tooLong)
  .matches(/\d/, V.passwordStrength)
  .matches(/[a-z]/, V.passwordStrength)
  .matches(/[A-Z]/, V.passwordStrength);

export const forgotPasswordSchema = yup.object({
  email: yup.string().trim().lowercase().required(V.required).email(V.email).max(120, tooLong),
});

export const resetPasswordSchema = yup.object({
  code: yup.string().trim().required(V.required).max(PASSWORD_RESET_CODE_MAX_INPUT, tooLong),
  password: strongPasswordSchema,
  confirmPassword: yup
    .string()
    .required(V.required)
    .oneOf([yup.ref('password')], V.passwordsMatch),
});

/** The confirm step's path, `/resetpasswords/{email}/{token}/{newPassword}`, as the server checks it. */
export const resetPasswordParamsSchema = yup.object({
  email: yup.string().trim().lowercase().required(V.required).email(V.email).max(120, tooLong),
  token: yup.string().trim().required(V.required).max(PASSWORD_RESET_CODE_MAX_INPUT, tooLong),
  newPassword: strongPasswordSchema,
});

export type LoginInput = yup.InferType<typeof loginSchema>;
export type SignupInput = yup.InferType<typeof signupSchema>;
export type ResetPasswordParams = yup.InferType<typeof resetPasswordParamsSchema>;
