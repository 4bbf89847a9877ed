import type { Id, IsoDate } from '../common/common.types.js';

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

export interface Announcement {
  id: Id;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: IsoDate;
}
