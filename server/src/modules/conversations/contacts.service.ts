import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Contact, ContactExtraInfo } from '@atendo/shared';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany, searchPage, whereContains, type ListQuery } from '../../common/pagination.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ContactEntity } from './entities/contact.entity.js';
import { toContact } from './mappers.js';

export interface ContactInput {
  name: string;
  number: string;
  email: string;
  extraInfo: ContactExtraInfo[];
}

/** The new-ticket search lists at most this many contacts. */
const PICKER_LIMIT = 50;
/** What a contact search looks in: name, number and e-mail. */
const CONTACT_SEARCH = ['LOWER(c.name)', 'c.number', 'LOWER(c.email)'];

@Injectable()
export class ContactsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async list(auth: AuthUser, query: ListQuery) {
    const { rows, count, hasMore } = await searchPage(this.ofCompany(auth.companyId), query, {
      search: CONTACT_SEARCH,
      order: [
        ['c.name', 'ASC'],
        ['c.id', 'ASC'],
      ],
    });
    return { contacts: rows.map(toContact), count, hasMore };
  }

  /** For the new-ticket dialog's search (it starts searching at 3 typed characters). */
  async pick(auth: AuthUser, searchParam: string): Promise<Contact[]> {
    const rows = await whereContains(this.ofCompany(auth.companyId), searchParam, CONTACT_SEARCH)
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
    const contact = toContact(
      await this.save(this.db.getRepository(ContactEntity).create({ ...this.clean(input), companyId: auth.companyId })),
    );
    this.realtime.toCompany(auth.companyId, 'contact', { action: 'create', contact });
    return contact;
  }

  async update(auth: AuthUser, id: number, input: ContactInput): Promise<Contact> {
    const entity = await this.load(auth.companyId, id);
    const contact = toContact(await this.save(this.db.getRepository(ContactEntity).merge(entity, this.clean(input))));
    this.realtime.toCompany(auth.companyId, 'contact', { action: 'update', contact });
    return contact;
  }

  private ofCompany(companyId: number): SelectQueryBuilder<ContactEntity> {
    return this.db
      .getRepository(ContactEntity)
      .createQueryBuilder('c')
      .where('c.companyId = :companyId', { companyId });
  }

  private load(companyId: number, id: number): Promise<ContactEntity> {
    return findInCompany(this.db.getRepository(ContactEntity), companyId, id, 'ERR_NO_CONTACT_FOUND');
  }

  /** Numbers are stored as WhatsApp addresses them: digits only, country code first. */
  private clean(input: ContactInput): Partial<ContactEntity> {
    const number = input.number.replace(/\D/g, '');
    if (number.length < 8) {
      throw new DomainError('ERR_VALIDATION', {
        fields: [{ field: 'number', message: 'validation.tooShort', params: { min: 8 } }],
      });
    }
    return { name: input.name, number, email: input.email ?? '', extraInfo: input.extraInfo ?? [] };
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
