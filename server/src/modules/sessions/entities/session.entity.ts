import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAt, DateTime } from '../../../database/columns.js';

/** One sign-in. Every refresh token rotated from it belongs to it (its "family"). */
@Entity('sessions')
@Index('IDX_sessions_user', ['userId'])
export class SessionEntity {
  @PrimaryColumn({ length: 36 }) id: string;
  @Column() userId: number;
  @Column() companyId: number;
  @CreatedAt() createdAt: Date;
  /** Absolute end: rotation never extends a session past this. */
  @DateTime() expiresAt: Date;
  @DateTime({ nullable: true }) revokedAt: Date | null;
  @Column({ type: 'varchar', length: 30, nullable: true }) revokedReason: string | null;
  @Column({ type: 'varchar', length: 255, default: '' }) userAgent: string;
  @Column({ type: 'varchar', length: 64, default: '' }) ip: string;
}
