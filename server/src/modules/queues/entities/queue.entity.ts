import type { WeekdaySchedule } from '@atendo/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

@Entity('queues')
@Index('UQ_queues_company_name', ['companyId', 'name'], { unique: true })
@Index('UQ_queues_company_color', ['companyId', 'color'], { unique: true })
export class QueueEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) name: string;
  @Column({ length: 9 }) color: string;
  @Column({ type: 'text' }) greetingMessage: string;
  @Column({ type: 'text' }) outOfHoursMessage: string;
  @Column({ type: 'int', nullable: true }) orderQueue: number | null;
  @Column({ type: 'int', nullable: true }) integrationId: number | null;
  @Column({ type: 'int', nullable: true }) promptId: number | null;
  @Column({ type: 'simple-json', nullable: true }) schedules: WeekdaySchedule[] | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
