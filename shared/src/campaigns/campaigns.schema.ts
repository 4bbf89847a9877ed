import * as yup from 'yup';
import { fitsTextColumn, INT_MAX, optionalId as id, tooLong, tooShort, V } from '../common/validation.js';
import { LONGER_INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from './campaigns.types.js';

/** The family's campaign form sends the tabs left empty as `null`: no message there. */
const message = yup
  .string()
  .transform((value: unknown, original: unknown) => (original === null ? undefined : value))
  .max(65_536, tooLong)
  .test(fitsTextColumn)
  .default('');
const optionalId = id().default(null);
/** The existing clients' tag select says 'Nenhuma' (none) by default. */
const optionalTagId = optionalId.transform((value: unknown, original: unknown) =>
  original === 'Nenhuma' ? null : value,
);

/**
 * A campaign. A draft (no `scheduledAt`) needs only its name; one given a time to start needs a
 * connection, an audience (a contact list or a tag) and a first message, and with confirmation on,
 * a first confirmation message.
 */
export const campaignSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  message1: message.when('scheduledAt', {
    is: (at: unknown) => !!at,
    then: (s) => s.trim().required(V.required),
  }),
  message2: message,
  message3: message,
  message4: message,
  message5: message,
  confirmation: yup.boolean().typeError(V.invalid).default(false),
  confirmationMessage1: message.when(['scheduledAt', 'confirmation'], {
    is: (at: unknown, confirmation: unknown) => !!at && confirmation === true,
    then: (s) => s.trim().required(V.required),
  }),
  confirmationMessage2: message,
  confirmationMessage3: message,
  confirmationMessage4: message,
  confirmationMessage5: message,
  // The existing clients send '' for "no time" (a draft).
  scheduledAt: yup
    .date()
    .transform((value: unknown, original: unknown) => (original === '' ? null : value))
    .typeError(V.date)
    // What a DATETIME column holds on every engine: no year before 2000 nor after 9999.
    .min(new Date('2000-01-01T00:00:00Z'), V.date)
    .max(new Date('9999-12-31T00:00:00Z'), V.date)
    .nullable()
    .default(null),
  whatsappId: optionalId.when('scheduledAt', {
    is: (at: unknown) => !!at,
    then: (s) => s.required(V.required),
  }),
  contactListId: optionalId.when(['scheduledAt', 'tagListId'], {
    is: (at: unknown, tag: unknown) => !!at && !tag,
    then: (s) => s.required(V.required),
  }),
  tagListId: optionalTagId,
  fileListId: optionalId,
});

export const campaignSettingsSchema = yup.object({
  messageInterval: yup
    .number()
    .typeError(V.number)
    .oneOf([...MESSAGE_INTERVAL_OPTIONS], V.oneOf)
    .default(20),
  longerIntervalAfter: yup
    .number()
    .typeError(V.number)
    .oneOf([...LONGER_INTERVAL_OPTIONS], V.oneOf)
    .default(20),
  greaterInterval: yup
    .number()
    .typeError(V.number)
    .oneOf([...LONGER_INTERVAL_OPTIONS], V.oneOf)
    .default(60),
  dailyLimit: yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(INT_MAX, V.max).default(0),
  variables: yup
    .array(
      yup.object({
        key: yup
          .string()
          .trim()
          .required(V.required)
          .max(50, tooLong)
          .matches(/^[^{}\s]+$/, V.invalid),
        value: yup.string().max(1_000, tooLong).default(''),
      }),
    )
    .max(100, V.tooMany)
    .test('unique-keys', V.taken, (vars) => !vars || new Set(vars.map((v) => v.key)).size === vars.length)
    .default([]),
});
