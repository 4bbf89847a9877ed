import * as yup from 'yup';
import { INT_MAX, tooLong, tooShort, V } from '../common/validation.js';
import { PROMPT_MODELS } from './prompts.types.js';

const requiredNumber = yup.number().typeError(V.number).required(V.required);

export const promptSchema = yup.object({
  name: yup.string().trim().required(V.required).min(5, tooShort).max(100, tooLong),
  prompt: yup.string().trim().required(V.required).min(50, tooShort),
  model: yup.mixed<(typeof PROMPT_MODELS)[number]>().oneOf(PROMPT_MODELS, V.oneOf).required(V.required),
  maxTokens: requiredNumber.integer(V.integer).min(1, V.min).max(INT_MAX, V.max),
  temperature: requiredNumber.min(0, V.min).max(1, V.max),
  apiKey: yup.string().trim().required(V.required),
  queueId: requiredNumber.integer(V.integer).positive(V.queueRequired).max(INT_MAX, V.max),
  maxMessages: requiredNumber.integer(V.integer).min(1, V.min).max(INT_MAX, V.max),
  voice: yup.string().default('texto'),
  voiceKey: yup.string().default(''),
  voiceRegion: yup.string().default(''),
});
