import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, Money, UpdatedAt } from '../../../database/columns.js';

@Entity('plans')
export class PlanEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 100, unique: true }) name: string;
  @Column({ type: 'int', default: 0 }) users: number;
  @Column({ type: 'int', default: 0 }) connections: number;
  @Column({ type: 'int', default: 0 }) queues: number;
  @Money() value: number;
  @Column({ default: true }) useCampaigns: boolean;
  @Column({ default: true }) useKanban: boolean;
  @Column({ default: true }) useOpenAi: boolean;
  @Column({ default: true }) useIntegrations: boolean;
  @Column({ default: true }) useSchedules: boolean;
  @Column({ default: true }) useInternalChat: boolean;
  @Column({ default: true }) useExternalApi: boolean;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
