import * as yup from 'yup';
import { tooLong, V } from '../common/validation.js';

export const quickMessageSchema = yup.object({
  shortcode: yup.string().trim().required(V.required).max(50, tooLong),
  message: yup.string().max(5000, tooLong).default(''),
  geral: yup.boolean().default(false),
});
