import type { AllTicket, Language, Profile } from '@atendo/shared';
import { Column, Entity, Index, JoinTable, ManyToMany, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';
import { QueueEntity } from '../../queues/entities/queue.entity.js';

@Entity('users')
@Index('IDX_users_company_name', ['companyId', 'name'])
export class UserEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column({ length: 50 }) name: string;
  /** Sign-in is by e-mail alone, so an address belongs to one user on the whole platform. */
  @Column({ length: 120, unique: true }) email: string;
  @Column({ length: 255, select: false }) passwordHash: string;
  @Column({ type: 'varchar', length: 20, default: 'user' }) profile: Profile;
  @Column({ default: false }) super: boolean;
  @Column({ type: 'varchar', length: 10, default: 'desabled' }) allTicket: AllTicket;
  @Column({ type: 'int', nullable: true }) whatsappId: number | null;
  @Column({ type: 'varchar', length: 5, nullable: true }) language: Language | null;
  /** Last `userStatus` ping: the dashboard counts an agent online within five minutes of it. */
  @DateTime({ nullable: true }) lastSeenAt: Date | null;
  @ManyToMany(() => QueueEntity)
  @JoinTable({ name: 'user_queues', joinColumn: { name: 'userId' }, inverseJoinColumn: { name: 'queueId' } })
  queues?: QueueEntity[];
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
