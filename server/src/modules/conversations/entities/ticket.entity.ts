import type { TicketStatus } from '@atendo/shared';
import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';
import { QueueEntity } from '../../queues/entities/queue.entity.js';
import { UserEntity } from '../../users/entities/user.entity.js';
import { WhatsappEntity } from '../../whatsapp/entities/whatsapp.entity.js';
import { ContactEntity } from './contact.entity.js';
import { TagEntity } from './tag.entity.js';

/** The key that keeps one live (open or pending) ticket per company, contact and connection. */
export function openKeyOf(t: { companyId: number; contactId: number; whatsappId: number | null }): string {
  return `${t.companyId}:${t.contactId}:${t.whatsappId ?? 0}`;
}

@Entity('tickets')
@Index('IDX_tickets_company_status_updated', ['companyId', 'status', 'updatedAt', 'id'])
@Index('IDX_tickets_company_updated', ['companyId', 'updatedAt', 'id'])
@Index('IDX_tickets_company_queue_status', ['companyId', 'queueId', 'status', 'updatedAt'])
@Index('IDX_tickets_company_user_status', ['companyId', 'userId', 'status', 'updatedAt'])
@Index('IDX_tickets_contact', ['contactId', 'updatedAt'])
// The dashboard's aggregates (migration DashboardIndexes).
@Index('IDX_tickets_company_created', ['companyId', 'createdAt', 'userId'])
@Index('IDX_tickets_company_closed', ['companyId', 'closedAt', 'userId', 'acceptedAt'])
@Index('IDX_tickets_company_accepted', ['companyId', 'acceptedAt', 'createdAt'])
export class TicketEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 36, unique: true }) uuid: string;
  @Column() companyId: number;
  @Column() contactId: number;
  @ManyToOne(() => ContactEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contactId' })
  contact?: ContactEntity;
  @Column({ type: 'int', nullable: true }) whatsappId: number | null;
  @ManyToOne(() => WhatsappEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'whatsappId' })
  whatsapp?: WhatsappEntity | null;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity | null;
  @Column({ type: 'int', nullable: true }) queueId: number | null;
  @ManyToOne(() => QueueEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'queueId' })
  queue?: QueueEntity | null;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: TicketStatus;
  @Column({ length: 255, default: '' }) lastMessage: string;
  @Column({ default: false }) lastMessageDeleted: boolean;
  @Column({ type: 'int', default: 0 }) unreadMessages: number;
  @Column({ default: false }) isGroup: boolean;
  @Column({ default: false }) chatbot: boolean;
  /** Invalid answers to the greeting bot's queue menu so far. */
  @Column({ type: 'int', default: 0 }) amountUsedBotQueues: number;
  /**
   * While the bot walks the customer through the queue's option menu: the option whose sub-options
   * it offered last (null: the queue's top level). No foreign key: see migration QueueOptions.
   */
  @Column({ type: 'int', nullable: true }) queueOptionId: number | null;
  /** When the bot began the queue's option menu, which lasts at most the connection's timeUseBotQueues. */
  @DateTime({ nullable: true }) botQueueAt: Date | null;
  @Column({ default: false }) useIntegration: boolean;
  /** While the AI agent answers the ticket: `useIntegration` with the prompt it answers by. */
  @Column({ type: 'int', nullable: true }) promptId: number | null;
  @Column({ type: 'int', nullable: true }) integrationId: number | null;
  /** When the AI agent left the ticket to people (asked to, or failing): it does not take it up again. */
  @DateTime({ nullable: true }) promptEndedAt: Date | null;
  /** The Typebot chat session the customer is in (integration typebot), and when it last moved. */
  @Column({ type: 'varchar', length: 100, nullable: true }) typebotSessionId: string | null;
  @DateTime({ nullable: true }) typebotSessionAt: Date | null;
  /** When a bot integration (Typebot) left the ticket to people: it does not take it up again. */
  @DateTime({ nullable: true }) integrationEndedAt: Date | null;
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true }) openKey: string | null;
  @Column({ default: false }) awaitingRating: boolean;
  @DateTime({ nullable: true }) acceptedAt: Date | null;
  @DateTime({ nullable: true }) closedAt: Date | null;
  @ManyToMany(() => TagEntity)
  @JoinTable({ name: 'ticket_tags', joinColumn: { name: 'ticketId' }, inverseJoinColumn: { name: 'tagId' } })
  tags?: TagEntity[];
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
