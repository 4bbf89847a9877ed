import * as yup from 'yup';
import { INT_MAX, optionalId, requiredIdSchema, tooLong, tooShort, V } from '../common/validation.js';
import { normalizePhoneNumber } from './phone.js';

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
export type ContactListInput = yup.InferType<typeof contactListSchema>;

export const contactListItemSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  // Optional: an item without a number stays on the list (it cannot be messaged). A number given
  // must be one the phone rules read, as it is stored normalised and checked on WhatsApp.
  number: yup
    .string()
    .trim()
    .default('')
    .test(
      'min',
      () => tooShort({ min: 8 }),
      (value) => !value || value.length >= 8,
    )
    .max(50, tooLong)
    .test('phone', V.phone, (value) => !value || value.length < 8 || normalizePhoneNumber(value) !== null),
  email,
  contactListId: requiredIdSchema,
});
export type ContactListItemInput = yup.InferType<typeof contactListItemSchema>;

/** The most contacts one POST /contact-lists/{id}/contacts names (a tag brings any number, up to the list's import bound). */
export const CONTACT_LIST_ADD_MAX_IDS = 1_000;

/**
 * POST /contact-lists/{id}/contacts: the company's contacts to copy into the list, named one by one
 * (`contactIds`) and/or as every contact with a ticket carrying a tag (`tagId`); at least one.
 */
export const contactListAddContactsSchema = yup
  .object({
    contactIds: yup
      .array(yup.number().typeError(V.integer).integer(V.integer).positive(V.integer).max(INT_MAX, V.max).required())
      // null, as '' or a missing field, names none.
      .transform((value: unknown, original: unknown) => (original === null || original === '' ? [] : value))
      .typeError(V.invalid)
      .max(CONTACT_LIST_ADD_MAX_IDS, tooLong)
      .default([]),
    tagId: optionalId().default(null),
  })
  .test('some', (value, context) =>
    value.contactIds?.length || value.tagId ? true : context.createError({ path: 'contactIds', message: V.required }),
  );
export type ContactListAddContactsInput = yup.InferType<typeof contactListAddContactsSchema>;

/** Contact import accepts .xlsx; contact-list import also .xls. */
export const CONTACT_IMPORT_EXTENSIONS = ['.xlsx'] as const;
export const CONTACT_LIST_IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;
