import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

@Entity('tags')
@Index('UQ_tags_company_name', ['companyId', 'name'], { unique: true })
export class TagEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) name: string;
  @Column({ length: 9, default: '#A4CCCC' }) color: string;
  @Column({ type: 'int', default: 0 }) kanban: 0 | 1;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
