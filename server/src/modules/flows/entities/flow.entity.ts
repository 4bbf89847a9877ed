import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';
import { WhatsappEntity } from '../../whatsapp/entities/whatsapp.entity.js';

/** A company's flow: its name and how many times it was published (`version`; 0 while never drawn). */
@Entity('flows')
@Index('IDX_flows_company_name', ['companyId', 'name'])
export class FlowEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) name: string;
  @Column({ type: 'int', default: 0 }) version: number;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}

/**
 * One saved drawing of a flow, never changed once written: a conversation runs on the version it
 * started with while later saves publish new ones.
 */
@Entity('flow_versions')
@Index('UQ_flow_versions_flow_version', ['flowId', 'version'], { unique: true })
export class FlowVersionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() flowId: number;
  @Column({ type: 'int' }) version: number;
  /** `{ nodes, connections }` as JSON. */
  @Column({ type: 'text' }) graph: string;
  @CreatedAt() createdAt: Date;
}

/** A phrase that starts a flow when a customer writes it on a connection. */
@Entity('flow_campaigns')
@Index('IDX_flow_campaigns_company', ['companyId', 'whatsappId'])
export class FlowCampaignEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 100 }) name: string;
  @Column() flowId: number;
  @ManyToOne(() => FlowEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'flowId' })
  flow?: FlowEntity;
  @Column() whatsappId: number;
  @ManyToOne(() => WhatsappEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'whatsappId' })
  whatsapp?: WhatsappEntity;
  @Column({ length: 500 }) phrase: string;
  @Column({ default: true }) status: boolean;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}

/**
 * A ticket's conversation in a flow: the version it runs on, the node it waits at, the answers so
 * far, and the replies still to send after a wait. `liveTicketId` is the ticket's id while the run
 * goes on (null once over): unique, so a ticket is in one flow at a time. `step` grows with every
 * move; a move is written only over the step it read, so a message delivered twice, or handled by
 * two nodes at once, moves the flow once.
 */
@Entity('flow_runs')
export class FlowRunEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() ticketId: number;
  @Index('UQ_flow_runs_live', { unique: true })
  @Column({ type: 'int', nullable: true })
  liveTicketId: number | null;
  @Column() flowVersionId: number;
  @Column({ type: 'varchar', length: 64, nullable: true }) nodeId: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) waiting: string | null;
  /** The question blocks' answers, JSON. */
  @Column({ type: 'text' }) variables: string;
  /** Replies not yet sent (after a wait), JSON; '[]' when none. */
  @Column({ type: 'text' }) pending: string;
  /** When the pending replies are due; null when nothing waits on time. */
  @DateTime({ nullable: true }) resumeAt: Date | null;
  @Column({ type: 'int', default: 0 }) step: number;
  @Column({ length: 10 }) status: 'running' | 'done' | 'failed';
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
