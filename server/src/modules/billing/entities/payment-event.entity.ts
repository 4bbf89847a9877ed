import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns.js';

/**
 * A webhook notification already handled. The unique key on (provider, eventId) turns a repeated
 * notification into a no-op, on every node.
 */
@Entity('payment_events')
@Index('UQ_payment_events_provider_event', ['provider', 'eventId'], { unique: true })
export class PaymentEventEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 20 }) provider: string;
  @Column({ length: 120 }) eventId: string;
  @Column({ length: 40 }) event: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) providerChargeId: string | null;
  @CreatedAt() createdAt: Date;
}
