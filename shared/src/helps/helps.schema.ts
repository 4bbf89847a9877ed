import * as yup from 'yup';
import { tooLong, V } from '../common/validation.js';
import { helpVideoCode, isHelpVideoCode } from './helps.types.js';

export const helpSchema = yup.object({
  title: yup.string().trim().required(V.required).max(200, tooLong),
  description: yup.string().trim().max(5000, tooLong).default(''),
  // A pasted YouTube link is kept as its code, which is what the player and the old clients use.
  video: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? helpVideoCode(value) : value))
    .required(V.required)
    .test('video-code', V.videoCode, (value) => !value || isHelpVideoCode(value)),
});

export type HelpInput = yup.InferType<typeof helpSchema>;
