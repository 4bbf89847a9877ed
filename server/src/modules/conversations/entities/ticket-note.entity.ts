import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns.js';
import { UserEntity } from '../../users/entities/user.entity.js';

@Entity('ticket_notes')
@Index('IDX_ticket_notes_contact_ticket', ['contactId', 'ticketId'])
export class TicketNoteEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() ticketId: number;
  @Column() contactId: number;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity | null;
  @Column({ type: 'text' }) note: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
