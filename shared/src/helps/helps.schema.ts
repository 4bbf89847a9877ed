import * as yup from 'yup';
import { tooLong, V } from '../common/validation.js';

export const helpSchema = yup.object({
  title: yup.string().trim().required(V.required).max(200, tooLong),
  description: yup.string().max(5000, tooLong).default(''),
  video: yup.string().trim().max(200, tooLong).default(''),
});
