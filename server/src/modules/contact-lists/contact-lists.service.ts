import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactList, ContactListInput, ContactListsPage } from '@atendo/shared';
import { DataSource, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { findInCompany, searchPage, type ListQuery } from '../../common/pagination.js';
import { placeholders } from '../../database/compiled-select.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ContactListEntity } from './entities/contact-list.entity.js';
import { toContactList } from './contact-lists.mapper.js';

/**
 * A company's contact lists (spec 2 §2, the campaigns' audiences). Each answer carries the list's
 * `contactsCount`, and every change to a list's items announces the list again so the lists page
 * shows the count as it is.
 */
@Injectable()
export class ContactListsService {
  private readonly lists: Repository<ContactListEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
  ) {
    this.lists = db.getRepository(ContactListEntity);
  }

  /** GET /contact-lists: by name, 20 a page. */
  async page(auth: AuthUser, query: ListQuery): Promise<ContactListsPage> {
    const qb = this.lists.createQueryBuilder('l').where('l.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(l.name)'],
      order: [
        ['l.name', 'ASC'],
        ['l.id', 'ASC'],
      ],
    });
    const counts = await this.itemCounts(rows.map((l) => l.id));
    return { records: rows.map((l) => toContactList(l, counts.get(l.id) ?? 0)), count, hasMore };
  }

  /** GET /contact-lists/list: every list of the company, by name (the campaign form's picker). */
  async all(auth: AuthUser): Promise<ContactList[]> {
    const rows = await this.lists.find({ where: { companyId: auth.companyId }, order: { name: 'ASC', id: 'ASC' } });
    const counts = await this.itemCounts(rows.map((l) => l.id));
    return rows.map((l) => toContactList(l, counts.get(l.id) ?? 0));
  }

  async findOne(auth: AuthUser, id: number): Promise<ContactList> {
    return this.withCount(await this.load(auth.companyId, id));
  }

  /** The company's list, or 404 (another company's list answers the same as a missing one). */
  load(companyId: number, id: number): Promise<ContactListEntity> {
    return findInCompany(this.lists, companyId, id, 'ERR_NO_CONTACT_LIST_FOUND');
  }

  async create(auth: AuthUser, input: ContactListInput): Promise<ContactList> {
    const saved = await this.lists.save(this.lists.create({ companyId: auth.companyId, name: input.name }));
    const record = toContactList(saved, 0);
    this.realtime.toCompany(auth.companyId, 'ContactList', { action: 'create', record });
    return record;
  }

  async update(auth: AuthUser, id: number, input: ContactListInput): Promise<ContactList> {
    const list = await this.load(auth.companyId, id);
    const record = await this.withCount(await this.lists.save(this.lists.merge(list, { name: input.name })));
    this.realtime.toCompany(auth.companyId, 'ContactList', { action: 'update', record });
    return record;
  }

  /** Deletes the list and its items (the foreign key cascades). */
  async remove(auth: AuthUser, id: number): Promise<void> {
    await this.load(auth.companyId, id);
    await this.lists.delete({ id, companyId: auth.companyId });
    this.realtime.toCompany(auth.companyId, 'ContactList', { action: 'delete', id });
  }

  /** Tells the company a list's items changed in number (after an item is added, moved or deleted). */
  async announceCount(companyId: number, id: number): Promise<void> {
    const list = await this.lists.findOneBy({ id, companyId });
    // Deleted meanwhile: its own delete event has said so.
    if (!list) return;
    this.realtime.toCompany(companyId, 'ContactList', { action: 'update', record: await this.withCount(list) });
  }

  private async withCount(list: ContactListEntity): Promise<ContactList> {
    return toContactList(list, (await this.itemCounts([list.id])).get(list.id) ?? 0);
  }

  private async itemCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = (await this.db.query(
      `SELECT contactListId AS contactListId, COUNT(*) AS n FROM contact_list_items
       WHERE contactListId IN (${placeholders(ids)}) GROUP BY contactListId`,
      ids,
    )) as { contactListId: number | string; n: number | string }[];
    return new Map(rows.map((row) => [Number(row.contactListId), Number(row.n)]));
  }
}
