import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, Money, UpdatedAt } from '../../../database/columns.js';

/** A Pix charge issued by a payment provider for an invoice (possibly for another plan than the invoice's). */
@Entity('payment_charges')
@Index('UQ_payment_charges_provider_charge', ['provider', 'providerChargeId'], { unique: true })
@Index('IDX_payment_charges_invoice', ['invoiceId'])
export class PaymentChargeEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() invoiceId: number;
  @Column() planId: number;
  @Column({ length: 20 }) provider: string;
  @Column({ length: 100 }) providerChargeId: string;
  @Column({ length: 35 }) txid: string;
  @Column({ type: 'text' }) brCode: string;
  @Money() value: number;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: 'pending' | 'paid';
  @DateTime() expiresAt: Date;
  @DateTime({ nullable: true }) paidAt: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
