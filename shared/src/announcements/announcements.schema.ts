import * as yup from 'yup';
import { tooLong, V } from '../common/validation.js';
import { ANNOUNCEMENT_PRIORITIES } from './announcements.types.js';

export const announcementSchema = yup.object({
  title: yup.string().trim().required(V.required).max(200, tooLong),
  text: yup.string().trim().required(V.required).max(10_000, tooLong),
  priority: yup
    .number()
    .oneOf([...ANNOUNCEMENT_PRIORITIES], V.oneOf)
    .default(3),
  status: yup.boolean().default(true),
});

export const ANNOUNCEMENT_ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
