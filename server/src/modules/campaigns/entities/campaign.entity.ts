import type { CampaignStatus } from '@atendo/shared';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';
import { ContactListEntity } from '../../contact-lists/entities/contact-list.entity.js';
import { TagEntity } from '../../conversations/entities/tag.entity.js';
import { FileListEntity } from '../../files/entities/file-list.entity.js';
import { WhatsappEntity } from '../../whatsapp/entities/whatsapp.entity.js';

/** A bulk send: its messages, audience, connection and status (spec §4); its contacts are CampaignShippingEntity rows. */
@Entity('campaigns')
@Index('IDX_campaigns_company', ['companyId', 'id'])
@Index('IDX_campaigns_due', ['status', 'scheduledAt'])
export class CampaignEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) name: string;
  @Column({ type: 'text' }) message1: string;
  @Column({ type: 'text' }) message2: string;
  @Column({ type: 'text' }) message3: string;
  @Column({ type: 'text' }) message4: string;
  @Column({ type: 'text' }) message5: string;
  @Column({ default: false }) confirmation: boolean;
  @Column({ type: 'text' }) confirmationMessage1: string;
  @Column({ type: 'text' }) confirmationMessage2: string;
  @Column({ type: 'text' }) confirmationMessage3: string;
  @Column({ type: 'text' }) confirmationMessage4: string;
  @Column({ type: 'text' }) confirmationMessage5: string;
  @Column({ type: 'varchar', length: 20, default: 'INATIVA' }) status: CampaignStatus;
  @DateTime({ nullable: true }) scheduledAt: Date | null;
  @DateTime({ nullable: true }) completedAt: Date | null;
  /** When a node took the start (PROGRAMADA → EM_ANDAMENTO); a start that never built its audience is taken again. */
  @DateTime({ nullable: true }) startedAt: Date | null;
  /** When every contact of the audience had its row: until then the campaign cannot finish. */
  @DateTime({ nullable: true }) audienceAt: Date | null;
  @Column({ type: 'int', nullable: true }) whatsappId: number | null;
  @ManyToOne(() => WhatsappEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'whatsappId' })
  whatsapp?: WhatsappEntity | null;
  @Column({ type: 'int', nullable: true }) contactListId: number | null;
  @ManyToOne(() => ContactListEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'contactListId' })
  contactList?: ContactListEntity | null;
  @Column({ type: 'int', nullable: true }) tagId: number | null;
  @ManyToOne(() => TagEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'tagId' })
  tag?: TagEntity | null;
  @Column({ type: 'int', nullable: true }) fileListId: number | null;
  @ManyToOne(() => FileListEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'fileListId' })
  fileList?: FileListEntity | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) mediaPath: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) mediaName: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
