import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns.js';

/**
 * A connection's WhatsApp auth state (the creds and every signal key) lives in the database, not
 * in files, so whichever server node holds the session's lease can take it over.
 */
@Entity('whatsapp_auth_keys')
@Index('UQ_whatsapp_auth_keys', ['whatsappId', 'type', 'keyId'], { unique: true })
export class WhatsappAuthKeyEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() whatsappId: number;
  /** "creds" for the credentials, else the signal key type (pre-key, session, app-state-sync-key...). */
  @Column({ length: 50 }) type: string;
  @Column({ length: 200 }) keyId: string;
  /** JSON with buffers encoded the way Baileys' BufferJSON does. */
  @Column({ type: 'text' }) value: string;
  @UpdatedAt() updatedAt: Date;
}
