import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';
import type { ChatUserEntity } from './chat-user.entity.js';

/** An internal conversation between users of one company. */
@Entity('chats')
@Index('IDX_chats_company_updated', ['companyId', 'updatedAt'])
export class ChatEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 36, unique: true }) uuid: string;
  @Column() companyId: number;
  @Column({ length: 100 }) title: string;
  /** Null once the owner's account is deleted: the chat stays with its members. */
  @Column({ type: 'int', nullable: true }) ownerId: number | null;
  @Column({ length: 255, default: '' }) lastMessage: string;
  @CreatedAt() createdAt: Date;
  /** The chat's last activity (a message, an edit): the chat list's order. */
  @UpdatedAt() updatedAt: Date;
  /** The members, loaded apart (with only their users' names). */
  users?: ChatUserEntity[];
}
