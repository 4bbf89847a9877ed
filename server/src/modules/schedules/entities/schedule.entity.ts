import type { ScheduleStatus } from '@atendo/shared';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';
import { ContactEntity } from '../../conversations/entities/contact.entity.js';
import { TicketEntity } from '../../conversations/entities/ticket.entity.js';
import { UserEntity } from '../../users/entities/user.entity.js';

/**
 * A message to send to a contact at `sendAt`. The row is the record of the work: the dispatcher
 * claims it (`claimToken`, `claimedAt`) before sending under `providerId`, chosen beforehand, so a
 * claim that lapsed is resent under the same id and never shows twice.
 */
@Entity('schedules')
@Index('IDX_schedules_due', ['status', 'sendAt'])
@Index('IDX_schedules_company_sendAt', ['companyId', 'sendAt'])
export class ScheduleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() contactId: number;
  @ManyToOne(() => ContactEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contactId' })
  contact?: ContactEntity;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity | null;
  @Column({ type: 'int', nullable: true }) ticketId: number | null;
  @ManyToOne(() => TicketEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'ticketId' })
  ticket?: TicketEntity | null;
  @Column({ type: 'int', nullable: true }) whatsappId: number | null;
  @Column({ type: 'text' }) body: string;
  @DateTime() sendAt: Date;
  @DateTime({ nullable: true }) sentAt: Date | null;
  @Column({ type: 'varchar', length: 10, default: 'PENDENTE' }) status: ScheduleStatus;
  @Column({ type: 'varchar', length: 60, nullable: true }) error: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) mediaPath: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) mediaName: string | null;
  @Column({ length: 64 }) providerId: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) claimToken: string | null;
  @DateTime({ nullable: true }) claimedAt: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
