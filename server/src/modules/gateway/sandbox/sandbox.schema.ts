import { tooLong, V } from '@atendo/shared';
import * as yup from 'yup';

/** Phone numbers travel as digits only; "+55 (11) 98765-4321" is accepted and cleaned. */
const phone = yup
  .string()
  .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value))
  .matches(/^\d{8,20}$/, V.phone);

const httpUrl = yup
  .string()
  .trim()
  .max(2000, tooLong)
  .test('http-url', V.oneOf, (value) => {
    if (value === undefined) return true;
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  });

export const sandboxScanSchema = yup.object({ number: phone.optional() });

export const sandboxMessageSchema = yup
  .object({
    from: phone.required(V.required),
    name: yup.string().trim().max(100, tooLong).optional(),
    /** The provider message id; the same id twice is the same message delivered twice. */
    id: yup
      .string()
      .trim()
      .matches(/^[A-Za-z0-9_.:-]{1,100}$/, V.oneOf)
      .optional(),
    body: yup.string().max(65_535, tooLong).optional(),
    media: yup
      .object({
        url: httpUrl.optional(),
        base64: yup
          .string()
          .matches(/^[A-Za-z0-9+/=\s]+$/, V.fileType)
          .optional(),
        mimetype: yup
          .string()
          .trim()
          .matches(/^[\w.+-]+\/[\w.+-]+$/, V.fileType)
          .required(V.required),
        filename: yup.string().trim().max(255, tooLong).default('file'),
      })
      .default(undefined)
      .optional()
      .test('one-source', V.required, (media) => !media || !!media.url !== !!media.base64),
    location: yup
      .object({
        lat: yup.number().typeError(V.number).min(-90, V.min).max(90, V.max).required(V.required),
        lng: yup.number().typeError(V.number).min(-180, V.min).max(180, V.max).required(V.required),
        description: yup.string().trim().max(500, tooLong).optional(),
      })
      .default(undefined)
      .optional(),
    quotedId: yup.string().trim().max(100, tooLong).optional(),
  })
  // A message carries something: text, a file or a place.
  .test('content', V.required, function (value) {
    if (value.body?.trim() || value.media || value.location) return true;
    return this.createError({ path: 'body', message: V.required });
  });

export type SandboxMessageInput = yup.InferType<typeof sandboxMessageSchema>;

/** The phone's address book: its people, at most 5,000 (the 1 MiB JSON limit bounds it anyway). */
export const sandboxAddressBookSchema = yup.object({
  contacts: yup
    .array(
      yup.object({
        number: phone.required(V.required),
        name: yup.string().trim().max(100, tooLong).default(''),
      }),
    )
    .max(5_000, V.max)
    .required(V.required),
});

export const sandboxNumberSchema = yup.object({
  onWhatsApp: yup.boolean().typeError(V.oneOf).required(V.required),
});

export const sandboxRateLimitSchema = yup.object({
  seconds: yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(86_400, V.max).required(V.required),
});
