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
  /** The lane's place on the board (1 first), which admins arrange; 0 until it is a lane. */
  @Column({ type: 'int', default: 0 }) kanbanOrder: number;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
