import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

@Entity('file_lists')
@Index('IDX_file_lists_company_name', ['companyId', 'name'])
export class FileListEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 100 }) name: string;
  @Column({ type: 'text' }) message: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
