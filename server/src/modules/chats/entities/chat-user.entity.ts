import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';
import { UserEntity } from '../../users/entities/user.entity.js';

/** A member of a chat, with the messages of the others they have not opened the chat since. */
@Entity('chat_users')
@Index('UQ_chat_users_chat_user', ['chatId', 'userId'], { unique: true })
@Index('IDX_chat_users_user_chat', ['userId', 'chatId'])
export class ChatUserEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() chatId: number;
  @Column() userId: number;
  @Column({ type: 'int', default: 0 }) unreads: number;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
