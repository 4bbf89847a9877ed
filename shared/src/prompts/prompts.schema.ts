import * as yup from 'yup';
import { INT_MAX, tooLong, tooShort, V } from '../common/validation.js';
import { PROMPT_MODELS, PROMPT_VOICES } from './prompts.types.js';

const requiredNumber = yup.number().typeError(V.number).required(V.required);

export const promptSchema = yup.object({
  name: yup.string().trim().required(V.required).min(5, tooShort).max(100, tooLong),
  // A MySQL TEXT holds 65,535 bytes: 16,000 characters of up to 4 bytes each.
  prompt: yup.string().trim().required(V.required).min(50, tooShort).max(16_000, tooLong),
  model: yup.mixed<(typeof PROMPT_MODELS)[number]>().oneOf(PROMPT_MODELS, V.oneOf).required(V.required),
  maxTokens: requiredNumber.integer(V.integer).min(1, V.min).max(INT_MAX, V.max),
  temperature: requiredNumber.min(0, V.min).max(1, V.max),
  apiKey: yup.string().trim().required(V.required).max(500, tooLong),
  queueId: requiredNumber.integer(V.integer).positive(V.queueRequired).max(INT_MAX, V.max),
  maxMessages: requiredNumber.integer(V.integer).min(1, V.min).max(INT_MAX, V.max),
  voice: yup.mixed<(typeof PROMPT_VOICES)[number]>().oneOf(PROMPT_VOICES, V.oneOf).default('texto'),
  // A spoken answer needs Azure Speech's key and region; the region names the host the server calls.
  voiceKey: yup
    .string()
    .trim()
    .max(200, tooLong)
    .default('')
    .when('voice', { is: (voice: string) => voice !== 'texto', then: (s) => s.required(V.required) }),
  voiceRegion: yup
    .string()
    .trim()
    .lowercase()
    .max(40, tooLong)
    .matches(/^[a-z0-9]*$/, { message: V.invalid })
    .default('')
    .when('voice', { is: (voice: string) => voice !== 'texto', then: (s) => s.required(V.required) }),
});
