import type { Recurrence, WeekdaySchedule } from '@atendo/shared';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';
import { PlanEntity } from '../../plans/entities/plan.entity.js';

@Entity('companies')
export class CompanyEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 100 }) name: string;
  @Column({ type: 'varchar', length: 120, nullable: true }) email: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) phone: string | null;
  @Column() planId: number;
  @ManyToOne(() => PlanEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'planId' })
  plan?: PlanEntity;
  @Column({ default: true }) status: boolean;
  @DateTime({ nullable: true }) dueDate: Date | null;
  @Column({ type: 'varchar', length: 20, default: 'MENSAL' }) recurrence: Recurrence;
  /** The super-admin's own company: never expires, never deleted. */
  @Column({ default: false }) isPlatform: boolean;
  @Column({ type: 'simple-json', nullable: true }) schedules: WeekdaySchedule[] | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
