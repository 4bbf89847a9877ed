import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Ticket, TicketNote } from '@atendo/shared';
import { DataSource, In } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany } from '../../common/pagination.js';
import { TagEntity } from './entities/tag.entity.js';
import { TicketNoteEntity } from './entities/ticket-note.entity.js';
import { toNote } from './mappers.js';
import { TicketEvents } from './ticket-events.js';
import { TicketReader } from './ticket-reader.js';
import { Transactions } from './transactions.js';

/** What the conversation screen keeps around a ticket: its tags and internal notes. */
@Injectable()
export class CatalogService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reader: TicketReader,
    private readonly tx: Transactions,
    private readonly events: TicketEvents,
  ) {}

  /** Replaces the ticket's tags with the given ones (ids of another company are refused). */
  async syncTags(auth: AuthUser, input: { ticketId: number; tags: { id: number }[] }): Promise<Ticket> {
    const { entity } = await this.reader.accessible(auth, { id: input.ticketId });
    const ids = [...new Set(input.tags.map((t) => t.id))];
    if (ids.length) {
      const found = await this.db.getRepository(TagEntity).count({ where: { companyId: auth.companyId, id: In(ids) } });
      if (found !== ids.length) {
        throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'tags', message: 'validation.oneOf' }] });
      }
    }
    await this.tx.run(`ticket:${entity.id}`, async (em) => {
      await em.createQueryBuilder().delete().from('ticket_tags').where('ticketId = :id', { id: entity.id }).execute();
      if (ids.length) {
        await em
          .createQueryBuilder()
          .insert()
          .into('ticket_tags', ['ticketId', 'tagId'])
          .values(ids.map((tagId) => ({ ticketId: entity.id, tagId })))
          .execute();
      }
    });
    const ticket = await this.reader.shape(entity);
    this.events.ticketUpdated(ticket);
    return ticket;
  }

  async notes(auth: AuthUser, query: { ticketId: number; contactId?: number }): Promise<TicketNote[]> {
    const { entity } = await this.reader.accessible(auth, { id: query.ticketId });
    if (query.contactId !== undefined && query.contactId !== entity.contactId) return [];
    const rows = await this.db.getRepository(TicketNoteEntity).find({
      where: { companyId: auth.companyId, ticketId: entity.id, contactId: entity.contactId },
      relations: { user: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return rows.map(toNote);
  }

  async addNote(auth: AuthUser, input: { note: string; ticketId: number; contactId: number }): Promise<TicketNote> {
    const { entity } = await this.reader.accessible(auth, { id: input.ticketId });
    if (entity.contactId !== input.contactId) throw new DomainError('ERR_NO_CONTACT_FOUND');
    const repo = this.db.getRepository(TicketNoteEntity);
    const saved = await repo.save(
      repo.create({
        companyId: auth.companyId,
        ticketId: entity.id,
        contactId: entity.contactId,
        userId: auth.userId,
        note: input.note,
      }),
    );
    return toNote((await repo.findOne({ where: { id: saved.id }, relations: { user: true } }))!);
  }

  /** A note is removed by its author, or by an admin. */
  async removeNote(auth: AuthUser, id: number): Promise<void> {
    const repo = this.db.getRepository(TicketNoteEntity);
    const note = await findInCompany(repo, auth.companyId, id, 'ERR_NOT_FOUND');
    await this.reader.accessible(auth, { id: note.ticketId });
    if (note.userId !== auth.userId && auth.profile !== 'admin') throw new DomainError('ERR_NO_PERMISSION');
    await repo.delete({ id: note.id });
  }
}
