import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  rooms,
  type Announcement,
  type AnnouncementInput,
  type AnnouncementsPage,
  type CompanyEventPayloads,
} from '@atendo/shared';
import { Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { AnnouncementMedia } from './announcement-media.js';
import { AnnouncementEntity } from './entities/announcement.entity.js';

export function toAnnouncement(a: AnnouncementEntity): Announcement {
  return {
    id: a.id,
    title: a.title,
    text: a.text,
    priority: a.priority,
    status: a.status,
    mediaPath: a.mediaPath,
    mediaName: a.mediaName,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/**
 * Announcements belong to the platform. Everyone reads the active ones; the super-admin also sees
 * the inactive ones (drafts and retired notices) and is the only one to write.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    @InjectRepository(AnnouncementEntity) private readonly announcements: Repository<AnnouncementEntity>,
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly media: AnnouncementMedia,
    private readonly realtime: RealtimeService,
  ) {}

  async page(auth: AuthUser, query: ListQuery): Promise<AnnouncementsPage> {
    const qb = this.announcements.createQueryBuilder('a');
    if (!auth.super) qb.where('a.status = :status', { status: true });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(a.title)', 'LOWER(a.text)'],
      order: [
        ['a.createdAt', 'DESC'],
        ['a.id', 'DESC'],
      ],
    });
    return { records: rows.map(toAnnouncement), count, hasMore };
  }

  async findOne(auth: AuthUser, id: number): Promise<Announcement> {
    return toAnnouncement(await this.load(auth, id));
  }

  async create(auth: AuthUser, input: AnnouncementInput): Promise<Announcement> {
    const saved = await this.announcements.save(
      this.announcements.create({ ...input, mediaPath: null, mediaName: null }),
    );
    const record = toAnnouncement(saved);
    await this.broadcast('create', record);
    return record;
  }

  async update(auth: AuthUser, id: number, input: AnnouncementInput): Promise<Announcement> {
    const entity = await this.load(auth, id);
    const record = toAnnouncement(await this.announcements.save(this.announcements.merge(entity, input)));
    await this.broadcast('update', record);
    return record;
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    const entity = await this.load(auth, id);
    await this.announcements.delete({ id });
    await this.media.remove(entity.mediaPath);
    await this.broadcast('delete', toAnnouncement(entity));
  }

  /** Gives the announcement this attachment, in place of the one it had. */
  async attach(auth: AuthUser, id: number, file: { data: Buffer; filename: string }): Promise<Announcement> {
    const entity = await this.load(auth, id);
    const stored = await this.media.save(file.data, file.filename);
    const previous = entity.mediaPath;
    let saved: AnnouncementEntity;
    try {
      saved = await this.announcements.save(this.announcements.merge(entity, stored));
    } catch (error) {
      await this.media.remove(stored.mediaPath);
      throw error;
    }
    await this.media.remove(previous);
    const record = toAnnouncement(saved);
    await this.broadcast('update', record);
    return record;
  }

  async detach(auth: AuthUser, id: number): Promise<Announcement> {
    const entity = await this.load(auth, id);
    const previous = entity.mediaPath;
    const record = toAnnouncement(
      await this.announcements.save(this.announcements.merge(entity, { mediaPath: null, mediaName: null })),
    );
    await this.media.remove(previous);
    await this.broadcast('update', record);
    return record;
  }

  private async load(auth: AuthUser, id: number): Promise<AnnouncementEntity> {
    const entity = await this.announcements.findOneBy({ id });
    // An inactive announcement does not exist for anyone but the super-admin.
    if (!entity || (!entity.status && !auth.super)) throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND');
    return entity;
  }

  /**
   * Platform-wide: every company's sockets hear `company-{id}-announcement`, and the unscoped
   * `company-announcement` the existing clients listen to. An inactive one reaches only the
   * super-admins' sockets; everyone else is told it is gone, so no draft leaks and a retired notice
   * leaves every popover at once.
   */
  private async broadcast(action: 'create' | 'update' | 'delete', record: Announcement): Promise<void> {
    const companies = await this.companies.find({ select: { id: true } });
    const everyone = companies.map(({ id }) => rooms.company(id));
    const gone: CompanyEventPayloads['announcement'] = { action: 'delete', id: record.id };
    if (action === 'delete' || record.status) {
      const payload: CompanyEventPayloads['announcement'] = action === 'delete' ? gone : { action, record };
      for (const { id } of companies) this.realtime.toCompany(id, 'announcement', payload);
      this.realtime.announce(everyone, payload);
      return;
    }
    const supers = await this.users.find({ where: { super: true }, select: { id: true, companyId: true } });
    const superRooms = supers.map((u) => rooms.user(u.companyId, u.id));
    for (const { id } of companies) this.realtime.toRooms([rooms.company(id)], id, 'announcement', gone, superRooms);
    this.realtime.announce(everyone, gone, superRooms);
    for (const u of supers) {
      this.realtime.toRoom(rooms.user(u.companyId, u.id), u.companyId, 'announcement', { action, record });
    }
    this.realtime.announce(superRooms, { action, record });
  }
}
