import type { Id, IsoDate } from '../common/common.types.js';

export interface ChatMember {
  userId: Id;
  /** Messages of the others this member has not opened the chat since. */
  unreads: number;
  user: { id: Id; name: string };
}

/** An internal conversation between users of one company (document 2 §3). */
export interface Chat {
  id: Id;
  /** What the route /chats/{uuid} names. */
  uuid: string;
  title: string;
  /**
   * The member who may rename it, change its members and delete it; null once that user was
   * deleted, and then any member may (the first to edit it becomes its owner).
   */
  ownerId: Id | null;
  lastMessage: string;
  updatedAt: IsoDate;
  users: ChatMember[];
}

export interface ChatMessage {
  id: Id;
  chatId: Id;
  /** Null (with `sender`) once the sender's account was deleted: the message stays. */
  senderId: Id | null;
  sender: { id: Id; name: string } | null;
  message: string;
  createdAt: IsoDate;
}

/** GET /chats: the caller's chats, latest activity first, 20 a page. */
export interface ChatsPage {
  records: Chat[];
  hasMore: boolean;
}

/** GET /chats/{id}/messages: newest first, 20 a page (page 2 holds the 20 before those). */
export interface ChatMessagesPage {
  records: ChatMessage[];
  hasMore: boolean;
}
