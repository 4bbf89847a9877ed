import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';

/** One person of a contact list, with whether their number is on WhatsApp (null: not checked yet). */
@Entity('contact_list_items')
@Index('UQ_contact_list_items_list_number', ['contactListId', 'number'], { unique: true })
@Index('IDX_contact_list_items_list_name', ['contactListId', 'name'])
@Index('IDX_contact_list_items_unchecked', ['isWhatsappValid', 'companyId'])
export class ContactListItemEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() contactListId: number;
  @Column({ length: 50 }) name: string;
  @Column({ type: 'varchar', length: 50, nullable: true }) number: string | null;
  @Column({ length: 120, default: '' }) email: string;
  @Column({ type: 'boolean', nullable: true }) isWhatsappValid: boolean | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) checkToken: string | null;
  @DateTime({ nullable: true }) checkClaimedAt: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
