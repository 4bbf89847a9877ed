import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime } from '../../../database/columns.js';

/** The one pending reset code of a user: a new request replaces it, a successful reset removes it. */
@Entity('password_resets')
export class PasswordResetEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ unique: true }) userId: number;
  /** HMAC of the code: the database alone is not enough to reset anyone's password. */
  @Column({ length: 64 }) codeHash: string;
  @DateTime() expiresAt: Date;
  /** Wrong codes tried; at PASSWORD_RESET_MAX_ATTEMPTS the code stops working. */
  @Column({ type: 'int', default: 0 }) attempts: number;
  @CreatedAt() createdAt: Date;
}
