import type { Id, IsoDate } from '../common/common.types.js';

export interface ChatMember {
  userId: Id;
  unreads: number;
  user: { id: Id; name: string };
}

export interface Chat {
  id: Id;
  uuid: string;
  title: string;
  ownerId: Id;
  lastMessage: string;
  updatedAt: IsoDate;
  users: ChatMember[];
}

export interface ChatMessage {
  id: Id;
  chatId: Id;
  senderId: Id;
  sender: { id: Id; name: string };
  message: string;
  createdAt: IsoDate;
}
