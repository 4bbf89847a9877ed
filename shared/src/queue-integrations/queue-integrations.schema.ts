import * as yup from 'yup';
import { INT_MAX, tooLong, tooShort, V } from '../common/validation.js';
import { INTEGRATION_LANGUAGES, INTEGRATION_TYPES } from './queue-integrations.types.js';

export const queueIntegrationSchema = yup.object({
  type: yup.mixed<(typeof INTEGRATION_TYPES)[number]>().oneOf(INTEGRATION_TYPES, V.oneOf).required(V.required),
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  projectName: yup.string().default(''),
  jsonContent: yup.string().default(''),
  language: yup.mixed<(typeof INTEGRATION_LANGUAGES)[number]>().oneOf(INTEGRATION_LANGUAGES, V.oneOf).default('pt-BR'),
  urlN8N: yup.string().default(''),
  typebotSlug: yup.string().default(''),
  typebotExpires: yup.number().integer(V.integer).min(0, V.min).max(INT_MAX, V.max).default(1),
  typebotDelayMessage: yup.number().integer(V.integer).min(0, V.min).max(INT_MAX, V.max).default(1000),
  typebotKeywordFinish: yup.string().default(''),
  typebotKeywordRestart: yup.string().default(''),
  typebotRestartMessage: yup.string().default(''),
  typebotUnknownMessage: yup.string().default(''),
});
