import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns.js';

/** A customer's 1-3 answer to the rating message sent when their ticket was resolved. */
@Entity('ticket_ratings')
@Index('UQ_ticket_ratings_ticket', ['ticketId'], { unique: true })
@Index('IDX_ticket_ratings_company_created_user', ['companyId', 'createdAt', 'userId', 'rate'])
export class TicketRatingEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() ticketId: number;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @Column({ type: 'int' }) rate: number;
  @CreatedAt() createdAt: Date;
}
