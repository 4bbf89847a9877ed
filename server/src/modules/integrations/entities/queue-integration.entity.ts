import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { IntegrationType } from '@atendo/shared';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';
import { FlowEntity } from '../../flows/entities/flow.entity.js';

/**
 * A company's integration of a queue or connection with an outside service (spec 2 Queue
 * integration). `jsonContent` and `signingSecret` are sealed (see SecretBox).
 */
@Entity('queue_integrations')
@Index('IDX_queue_integrations_company_name', ['companyId', 'name'])
export class QueueIntegrationEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ type: 'varchar', length: 20 }) type: IntegrationType;
  @Column({ length: 50 }) name: string;
  @Column({ length: 100, default: '' }) projectName: string;
  @Column({ type: 'text' }) jsonContent: string;
  @Column({ length: 10, default: 'pt-BR' }) language: string;
  @Column({ length: 500, default: '' }) urlN8N: string;
  @Column({ length: 200, default: '' }) typebotSlug: string;
  @Column({ type: 'int', default: 1 }) typebotExpires: number;
  @Column({ type: 'int', default: 1000 }) typebotDelayMessage: number;
  @Column({ length: 100, default: '' }) typebotKeywordFinish: string;
  @Column({ length: 100, default: '' }) typebotKeywordRestart: string;
  @Column({ type: 'text' }) typebotRestartMessage: string;
  @Column({ type: 'text' }) typebotUnknownMessage: string;
  @Column({ type: 'text' }) signingSecret: string;
  /** A flowbuilder integration's flow. */
  @Column({ type: 'int', nullable: true }) flowId: number | null;
  @ManyToOne(() => FlowEntity, { onDelete: 'SET NULL', createForeignKeyConstraints: false })
  @JoinColumn({ name: 'flowId' })
  flow?: FlowEntity | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
