import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Help, HelpInput, HelpsPage } from '@atendo/shared';
import { Repository } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { HelpEntity } from './entities/help.entity.js';

function toHelp(h: HelpEntity): Help {
  return { id: h.id, title: h.title, description: h.description, video: h.video };
}

/** Help videos are the platform's, not a company's: no tenant filter, writes for the super-admin only. */
@Injectable()
export class HelpsService {
  constructor(@InjectRepository(HelpEntity) private readonly helps: Repository<HelpEntity>) {}

  async page(query: ListQuery): Promise<HelpsPage> {
    const { rows, count, hasMore } = await searchPage(this.helps.createQueryBuilder('h'), query, {
      search: ['LOWER(h.title)', 'LOWER(h.description)'],
      order: [
        ['h.title', 'ASC'],
        ['h.id', 'ASC'],
      ],
    });
    return { records: rows.map(toHelp), count, hasMore };
  }

  async list(): Promise<Help[]> {
    const rows = await this.helps.find({ order: { title: 'ASC', id: 'ASC' } });
    return rows.map(toHelp);
  }

  async findOne(id: number): Promise<Help> {
    return toHelp(await this.load(id));
  }

  async create(input: HelpInput): Promise<Help> {
    return toHelp(await this.helps.save(this.helps.create(input)));
  }

  async update(id: number, input: HelpInput): Promise<Help> {
    const help = await this.load(id);
    return toHelp(await this.helps.save(this.helps.merge(help, input)));
  }

  async remove(id: number): Promise<void> {
    const { affected } = await this.helps.delete({ id });
    if (!affected) throw new DomainError('ERR_NO_HELP_FOUND');
  }

  private async load(id: number): Promise<HelpEntity> {
    const help = await this.helps.findOneBy({ id });
    if (!help) throw new DomainError('ERR_NO_HELP_FOUND');
    return help;
  }
}
