import type { CampaignPauseReason } from '@atendo/shared';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTime, UpdatedAt } from '../../../database/columns.js';

/**
 * A connection's campaign pace, shared by every node and every campaign on it: when its next send
 * may go, how many went since the last long wait and today, and why it is paused, if it is.
 */
@Entity('connection_paces')
export class ConnectionPaceEntity {
  @PrimaryColumn() whatsappId: number;
  @Column() companyId: number;
  @DateTime() nextAt: Date;
  @Column({ default: 0 }) sentInRun: number;
  /** The UTC day `sentToday` counts (YYYY-MM-DD). */
  @Column({ length: 10 }) day: string;
  @Column({ default: 0 }) sentToday: number;
  @Column({ type: 'varchar', length: 20, nullable: true }) pausedReason: CampaignPauseReason | null;
  @DateTime({ nullable: true }) pausedUntil: Date | null;
  /** Consecutive rate-limit answers: each doubles the pause. */
  @Column({ default: 0 }) strikes: number;
  @UpdatedAt() updatedAt: Date;
}
