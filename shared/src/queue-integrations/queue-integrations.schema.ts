import * as yup from 'yup';
import { INT_MAX, optionalId, tooLong, tooShort, V } from '../common/validation.js';
import { INTEGRATION_LANGUAGES, INTEGRATION_TYPES, URL_INTEGRATION_TYPES } from './queue-integrations.types.js';

/**
 * A Google Cloud project id as Dialogflow's address takes it: letters, digits and hyphens (and the
 * dots and colon of a domain-scoped one). Anything else never names a project, and the client
 * library failed on it before asking (a non-ASCII name answered 502 as if Google were unreachable).
 */
const GOOGLE_PROJECT_ID = /^[a-z0-9][a-z0-9.:_-]*$/i;

export const queueIntegrationSchema = yup.object({
  type: yup.mixed<(typeof INTEGRATION_TYPES)[number]>().oneOf(INTEGRATION_TYPES, V.oneOf).required(V.required),
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  projectName: yup
    .string()
    .trim()
    .max(100, tooLong)
    .default('')
    .when('type', {
      is: 'dialogflow',
      then: (s) => s.required(V.required).matches(GOOGLE_PROJECT_ID, { message: V.invalid, excludeEmptyString: true }),
    }),
  jsonContent: yup
    .string()
    // Sealed (base64 of up to 4 bytes a character), it still fits a MySQL TEXT.
    .max(10_000, tooLong)
    .default('')
    .when('type', { is: 'dialogflow', then: (s) => s.required(V.required) }),
  language: yup
    .mixed<(typeof INTEGRATION_LANGUAGES)[number]>()
    .oneOf(INTEGRATION_LANGUAGES, V.oneOf)
    .default('pt-BR')
    .when('type', {
      is: (type: string) => type !== 'dialogflow',
      // Only Dialogflow speaks a language; the family's form sends "" (or null) for the others,
      // which means none: the default is kept, and never used.
      then: (s) => s.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
    }),
  urlN8N: yup
    .string()
    .trim()
    .max(500, tooLong)
    .default('')
    .when('type', {
      is: (type: string) => URL_INTEGRATION_TYPES.includes(type as never),
      then: (s) =>
        s.required(V.required).matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: V.url, excludeEmptyString: true }),
    }),
  typebotSlug: yup
    .string()
    .trim()
    .max(200, tooLong)
    .matches(/^[\w-]*$/, { message: V.invalid })
    .default('')
    .when('type', { is: 'typebot', then: (s) => s.required(V.required) }),
  typebotExpires: yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(INT_MAX, V.max).default(1),
  typebotDelayMessage: yup
    .number()
    .typeError(V.number)
    .integer(V.integer)
    .min(0, V.min)
    .max(10_000, V.max)
    .default(1000),
  typebotKeywordFinish: yup.string().trim().max(100, tooLong).default(''),
  typebotKeywordRestart: yup.string().trim().max(100, tooLong).default(''),
  typebotRestartMessage: yup.string().max(1000, tooLong).default(''),
  typebotUnknownMessage: yup.string().max(1000, tooLong).default(''),
  /** The flow a flowbuilder integration starts for its queue's or connection's new conversations. */
  flowId: optionalId()
    .default(null)
    .when('type', { is: 'flowbuilder', then: (s) => s.required(V.required) }),
});

/** `POST /queueIntegration/testSession`: Dialogflow credentials tried before they are saved. */
export const integrationTestSchema = yup.object({
  /** With the masked jsonContent of a saved integration: test its stored credentials. */
  id: yup.number().typeError(V.number).integer(V.integer).positive(V.min).max(INT_MAX, V.max).optional(),
  projectName: yup
    .string()
    .trim()
    .required(V.required)
    .max(100, tooLong)
    .matches(GOOGLE_PROJECT_ID, { message: V.invalid, excludeEmptyString: true }),
  jsonContent: yup.string().required(V.required).max(10_000, tooLong),
  language: yup.mixed<(typeof INTEGRATION_LANGUAGES)[number]>().oneOf(INTEGRATION_LANGUAGES, V.oneOf).default('pt-BR'),
});
