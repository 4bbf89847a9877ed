import type { AnnouncementPriority } from '@atendo/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

/** A notice of the platform to every company, written by the super-admin. */
@Entity('announcements')
@Index('IDX_announcements_status_created', ['status', 'createdAt'])
export class AnnouncementEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 200 }) title: string;
  @Column({ type: 'text' }) text: string;
  @Column({ type: 'int', default: 3 }) priority: AnnouncementPriority;
  @Column({ default: true }) status: boolean;
  @Column({ type: 'varchar', length: 255, nullable: true }) mediaPath: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) mediaName: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
