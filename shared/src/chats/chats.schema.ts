import * as yup from 'yup';
import { INT_MAX, tooLong, V } from '../common/validation.js';

export const chatSchema = yup.object({
  title: yup.string().trim().required(V.required).max(100, tooLong),
  users: yup
    .array(
      yup.object({ id: yup.number().integer(V.integer).positive(V.integer).max(INT_MAX, V.max).required(V.required) }),
    )
    .min(1, V.atLeastOne)
    .required(V.atLeastOne),
});

export const chatMessageSchema = yup.object({
  message: yup.string().trim().required(V.required).max(10_000, tooLong),
});
