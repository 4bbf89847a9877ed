import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Contact, ContactExtraInfo } from '@atendo/shared';
import { Brackets, DataSource, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { like, likePattern, PAGE_SIZE } from '../../common/pagination.js';
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

@Injectable()
export class ContactsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async list(auth: AuthUser, query: { searchParam: string; pageNumber: number }) {
    const qb = this.matching(auth.companyId, query.searchParam);
    const count = await qb.getCount();
    const rows = await qb
      .orderBy('c.name', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .offset((query.pageNumber - 1) * PAGE_SIZE)
      .limit(PAGE_SIZE)
      .getMany();
    return { contacts: rows.map(toContact), count, hasMore: count > query.pageNumber * PAGE_SIZE };
  }

  /** For the new-ticket dialog's search (it starts searching at 3 typed characters). */
  async pick(auth: AuthUser, searchParam: string): Promise<Contact[]> {
    const rows = await this.matching(auth.companyId, searchParam)
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

  private matching(companyId: number, search: string): SelectQueryBuilder<ContactEntity> {
    const qb = this.db
      .getRepository(ContactEntity)
      .createQueryBuilder('c')
      .where('c.companyId = :companyId', { companyId });
    if (search) {
      const pattern = likePattern(search.toLowerCase());
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(like('LOWER(c.name)'), { pattern })
            .orWhere(like('c.number'), { pattern })
            .orWhere(like('LOWER(c.email)'), { pattern }),
        ),
      );
    }
    return qb;
  }

  private async load(companyId: number, id: number): Promise<ContactEntity> {
    const contact = await this.db.getRepository(ContactEntity).findOneBy({ id, companyId });
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    return contact;
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
