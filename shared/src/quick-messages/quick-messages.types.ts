import type { Id } from '../common/common.types.js';

export interface QuickMessage {
  id: Id;
  companyId: Id;
  userId: Id | null;
  shortcode: string;
  message: string;
  /** Shared with the whole company when true, else private to its author. */
  geral: boolean;
  status: string;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
}

/** The composer suggests quick answers once the input starts with "/" and has more than one character. */
export const QUICK_ANSWER_TRIGGER = '/';
export const QUICK_ANSWER_LABEL_MAX = 35;
