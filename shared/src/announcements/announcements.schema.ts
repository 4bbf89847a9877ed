import * as yup from 'yup';
import { tooLong, V } from '../common/validation.js';
import { ANNOUNCEMENT_PRIORITIES, type AnnouncementPriority } from './announcements.types.js';

export const announcementSchema = yup.object({
  title: yup.string().trim().required(V.required).max(200, tooLong),
  text: yup.string().trim().required(V.required).max(10_000, tooLong),
  priority: yup
    .number<AnnouncementPriority>()
    .typeError(V.oneOf)
    .oneOf([...ANNOUNCEMENT_PRIORITIES], V.oneOf)
    .default(3),
  status: yup.boolean().typeError(V.oneOf).default(true),
});

export type AnnouncementInput = yup.InferType<typeof announcementSchema>;

export const ANNOUNCEMENT_ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

/** The file picker's filter and the first check of a chosen file; the server checks the bytes. */
export function isAnnouncementAttachmentName(name: string): boolean {
  const lower = name.toLowerCase();
  return ANNOUNCEMENT_ATTACHMENT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
