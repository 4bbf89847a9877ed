import * as yup from 'yup';
import { tooLong, tooShort, V } from '../common/validation.js';

export const scheduleSchema = yup.object({
  body: yup.string().trim().required(V.required).min(5, tooShort).max(65_536, tooLong),
  contactId: yup.number().typeError(V.required).integer(V.integer).positive(V.required).required(V.required),
  sendAt: yup.date().typeError(V.date).required(V.required),
});

export const SCHEDULE_ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
