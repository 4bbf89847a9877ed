import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns.js';
import { UserEntity } from '../../users/entities/user.entity.js';

@Entity('chat_messages')
@Index('IDX_chat_messages_chat_id', ['chatId', 'id'])
export class ChatMessageEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() chatId: number;
  /** Null once the sender's account is deleted: the conversation keeps what they wrote. */
  @Column({ type: 'int', nullable: true }) senderId: number | null;
  @Column({ type: 'text' }) message: string;
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'senderId' })
  sender?: UserEntity | null;
  @CreatedAt() createdAt: Date;
}
