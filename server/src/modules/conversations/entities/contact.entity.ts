import type { ContactExtraInfo } from '@atendo/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';

/** A person (or a group) a company talks to; one row per number, however WhatsApp addresses them. */
@Entity('contacts')
@Index('UQ_contacts_company_number', ['companyId', 'number'], { unique: true })
@Index('IDX_contacts_company_lid', ['companyId', 'lid'])
@Index('IDX_contacts_company_name', ['companyId', 'name'])
@Index('IDX_contacts_company_group_created', ['companyId', 'isGroup', 'createdAt'])
export class ContactEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 100 }) name: string;
  @Column({ length: 50 }) number: string;
  @Column({ type: 'varchar', length: 50, nullable: true }) lid: string | null;
  @Column({ length: 120, default: '' }) email: string;
  @Column({ length: 500, default: '' }) profilePicUrl: string;
  @Column({ default: false }) isGroup: boolean;
  @Column({ type: 'simple-json', nullable: true }) extraInfo: ContactExtraInfo[] | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  /**
   * Set when the contact was removed while tickets kept its history: its number, LID and personal
   * data are gone (the number holds a placeholder no message can match) and no list shows it.
   */
  @DateTime({ nullable: true }) removedAt: Date | null;
}
