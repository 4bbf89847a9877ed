import * as yup from 'yup';
import { INT_MAX, tooLong, tooShort, V } from '../common/validation.js';
import { LONGER_INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from './campaigns.types.js';

const message = yup.string().max(65_536, tooLong).default('');
const optionalId = yup.number().integer(V.integer).positive(V.integer).max(INT_MAX, V.max).nullable().default(null);

export const campaignSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  message1: message,
  message2: message,
  message3: message,
  message4: message,
  message5: message,
  scheduledAt: yup.date().typeError(V.date).nullable().default(null),
  whatsappId: optionalId,
  contactListId: optionalId,
  tagListId: optionalId,
  fileListId: optionalId,
});

export const campaignSettingsSchema = yup.object({
  messageInterval: yup
    .number()
    .oneOf([...MESSAGE_INTERVAL_OPTIONS], V.oneOf)
    .default(20),
  longerIntervalAfter: yup
    .number()
    .oneOf([...LONGER_INTERVAL_OPTIONS], V.oneOf)
    .default(20),
  greaterInterval: yup
    .number()
    .oneOf([...LONGER_INTERVAL_OPTIONS], V.oneOf)
    .default(60),
  variables: yup
    .array(yup.object({ key: yup.string().trim().required(V.required), value: yup.string().default('') }))
    .test('unique-keys', V.oneOf, (vars) => !vars || new Set(vars.map((v) => v.key)).size === vars.length)
    .default([]),
});
