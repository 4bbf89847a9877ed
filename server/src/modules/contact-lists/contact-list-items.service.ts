import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CONTACT_LIST_IMPORT_MAX_ERRORS,
  CONTACT_LIST_IMPORT_MAX_ROWS,
  contactListItemSchema,
  normalizePhoneNumber,
  V,
  type ContactListImportError,
  type ContactListAddContactsInput,
  type ContactListAddReport,
  type ContactListImportReport,
  type ContactListItem,
  type ContactListItemInput,
  type ContactListItemsPage,
} from '@atendo/shared';
import { DataSource, In, IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import { ValidationError } from 'yup';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany, searchPage, type ListQuery } from '../../common/pagination.js';
import { readSpreadsheet, spreadsheetRowToContact } from '../../common/spreadsheet.js';
import { fieldErrors } from '../../common/validation.pipe.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { ContactEntity } from '../conversations/entities/contact.entity.js';
import { TagEntity } from '../conversations/entities/tag.entity.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ContactChecksJob } from './contact-checks.job.js';
import { ContactListsService } from './contact-lists.service.js';
import { toContactListItem } from './contact-lists.mapper.js';
import { ContactListItemEntity } from './entities/contact-list-item.entity.js';

export type ContactListItemsQuery = ListQuery & { contactListId: number };

/** Rows inserted per statement by an import. */
const IMPORT_BATCH = 500;

/** A spreadsheet row's item, as the shared schema checks it (the list is the upload's). */
const importRowSchema = contactListItemSchema.omit(['contactListId']);

type NewItem = Pick<
  ContactListItemEntity,
  'companyId' | 'contactListId' | 'name' | 'number' | 'email' | 'isWhatsappValid'
>;

function numberTaken(): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field: 'number', message: V.taken }] });
}

/**
 * The stored form of an item's number: normalised digits, or null for none. An item without a
 * number has nothing to check and is not on WhatsApp (`isWhatsappValid` false); one with a number
 * waits for the checker (null).
 */
function numberFields(raw: string): Pick<ContactListItemEntity, 'number' | 'isWhatsappValid'> {
  if (!raw) return { number: null, isWhatsappValid: false };
  const number = normalizePhoneNumber(raw);
  // The schema has tested the same rule: this is its value, not a second opinion.
  if (!number) throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'number', message: V.phone }] });
  return { number, isWhatsappValid: null };
}

/**
 * The people of contact lists. A number is unique within its list (a second one is refused on that
 * field, or reported as a bad row by an import); every change tells the company (`ContactListItem`)
 * and the list's new count (`ContactList`), and a number to check wakes the checker.
 */
@Injectable()
export class ContactListItemsService {
  private readonly items: Repository<ContactListItemEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
    private readonly lists: ContactListsService,
    private readonly checks: ContactChecksJob,
  ) {
    this.items = db.getRepository(ContactListItemEntity);
  }

  /** GET /contact-list-items: one list's items by name, 20 a page, searched in name, number and e-mail. */
  async page(auth: AuthUser, query: ContactListItemsQuery): Promise<ContactListItemsPage> {
    await this.lists.load(auth.companyId, query.contactListId);
    return this.pageOf(auth.companyId, query);
  }

  private async pageOf(companyId: number, query: ContactListItemsQuery): Promise<ContactListItemsPage> {
    const qb = this.items
      .createQueryBuilder('i')
      .where('i.contactListId = :contactListId', { contactListId: query.contactListId })
      .andWhere('i.companyId = :companyId', { companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(i.name)', 'i.number', 'LOWER(i.email)'],
      order: [
        ['i.name', 'ASC'],
        ['i.id', 'ASC'],
      ],
    });
    return { contacts: rows.map(toContactListItem), count, hasMore };
  }

  async findOne(auth: AuthUser, id: number): Promise<ContactListItem> {
    return toContactListItem(await this.load(auth.companyId, id));
  }

  async create(auth: AuthUser, input: ContactListItemInput): Promise<ContactListItem> {
    const list = await this.lists.load(auth.companyId, input.contactListId);
    const fields = numberFields(input.number);
    const entity: NewItem = {
      companyId: auth.companyId,
      contactListId: list.id,
      name: input.name,
      email: input.email,
      ...fields,
    };
    const id = await this.write(() => this.items.insert(entity)).then((result) => Number(result.identifiers[0].id));
    const saved = await this.items.findOneBy({ id });
    // Deleted (or its list) between the insert and this read: nothing is left to answer with.
    if (!saved) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    const record = toContactListItem(saved);
    this.realtime.toCompany(auth.companyId, 'ContactListItem', { action: 'create', record });
    await this.lists.announceCount(auth.companyId, list.id);
    if (fields.number) await this.checks.wake(auth.companyId);
    return record;
  }

  /**
   * Edits an item, and may move it to another list of the company. A new number is checked again
   * (the checker's answer for the old one, if under way, is then dropped). Only the edited columns
   * are written, so a check answered meanwhile is not overwritten.
   */
  async update(auth: AuthUser, id: number, input: ContactListItemInput): Promise<ContactListItem> {
    const item = await this.load(auth.companyId, id);
    const moved = input.contactListId !== item.contactListId;
    if (moved) await this.lists.load(auth.companyId, input.contactListId);
    const fields = numberFields(input.number);
    const renumbered = fields.number !== item.number;
    await this.write(() =>
      this.items.update(
        { id, companyId: auth.companyId },
        {
          name: input.name,
          email: input.email,
          contactListId: input.contactListId,
          ...(renumbered ? { ...fields, checkToken: null, checkClaimedAt: null } : {}),
        },
      ),
    );
    const saved = await this.items.findOneBy({ id, companyId: auth.companyId });
    if (!saved) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    const record = toContactListItem(saved);
    this.realtime.toCompany(auth.companyId, 'ContactListItem', { action: 'update', record });
    if (moved) {
      await this.lists.announceCount(auth.companyId, item.contactListId);
      await this.lists.announceCount(auth.companyId, saved.contactListId);
    }
    if (renumbered && fields.number) await this.checks.wake(auth.companyId);
    return record;
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    const item = await this.load(auth.companyId, id);
    await this.items.delete({ id, companyId: auth.companyId });
    this.realtime.toCompany(auth.companyId, 'ContactListItem', {
      action: 'delete',
      id,
      contactListId: item.contactListId,
    });
    await this.lists.announceCount(auth.companyId, item.contactListId);
  }

  /**
   * POST /contact-lists/{id}/upload: the sheet's rows (columns name, number, e-mail by their usual
   * headers) become items of the list. The whole sheet is read and checked first, so a sheet refused
   * (not a spreadsheet, too many rows) adds nothing; the good rows are then inserted together, in
   * batches within one transaction. A row with a bad field, a number the list has already or one an
   * earlier row brought is reported by its row number and not added.
   */
  async importSheet(auth: AuthUser, contactListId: number, data: Buffer): Promise<ContactListImportReport> {
    const list = await this.lists.load(auth.companyId, contactListId);
    // The numbers the list has (row null), and the row of the sheet that brought each new one.
    const taken = new Map<string, number | null>();
    const known = await this.items.find({
      where: { contactListId: list.id, number: Not(IsNull()) },
      select: { number: true },
    });
    for (const { number } of known) if (number) taken.set(number, null);
    const errors: ContactListImportError[] = [];
    const rows: { row: number; item: NewItem }[] = [];
    for await (const { row, values } of readSpreadsheet(data, {
      allowXls: true,
      maxRows: CONTACT_LIST_IMPORT_MAX_ROWS,
    })) {
      let input: Omit<ContactListItemInput, 'contactListId'>;
      try {
        input = await importRowSchema.validate(spreadsheetRowToContact(values), { abortEarly: false });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        errors.push(...fieldErrors(error).map((field) => ({ row, ...field })));
        continue;
      }
      const fields = numberFields(input.number);
      if (fields.number !== null) {
        const first = taken.get(fields.number);
        if (first === null) {
          errors.push({ row, field: 'number', message: V.taken });
          continue;
        }
        if (first !== undefined) {
          errors.push({ row, field: 'number', message: V.duplicateInFile, params: { row: first } });
          continue;
        }
        taken.set(fields.number, row);
      }
      rows.push({
        row,
        item: { companyId: auth.companyId, contactListId: list.id, name: input.name, email: input.email, ...fields },
      });
    }

    const added = await this.insertAll(rows, errors);

    if (added) await this.announceAdded(auth.companyId, list.id);
    errors.sort((a, b) => a.row - b.row);
    return {
      added,
      skipped: new Set(errors.map((e) => e.row)).size,
      errors: errors.slice(0, CONTACT_LIST_IMPORT_MAX_ERRORS),
    };
  }

  /**
   * POST /contact-lists/{id}/contacts: the company's contacts, named or carrying a tag on any of
   * their tickets, become items of the list (name, number, e-mail), up to the import's row bound.
   * Groups, contacts without a number and numbers the list has already are left out and counted. A
   * tag or contact of another company is refused like an unknown one.
   */
  async addContacts(
    auth: AuthUser,
    contactListId: number,
    input: ContactListAddContactsInput,
  ): Promise<ContactListAddReport> {
    const list = await this.lists.load(auth.companyId, contactListId);
    const fields: { field: string; message: string }[] = [];
    if (
      input.tagId &&
      !(await this.db.getRepository(TagEntity).existsBy({ id: input.tagId, companyId: auth.companyId }))
    ) {
      fields.push({ field: 'tagId', message: V.oneOf });
    }
    const named = input.contactIds.length
      ? await this.db.getRepository(ContactEntity).find({
          where: { id: In(input.contactIds), companyId: auth.companyId },
          select: { id: true, name: true, number: true, email: true, isGroup: true },
        })
      : [];
    if (named.length < new Set(input.contactIds).size) fields.push({ field: 'contactIds', message: V.oneOf });
    if (fields.length) throw new DomainError('ERR_VALIDATION', { fields });
    const tagged = input.tagId
      ? await this.db
          .getRepository(ContactEntity)
          .createQueryBuilder('c')
          .select(['c.id', 'c.name', 'c.number', 'c.email', 'c.isGroup'])
          .where('c.companyId = :companyId', { companyId: auth.companyId })
          .andWhere(
            'EXISTS (SELECT 1 FROM tickets t INNER JOIN ticket_tags tt ON tt.ticketId = t.id ' +
              'WHERE t.contactId = c.id AND tt.tagId = :tagId)',
            { tagId: input.tagId },
          )
          .orderBy('c.name', 'ASC')
          .limit(CONTACT_LIST_IMPORT_MAX_ROWS + 1)
          .getMany()
      : [];
    const people = new Map([...named, ...tagged].map((contact) => [contact.id, contact]));
    if (people.size > CONTACT_LIST_IMPORT_MAX_ROWS) {
      throw new DomainError('ERR_VALIDATION', {
        fields: [
          {
            field: input.tagId ? 'tagId' : 'contactIds',
            message: V.max,
            params: { max: CONTACT_LIST_IMPORT_MAX_ROWS },
          },
        ],
      });
    }
    const known = await this.items.find({
      where: { contactListId: list.id, number: Not(IsNull()) },
      select: { number: true },
    });
    const taken = new Set(known.map(({ number }) => number));
    const rows: { row: number; item: NewItem }[] = [];
    for (const contact of people.values()) {
      const number = contact.isGroup ? null : normalizePhoneNumber(contact.number);
      if (!number || taken.has(number)) continue;
      taken.add(number);
      const name = contact.name.trim().length >= 2 ? contact.name.trim().slice(0, 50) : number;
      const email = contact.email.length <= 120 ? contact.email : '';
      rows.push({
        row: rows.length + 1,
        item: { companyId: auth.companyId, contactListId: list.id, name, number, email, isWhatsappValid: null },
      });
    }
    const added = await this.insertAll(rows, []);
    if (added) await this.announceAdded(auth.companyId, list.id);
    return { added, skipped: people.size - added };
  }

  /** The rows in batches within one transaction: all of them or, on an error, none. */
  private insertAll(rows: { row: number; item: NewItem }[], errors: ContactListImportError[]): Promise<number> {
    return this.db.transaction(async (em) => {
      let count = 0;
      for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
        count += await this.insertBatch(em, rows.slice(start, start + IMPORT_BATCH), errors);
      }
      return count;
    });
  }

  /** After many items came at once: the list's first page for open pages, its count, and the checker. */
  private async announceAdded(companyId: number, contactListId: number): Promise<void> {
    const { contacts } = await this.pageOf(companyId, { contactListId, searchParam: '', pageNumber: 1 });
    this.realtime.toCompany(companyId, 'ContactListItem', { action: 'reload', contactListId, records: contacts });
    await this.lists.announceCount(companyId, contactListId);
    await this.checks.wake(companyId);
  }

  /**
   * One statement for the batch; when it breaks the list's unique numbers (an item added by someone
   * else since the sheet was read), row by row, reporting the rows whose number is now taken.
   */
  private async insertBatch(
    em: EntityManager,
    batch: { row: number; item: NewItem }[],
    errors: ContactListImportError[],
  ): Promise<number> {
    const repository = em.getRepository(ContactListItemEntity);
    try {
      await repository.insert(batch.map(({ item }) => item));
      return batch.length;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    let count = 0;
    for (const { row, item } of batch) {
      try {
        await repository.insert(item);
        count += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        errors.push({ row, field: 'number', message: V.taken });
      }
    }
    return count;
  }

  private load(companyId: number, id: number): Promise<ContactListItemEntity> {
    return findInCompany(this.items, companyId, id, 'ERR_NO_CONTACT_LIST_ITEM_FOUND');
  }

  /** Runs a write, answering a second item with the same number in one list as 400 on `number`. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw numberTaken();
      throw error;
    }
  }
}
