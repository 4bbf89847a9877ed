import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

/** A help video of the platform: written by the super-admin, watched by every company. */
@Entity('helps')
export class HelpEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 200 }) title: string;
  @Column({ type: 'text' }) description: string;
  @Column({ length: 20 }) video: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
