import type { Recurrence } from '@atendo/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, Money, UpdatedAt } from '../../../database/columns.js';

export type StoredInvoiceStatus = 'open' | 'paid';

/**
 * One billing period of a company. The unique key on (companyId, dueDate) is what makes issuing
 * idempotent: however often the job runs or retries, a period gets one invoice.
 */
@Entity('invoices')
@Index('UQ_invoices_company_due', ['companyId', 'dueDate'], { unique: true })
export class InvoiceEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ type: 'int', nullable: true }) planId: number | null;
  @Column({ length: 200 }) detail: string;
  @Money() value: number;
  @Column({ type: 'varchar', length: 20 }) recurrence: Recurrence;
  @DateTime() dueDate: Date;
  @DateTime() periodEnd: Date;
  @Column({ type: 'varchar', length: 10, default: 'open' }) status: StoredInvoiceStatus;
  @DateTime({ nullable: true }) paidAt: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
