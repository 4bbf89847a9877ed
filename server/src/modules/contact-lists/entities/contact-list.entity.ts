import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

/** A named set of people to reach (a campaign's audience). */
@Entity('contact_lists')
@Index('IDX_contact_lists_company_name', ['companyId', 'name'])
export class ContactListEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) name: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
