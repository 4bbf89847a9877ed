import type { Id } from '../common/common.types.js';

export interface QuickMessage {
  id: Id;
  companyId: Id;
  /** Its author: the one who may change it, with the company's admins. */
  userId: Id | null;
  shortcode: string;
  message: string;
  /** Shared with the whole company when true, else private to its author. */
  geral: boolean;
  status: string;
  isMedia: boolean;
  /** Where the attachment is served (`/public/company{id}/<name>`), or null without one. */
  mediaPath: string | null;
  /** The attachment's name as uploaded, for display and as the name it is sent with. */
  mediaName: string | null;
}

/** `GET /quick-messages`: the company's shared ones and the caller's own, by shortcode, 20 a page. */
export interface QuickMessagesPage {
  records: QuickMessage[];
  count: number;
  hasMore: boolean;
}

/** The composer suggests quick answers once the input starts with "/" and has more than one character. */
export const QUICK_ANSWER_TRIGGER = '/';
export const QUICK_ANSWER_LABEL_MAX = 35;
