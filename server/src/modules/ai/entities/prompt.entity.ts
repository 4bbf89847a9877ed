import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';
import { QueueEntity } from '../../queues/entities/queue.entity.js';

/**
 * A company's AI agent: its instructions, model and limits, the queue it serves, and how it
 * answers (text or one of Azure's voices). `apiKey` and `voiceKey` are sealed (see SecretBox).
 */
@Entity('prompts')
@Index('IDX_prompts_company_name', ['companyId', 'name'])
export class PromptEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 100 }) name: string;
  @Column({ type: 'text' }) prompt: string;
  @Column({ length: 40 }) model: string;
  @Column({ type: 'int' }) maxTokens: number;
  @Column({ type: 'double' }) temperature: number;
  @Column({ type: 'text' }) apiKey: string;
  @Column({ type: 'int', nullable: true }) queueId: number | null;
  @ManyToOne(() => QueueEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'queueId' })
  queue?: QueueEntity | null;
  @Column({ type: 'int' }) maxMessages: number;
  @Column({ length: 40, default: 'texto' }) voice: string;
  @Column({ type: 'text' }) voiceKey: string;
  @Column({ length: 40, default: '' }) voiceRegion: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
