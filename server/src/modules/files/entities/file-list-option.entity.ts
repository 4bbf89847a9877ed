import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

/** A file of a list; it goes with its list (the foreign key cascades). */
@Entity('file_list_options')
@Index('IDX_file_list_options_list', ['fileListId'])
export class FileListOptionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() fileListId: number;
  @Column({ length: 100 }) name: string;
  /** The key of the company's private file (MediaStore.savePrivate), '' until one is uploaded. */
  @Column({ length: 64, default: '' }) path: string;
  @Column({ length: 100, default: '' }) mediaType: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
