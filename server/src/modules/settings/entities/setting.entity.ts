import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

@Entity('settings')
@Index('UQ_settings_company_key', ['companyId', 'key'], { unique: true })
export class SettingEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) key: string;
  @Column({ type: 'text' }) value: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
