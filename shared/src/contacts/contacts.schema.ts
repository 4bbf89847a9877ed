import * as yup from 'yup';
import { INT_MAX, tooLong, tooShort, V } from '../common/validation.js';

const email = yup.string().trim().email(V.email).max(120, tooLong).default('');

export const contactSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  number: yup.string().trim().required(V.required).min(8, tooShort).max(50, tooLong),
  email,
  // Stored as JSON in one TEXT column (64 KiB): these bounds keep even control characters, which
  // JSON writes six bytes each, within it.
  extraInfo: yup
    .array(
      yup.object({
        name: yup.string().trim().required(V.required).max(100, tooLong),
        value: yup.string().max(400, tooLong).default(''),
      }),
    )
    .max(20, V.max)
    .default([]),
});

export const contactListSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
});

export const contactListItemSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  number: yup.string().trim().min(8, tooShort).max(50, tooLong).optional(),
  email,
  contactListId: yup.number().integer(V.integer).positive(V.required).max(INT_MAX, V.max).required(V.required),
});

/** Contact import accepts .xlsx; contact-list import also .xls. */
export const CONTACT_IMPORT_EXTENSIONS = ['.xlsx'] as const;
export const CONTACT_LIST_IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;
