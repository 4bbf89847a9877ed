import * as yup from 'yup';
import { tooLong, tooShort, V } from '../common/validation.js';

export const fileListSchema = yup.object({
  name: yup.string().trim().required(V.required).min(3, tooShort).max(100, tooLong),
  message: yup.string().trim().required(V.required).max(5000, tooLong),
});
