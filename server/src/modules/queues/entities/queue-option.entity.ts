import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';

/**
 * One entry of a queue's option menu. `option` is its number in its level (1, 2, …, no gaps): the
 * service keeps it so, renumbering the level on every insert, move and delete.
 */
@Entity('queue_options')
@Index('IDX_queue_options_queue_parent', ['queueId', 'parentId', 'option'])
export class QueueOptionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() queueId: number;
  /** The option this one is offered under; null at the queue's top level. */
  @Column({ type: 'int', nullable: true }) parentId: number | null;
  @Column({ length: 100 }) title: string;
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'int' }) option: number;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
