import type { Id, IsoDate, Paged } from '../common/common.types.js';

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

export interface Announcement {
  id: Id;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** Where the attachment is served (`/public/announcements/<name>`), or null without one. */
  mediaPath: string | null;
  /** The attachment's name as uploaded, for display. */
  mediaName: string | null;
  createdAt: IsoDate;
  updatedAt: IsoDate;
}

/** `GET /announcements`: newest first, 20 a page; users other than the super-admin see active ones only. */
export interface AnnouncementsPage extends Paged {
  records: Announcement[];
  count: number;
}

/** Attachments are images shown in the popover: png or jpeg, up to 2 MiB (spec 2 §5, uploads). */
export const ANNOUNCEMENT_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 2 * 1024 * 1024;
