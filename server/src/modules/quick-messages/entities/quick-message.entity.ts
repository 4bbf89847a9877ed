import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

@Entity('quick_messages')
@Index('IDX_quick_messages_company_shortcode', ['companyId', 'shortcode'])
export class QuickMessageEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @Column({ length: 50 }) shortcode: string;
  @Column({ type: 'text' }) message: string;
  @Column({ default: false }) geral: boolean;
  @Column({ length: 20, default: 'active' }) status: string;
  @Column({ default: false }) isMedia: boolean;
  @Column({ type: 'varchar', length: 500, nullable: true }) mediaPath: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) mediaName: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
