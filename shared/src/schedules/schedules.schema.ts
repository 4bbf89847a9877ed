import * as yup from 'yup';
import { requiredIdSchema, tooLong, tooShort, V } from '../common/validation.js';

export const scheduleSchema = yup.object({
  body: yup.string().trim().required(V.required).min(5, tooShort).max(65_536, tooLong),
  contactId: requiredIdSchema,
  sendAt: yup.date().typeError(V.date).required(V.required),
});

export const SCHEDULE_ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
