import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

/** A company's campaign setting as the existing clients read it: a key and its JSON-encoded value. */
@Entity('campaign_settings')
@Index('UQ_campaign_settings_company_key', ['companyId', 'key'], { unique: true })
export class CampaignSettingEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 40 }) key: string;
  @Column({ type: 'text' }) value: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
