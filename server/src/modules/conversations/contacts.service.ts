import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  can,
  contactNumberOf,
  normalizePhoneNumber,
  phoneNumberForms,
  V,
  type Contact,
  type ContactExtraInfo,
  type ContactImportResult,
  type ContactsPage,
  type ContactUploadError,
  type ContactUploadResult,
  type OpenTicketConflict,
} from '@atendo/shared';
import { Brackets, DataSource, In, IsNull, Not, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import * as yup from 'yup';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { like, likePattern, PAGE_SIZE, whereContains } from '../../common/pagination.js';
import { spreadsheetRowToContact, type SpreadsheetRow } from '../../common/spreadsheet.js';
import { placeholders } from '../../database/compiled-select.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { nextDay, serverZone, startOfDayIn } from '../dashboard/dashboard.rules.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { ContactEntity } from './entities/contact.entity.js';
import { TicketEntity } from './entities/ticket.entity.js';
import { toContact } from './mappers.js';
import { Outbound } from './outbound.js';
import type { ContactListQuery } from './query.schemas.js';
import { Transactions } from './transactions.js';

export interface ContactInput {
  name: string;
  number: string;
  email: string;
  extraInfo: ContactExtraInfo[];
}

/** The new-ticket search lists at most this many contacts. */
const PICKER_LIMIT = 50;
/** Rows per INSERT of an import, and numbers per lookup of the ones taken. */
const IMPORT_BATCH = 500;
/** Rows checked between two turns of the event loop. */
const CHECK_SLICE = 2_000;
/** Past this many contacts created at once, one `reload` event replaces the `create` of each. */
const EVENTS_PER_CONTACT_MAX = 100;
/** Rows per read of the CSV export. */
const EXPORT_PAGE = 2_000;

const emailSchema = yup.string().email();

/** A contact an import is about to create. */
interface Candidate {
  row: number;
  name: string;
  /** The stored form of the number, once checked. */
  number: string;
  /** The number as the row wrote it, for the report. */
  typed: string;
  email: string;
}

type ExportRow = { name: string; number: string; email: string };

@Injectable()
export class ContactsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
    private readonly tx: Transactions,
    private readonly outbound: Outbound,
  ) {}

  async list(auth: AuthUser, query: ContactListQuery): Promise<ContactsPage> {
    const qb = this.filtered(auth.companyId, query);
    const count = await qb.getCount();
    const rows = await qb
      .orderBy('c.name', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .skip((query.pageNumber - 1) * PAGE_SIZE)
      .take(PAGE_SIZE)
      .getMany();
    return { contacts: rows.map(toContact), count, hasMore: count > query.pageNumber * PAGE_SIZE };
  }

  /** For the new-ticket dialog's search (it starts searching at 3 typed characters). */
  async pick(auth: AuthUser, searchParam: string): Promise<Contact[]> {
    const rows = await this.search(this.ofCompany(auth.companyId), searchParam)
      .orderBy('c.name', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(PICKER_LIMIT)
      .getMany();
    return rows.map(toContact);
  }

  async findOne(auth: AuthUser, id: number): Promise<Contact> {
    return toContact(await this.load(auth.companyId, id));
  }

  async create(auth: AuthUser, input: ContactInput): Promise<Contact> {
    const number = this.numberOf(input.number, false);
    await this.assertNumberFree(auth.companyId, number, null);
    const entity = this.db.getRepository(ContactEntity).create({
      ...this.clean(input),
      number,
      companyId: auth.companyId,
      isGroup: false,
    });
    const contact = toContact(await this.save(entity));
    this.realtime.toCompany(auth.companyId, 'contact', { action: 'create', contact });
    return contact;
  }

  async update(auth: AuthUser, id: number, input: ContactInput): Promise<Contact> {
    const entity = await this.load(auth.companyId, id);
    // The number WhatsApp addresses the contact by stays as it is unless it really changed (both
    // forms of a Brazilian mobile are the same number): a form rewritten would stop replies.
    // An unchanged number is kept as it is, even one that is no phone number (a LID standing in).
    const unchanged = input.number.replace(/\D/g, '') === entity.number;
    const typed = unchanged ? entity.number : this.numberOf(input.number, entity.isGroup);
    const number = phoneNumberForms(entity.number).includes(typed) ? entity.number : typed;
    if (number !== entity.number) await this.assertNumberFree(auth.companyId, number, entity.id);
    const changed = this.db.getRepository(ContactEntity).merge(entity, { ...this.clean(input), number });
    const contact = toContact(await this.save(changed));
    this.realtime.toCompany(auth.companyId, 'contact', { action: 'update', contact });
    return contact;
  }

  /**
   * DELETE /contacts/{id}, for roles with `contacts-page:deleteContact`; anyone else gets 400 on
   * the contact (not 403: the existing clients read any 403 as an expired session and sign the
   * user out). A contact in a live conversation (an open or pending ticket) is not removed: 409
   * ERR_OTHER_OPEN_TICKET names that ticket, to be resolved first. A contact without tickets is
   * deleted. One whose closed tickets hold history keeps its row for them, stripped: no number
   * (a placeholder no message can match, so the person writing again starts a new contact), no
   * LID, e-mail, picture or extra fields, only the name the history shows, and `removedAt` set,
   * which hides it from every list, search, export and lookup.
   */
  async remove(auth: AuthUser, id: number): Promise<void> {
    if (!can(auth, 'contacts-page:deleteContact')) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'contact', message: V.notAllowed }] });
    }
    const entity = await this.load(auth.companyId, id);
    await this.tx.run(`contact:${entity.id}`, async (em) => {
      const tickets = em.getRepository(TicketEntity);
      const live = await tickets.findOne({
        where: { companyId: auth.companyId, contactId: entity.id, status: In(['open', 'pending']) },
        relations: { user: true, queue: true },
        order: { updatedAt: 'DESC' },
      });
      if (live) {
        const ticket: OpenTicketConflict = {
          id: live.id,
          uuid: live.uuid,
          status: live.status,
          user: live.user ? { name: live.user.name } : null,
          queue: live.queue ? { name: live.queue.name } : null,
        };
        throw new DomainError('ERR_OTHER_OPEN_TICKET', { ticket });
      }
      const contacts = em.getRepository(ContactEntity);
      if (!(await tickets.exists({ where: { contactId: entity.id } }))) {
        await contacts.delete({ id: entity.id });
        return;
      }
      const now = new Date();
      await contacts.update(
        { id: entity.id },
        {
          number: `removed:${entity.id}`,
          lid: null,
          email: '',
          profilePicUrl: '',
          extraInfo: [],
          removedAt: now,
          updatedAt: now,
        },
      );
    });
    this.realtime.toCompany(auth.companyId, 'contact', { action: 'delete', contactId: entity.id });
  }

  /**
   * POST /contacts/upload: each row (a spreadsheet's, or an object of the JSON array the existing
   * clients send) becomes a contact unless it is refused, with its row number and reason, in
   * `errorBag`: no number or one that is not a phone number, a bad e-mail or name, a number an
   * earlier row of the same upload had, a number a contact of the company already has (under
   * either form, see phoneNumberForms; it is left as it is). The rows are read and checked first,
   * so a file refused as a whole (not a spreadsheet, too many rows) adds nothing; the good rows are
   * then inserted IMPORT_BATCH at a time, each batch in its own short transaction.
   */
  async upload(auth: AuthUser, batches: AsyncIterable<SpreadsheetRow[]>): Promise<ContactUploadResult> {
    // The sheet is read through first, keeping only each row's texts, and checked after: the
    // reader's objects then die as soon as their piece of the sheet is read, rather than living on
    // through the checks' work (phone parsing, e-mail rules) long enough to be promoted to the old
    // generation. The row objects read become the candidates (no copy).
    const read: Candidate[] = [];
    for await (const batch of batches) {
      for (const { row, values } of batch) {
        const { name, number, email } = spreadsheetRowToContact(values);
        read.push({ row, name, number: '', typed: number, email });
      }
    }

    const errorBag: ContactUploadError[] = [];
    const refuse = (
      raw: Candidate,
      field: ContactUploadError['error']['field'],
      message: string,
      params?: Record<string, unknown>,
    ) =>
      errorBag.push({
        row: raw.row,
        contactName: raw.name,
        number: raw.typed,
        error: { message, field, ...(params ? { params } : {}) },
      });
    const candidates: Candidate[] = [];
    const firstRowOf = new Map<string, number>();
    for (const [index, raw] of read.entries()) {
      // Checking 100,000 rows takes more than a second: other requests get their turn meanwhile.
      if (index % CHECK_SLICE === CHECK_SLICE - 1) await new Promise((resume) => setImmediate(resume));
      if (!raw.typed) {
        refuse(raw, 'number', V.required);
        continue;
      }
      const number = normalizePhoneNumber(raw.typed);
      if (!number) {
        refuse(raw, 'number', V.phone);
        continue;
      }
      // A row without a name is named by its number, as a contact WhatsApp brings in is.
      const name = raw.name || number;
      if (name.length < 2) {
        refuse(raw, 'name', V.tooShort, { min: 2 });
        continue;
      }
      if (name.length > 50) {
        refuse(raw, 'name', V.tooLong, { max: 50 });
        continue;
      }
      if (raw.email.length > 120) {
        refuse(raw, 'email', V.tooLong, { max: 120 });
        continue;
      }
      if (raw.email && !emailSchema.isValidSync(raw.email)) {
        refuse(raw, 'email', V.email);
        continue;
      }
      const earlier = firstRowOf.get(number);
      if (earlier !== undefined) {
        refuse(raw, 'number', V.duplicateInFile, { row: earlier });
        continue;
      }
      firstRowOf.set(number, raw.row);
      raw.name = name;
      raw.number = number;
      candidates.push(raw);
    }
    read.length = 0;

    const newContacts: ContactUploadResult['newContacts'] = [];
    for (let start = 0; start < candidates.length; start += IMPORT_BATCH) {
      const batch = candidates.slice(start, start + IMPORT_BATCH);
      const { created, taken } = await this.insertNew(auth.companyId, batch);
      for (const candidate of taken) {
        errorBag.push({
          row: candidate.row,
          contactName: candidate.name,
          number: candidate.typed,
          error: { message: 'ERR_DUPLICATED_CONTACT', field: 'number' },
        });
      }
      for (const contact of created) newContacts.push({ contactId: contact.id, contactName: contact.name });
    }
    errorBag.sort((a, b) => a.row - b.row);
    await this.announceCreated(
      auth.companyId,
      newContacts.map((c) => c.contactId),
    );
    return { newContacts, errorBag };
  }

  /**
   * POST /contacts/import: the people of a connection's WhatsApp address book become contacts,
   * under the number WhatsApp addresses them by; people already contacts (under either form of
   * the number) are left as they are. `whatsappId` names the connection, else the company's
   * default one; it must be connected (400 ERR_WAPP_NOT_INITIALIZED otherwise).
   */
  async importFromConnection(auth: AuthUser, whatsappId: number | undefined): Promise<ContactImportResult> {
    const connection = await this.db.getRepository(WhatsappEntity).findOne({
      where:
        whatsappId === undefined
          ? { companyId: auth.companyId, isDefault: true }
          : { id: whatsappId, companyId: auth.companyId },
      select: { id: true, status: true },
    });
    if (!connection) throw new DomainError(whatsappId === undefined ? 'ERR_NO_DEF_WAPP_FOUND' : 'ERR_NO_WAPP_FOUND');
    if (connection.status !== 'CONNECTED') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    const book = await this.outbound.get().addressBook(connection.id);
    const people = new Map<string, Candidate>();
    for (const [index, entry] of book.entries()) {
      // A person is kept under WhatsApp's own form of their number; what is not a phone number
      // (a LID that slipped through, a service account) is left out.
      const canonical = normalizePhoneNumber(entry.number);
      if (!canonical || people.has(canonical)) continue;
      const name = (entry.name.trim() || entry.number).slice(0, 50);
      people.set(canonical, { row: index + 1, name, number: entry.number, typed: entry.number, email: '' });
    }
    const candidates = [...people.values()];
    const createdIds: number[] = [];
    let existing = 0;
    for (let start = 0; start < candidates.length; start += IMPORT_BATCH) {
      const { created, taken } = await this.insertNew(auth.companyId, candidates.slice(start, start + IMPORT_BATCH));
      createdIds.push(...created.map((c) => c.id));
      existing += taken.length;
    }
    await this.announceCreated(auth.companyId, createdIds);
    return { found: candidates.length, created: createdIds.length, existing };
  }

  /**
   * The contacts a list with these filters shows, in its order (name, then id), read EXPORT_PAGE at
   * a time by keyset (after the last name and id read), so an export of any size never holds more
   * than a page.
   */
  async *exportRows(auth: AuthUser, query: ContactListQuery): AsyncGenerator<ExportRow> {
    let after: { name: string; id: number } | null = null;
    for (;;) {
      const qb = this.filtered(auth.companyId, query)
        .select(['c.id AS id', 'c.name AS name', 'c.number AS number', 'c.email AS email'])
        .orderBy('c.name', 'ASC')
        .addOrderBy('c.id', 'ASC')
        .limit(EXPORT_PAGE);
      if (after) {
        qb.andWhere(
          new Brackets((w) => {
            w.where('c.name > :afterName', { afterName: after!.name }).orWhere(
              'c.name = :afterName AND c.id > :afterId',
              { afterName: after!.name, afterId: after!.id },
            );
          }),
        );
      }
      const rows = await qb.getRawMany<{ id: number | string; name: string; number: string; email: string | null }>();
      for (const row of rows) yield { name: row.name, number: row.number, email: row.email ?? '' };
      if (rows.length < EXPORT_PAGE) return;
      const last = rows[rows.length - 1];
      after = { name: last.name, id: Number(last.id) };
    }
  }

  /**
   * Inserts the candidates whose numbers no contact of the company has (under either form). The
   * statements are written here, one INSERT of the whole batch, rather than built by TypeORM: for
   * 100,000 rows its query builder allocated about 8 KB a row, which dominated the import's memory.
   * The values go through the driver's own conversions (dates, booleans, JSON) as TypeORM's would.
   */
  private async insertNew(
    companyId: number,
    batch: Candidate[],
  ): Promise<{ created: { id: number; name: string }[]; taken: Candidate[] }> {
    return this.tx.run(`contacts-import:${companyId}`, async (em) => {
      const taken = await this.takenNumbers(
        em,
        companyId,
        batch.map((c) => c.number),
      );
      const fresh = batch.filter((c) => !taken.has(phoneNumberForms(c.number)[0]));
      const refused = batch.filter((c) => taken.has(phoneNumberForms(c.number)[0]));
      if (!fresh.length) return { created: [], taken: refused };
      const { driver } = em.connection;
      const metadata = em.connection.getMetadata(ContactEntity);
      const stored = (property: keyof ContactEntity, value: unknown): unknown =>
        driver.preparePersistentValue(value, metadata.findColumnWithPropertyName(property)!);
      const now = stored('createdAt', new Date());
      const fixed = [stored('isGroup', false), stored('extraInfo', []), now, now];
      const columns = ['companyId', 'name', 'number', 'email', 'isGroup', 'extraInfo', 'createdAt', 'updatedAt'];
      const insert = (rows: Candidate[]) =>
        em.query(
          `INSERT INTO contacts (${columns.join(', ')}) VALUES ${rows.map(() => `(${placeholders(columns)})`).join(', ')}`,
          rows.flatMap((c) => [companyId, c.name, c.number, c.email, ...fixed]),
        );
      let inserted = fresh;
      try {
        await insert(fresh);
      } catch (error) {
        // Someone added one of these numbers meanwhile (the unique key says so): row by row.
        if (!isUniqueViolation(error)) throw error;
        inserted = [];
        for (const candidate of fresh) {
          try {
            await insert([candidate]);
            inserted.push(candidate);
          } catch (single) {
            if (!isUniqueViolation(single)) throw single;
            refused.push(candidate);
          }
        }
      }
      const numbers = inserted.map((c) => c.number);
      const ids = (await em.query(
        `SELECT id, number FROM contacts WHERE companyId = ? AND number IN (${placeholders(numbers)})`,
        [companyId, ...numbers],
      )) as { id: number | string; number: string }[];
      const idOf = new Map(ids.map((c) => [c.number, Number(c.id)]));
      return {
        created: inserted.map((c) => ({ id: idOf.get(c.number)!, name: c.name })),
        taken: refused,
      };
    });
  }

  /** Of these numbers, the ones (by their first form) a contact of the company already has in either form. */
  private async takenNumbers(em: EntityManager, companyId: number, numbers: string[]): Promise<Set<string>> {
    const forms = [...new Set(numbers.flatMap((n) => phoneNumberForms(n)))];
    const rows = (await em.query(
      `SELECT number FROM contacts WHERE companyId = ? AND number IN (${placeholders(forms)})`,
      [companyId, ...forms],
    )) as { number: string }[];
    return new Set(rows.map((c) => phoneNumberForms(c.number)[0]));
  }

  /** A few new contacts are announced one by one; many, with one `reload` for lists to fetch again. */
  private async announceCreated(companyId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    if (ids.length > EVENTS_PER_CONTACT_MAX) {
      this.realtime.toCompany(companyId, 'contact', { action: 'reload' });
      return;
    }
    const rows = await this.db.getRepository(ContactEntity).findBy({ id: In(ids) });
    for (const row of rows)
      this.realtime.toCompany(companyId, 'contact', { action: 'create', contact: toContact(row) });
  }

  /** The company's contacts (removed ones left out) matching a list's search and date filters. */
  private filtered(companyId: number, query: ContactListQuery): SelectQueryBuilder<ContactEntity> {
    const qb = this.search(this.ofCompany(companyId), query.searchParam);
    const zone = serverZone();
    const from = query.date ?? query.dateStart;
    const until = query.date ?? query.dateEnd;
    if (from) qb.andWhere('c.createdAt >= :from', { from: startOfDayIn(from, zone) });
    if (until) qb.andWhere('c.createdAt < :until', { until: startOfDayIn(nextDay(until), zone) });
    return qb;
  }

  /**
   * A search over name, e-mail and number; a search that reads as a phone number ("(11) 98765")
   * also finds the number by its digits, as numbers are stored without formatting.
   */
  private search(qb: SelectQueryBuilder<ContactEntity>, searchParam: string): SelectQueryBuilder<ContactEntity> {
    const text = searchParam.trim().toLowerCase();
    if (!text) return qb;
    const digits = text.replace(/\D/g, '');
    if (!/^[\d\s()+.-]+$/.test(text) || !digits)
      return whereContains(qb, text, ['LOWER(c.name)', 'c.number', 'LOWER(c.email)']);
    return qb.andWhere(
      new Brackets((w) => {
        w.where(like('LOWER(c.name)', ':text'), { text: likePattern(text) })
          .orWhere(like('LOWER(c.email)', ':text'))
          .orWhere(like('c.number', ':digits'), { digits: likePattern(digits) });
      }),
    );
  }

  private ofCompany(companyId: number): SelectQueryBuilder<ContactEntity> {
    return this.db
      .getRepository(ContactEntity)
      .createQueryBuilder('c')
      .where('c.companyId = :companyId', { companyId })
      .andWhere('c.removedAt IS NULL');
  }

  private async load(companyId: number, id: number): Promise<ContactEntity> {
    const found = await this.db.getRepository(ContactEntity).findOneBy({ id, companyId, removedAt: IsNull() });
    if (!found) throw new DomainError('ERR_NO_CONTACT_FOUND');
    return found;
  }

  /** The stored form of a typed number (see contactNumberOf); 400 on `number` when it is none. */
  private numberOf(raw: string, isGroup: boolean): string {
    const number = contactNumberOf(raw, isGroup);
    if (!number) throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'number', message: V.phone }] });
    return number;
  }

  /** 409 ERR_DUPLICATED_CONTACT when another contact has the number in either of its forms. */
  private async assertNumberFree(companyId: number, number: string, self: number | null): Promise<void> {
    const taken = await this.db.getRepository(ContactEntity).exists({
      where: { companyId, number: In(phoneNumberForms(number)), ...(self === null ? {} : { id: Not(self) }) },
    });
    if (taken) throw new DomainError('ERR_DUPLICATED_CONTACT');
  }

  private clean(input: ContactInput): Partial<ContactEntity> {
    return { name: input.name, email: input.email ?? '', extraInfo: input.extraInfo ?? [] };
  }

  /** The unique (company, number) key decides; the pre-check would race. */
  private async save(entity: ContactEntity): Promise<ContactEntity> {
    try {
      return await this.db.getRepository(ContactEntity).save(entity);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_DUPLICATED_CONTACT');
      throw error;
    }
  }
}
