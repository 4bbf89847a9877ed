import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime } from '../../../database/columns.js';

@Entity('refresh_tokens')
@Index('IDX_refresh_tokens_session', ['sessionId'])
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ length: 36 }) sessionId: string;
  /** HMAC of the token: the database never holds a usable refresh token. */
  @Column({ length: 64, unique: true }) tokenHash: string;
  @CreatedAt() createdAt: Date;
  @DateTime() expiresAt: Date;
  @DateTime({ nullable: true }) usedAt: Date | null;
}
