import type { ConnectionProvider, ConnectionStatus, WeekdaySchedule } from '@atendo/shared';
import { Column, Entity, Index, JoinTable, ManyToMany, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';
import { QueueEntity } from '../../queues/entities/queue.entity.js';

/** A WhatsApp connection (one phone number) of a company. */
@Entity('whatsapps')
@Index('IDX_whatsapps_company', ['companyId'])
export class WhatsappEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) name: string;
  @Column({ type: 'varchar', length: 20, default: 'DISCONNECTED' }) status: ConnectionStatus;
  @Column({ default: false }) isDefault: boolean;
  @Column({ type: 'text' }) qrcode: string;
  @Column({ type: 'int', default: 0 }) retries: number;
  /** Bearer token of the external send API: it selects this connection and its company. */
  @Column({ length: 64, unique: true }) token: string;
  @Column({ type: 'varchar', length: 20, default: 'beta' }) provider: ConnectionProvider;
  /** The phone number the session is signed in as, once connected. */
  @Column({ type: 'varchar', length: 50, nullable: true }) number: string | null;
  @Column({ type: 'text' }) greetingMessage: string;
  @Column({ type: 'text' }) complationMessage: string;
  @Column({ type: 'text' }) outOfHoursMessage: string;
  @Column({ type: 'text' }) ratingMessage: string;
  @Column({ type: 'text' }) expiresInactiveMessage: string;
  @Column({ type: 'int', default: 0 }) expiresTicket: number;
  @Column({ type: 'int', default: 0 }) timeUseBotQueues: number;
  @Column({ type: 'int', default: 3 }) maxUseBotQueues: number;
  @Column({ type: 'int', nullable: true }) transferQueueId: number | null;
  @Column({ type: 'int', nullable: true }) timeToTransfer: number | null;
  @Column({ type: 'int', nullable: true }) promptId: number | null;
  @Column({ type: 'int', nullable: true }) integrationId: number | null;
  @Column({ type: 'simple-json', nullable: true }) schedules: WeekdaySchedule[] | null;
  @ManyToMany(() => QueueEntity)
  @JoinTable({ name: 'whatsapp_queues', joinColumn: { name: 'whatsappId' }, inverseJoinColumn: { name: 'queueId' } })
  queues?: QueueEntity[];
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
