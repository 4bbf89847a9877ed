import type { MediaType } from '@atendo/shared';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';
import { ContactEntity } from './contact.entity.js';

@Entity('messages')
@Index('UQ_messages_whatsapp_provider', ['whatsappId', 'providerId'], { unique: true })
@Index('IDX_messages_ticket_created', ['ticketId', 'createdAt', 'id'])
@Index('IDX_messages_contact_created', ['contactId', 'createdAt', 'id'])
export class MessageEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() ticketId: number;
  @Column({ type: 'int', nullable: true }) contactId: number | null;
  @ManyToOne(() => ContactEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'contactId' })
  contact?: ContactEntity | null;
  @Column({ type: 'int', nullable: true }) whatsappId: number | null;
  @Column({ type: 'varchar', length: 128, nullable: true }) providerId: string | null;
  @Column({ type: 'text' }) body: string;
  @Column({ default: false }) fromMe: boolean;
  @Column({ type: 'varchar', length: 20, default: 'chat' }) mediaType: MediaType;
  @Column({ type: 'varchar', length: 500, nullable: true }) mediaUrl: string | null;
  @Column({ type: 'int', nullable: true }) quotedMsgId: number | null;
  @ManyToOne(() => MessageEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'quotedMsgId' })
  quotedMsg?: MessageEntity | null;
  @Column({ default: false }) isDeleted: boolean;
  @Column({ default: false }) isEdited: boolean;
  @Column({ type: 'int', default: 0 }) ack: number;
  @Column({ default: false }) read: boolean;
  @Column({ type: 'varchar', length: 100, nullable: true }) participantName: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
