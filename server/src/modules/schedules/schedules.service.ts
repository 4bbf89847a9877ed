import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  SCHEDULE_ATTACHMENT_MIMETYPES,
  SCHEDULE_MEDIA_MAX_MIB,
  SCHEDULES_PAGE_SIZE,
  SCHEDULES_RANGE_LIMIT,
  V,
  isScheduleEditable,
  type Schedule,
  type SchedulesPage,
} from '@atendo/shared';
import { DataSource, IsNull, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { whereContains } from '../../common/pagination.js';
import { ContactEntity } from '../conversations/entities/contact.entity.js';
import { openKeyOf, TicketEntity } from '../conversations/entities/ticket.entity.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { canSeeTicket } from '../conversations/visibility.js';
import { newMessageId } from '../dispatch/delivery.js';
import { Dispatcher } from '../dispatch/dispatcher.js';
import { scheduleQuery } from '../dispatch/schedule-runner.js';
import { attachmentType, displayName, type UploadedPart } from '../media/attachment.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { ScheduleEntity } from './entities/schedule.entity.js';
import type { ScheduleInput, ScheduleListQuery } from './schedules.schemas.js';
import { toSchedule } from './schedules.mapper.js';

/**
 * Scheduled messages (spec 1 §5 Schedule, spec 2 Schedules): what and when, for every user of the
 * company. The dispatcher sends them (see Dispatcher); here they are written while they may change.
 */
@Injectable()
export class SchedulesService {
  private readonly repo: Repository<ScheduleEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly dispatcher: Dispatcher,
    private readonly media: MediaStore,
    private readonly realtime: RealtimeService,
    private readonly reader: TicketReader,
  ) {
    this.repo = db.getRepository(ScheduleEntity);
  }

  async page(auth: AuthUser, query: ScheduleListQuery): Promise<SchedulesPage> {
    const qb = scheduleQuery(this.repo).where('s.companyId = :companyId', { companyId: auth.companyId });
    if (query.contactId) qb.andWhere('s.contactId = :contactId', { contactId: query.contactId });
    const ranged = !!(query.startDate && query.endDate);
    if (ranged) {
      qb.andWhere('s.sendAt >= :start AND s.sendAt < :end', { start: query.startDate, end: query.endDate });
    }
    whereContains(qb, query.searchParam, ['LOWER(c.name)', 'c.number', 'LOWER(s.body)']);
    const size = ranged ? SCHEDULES_RANGE_LIMIT : SCHEDULES_PAGE_SIZE;
    const count = await qb.getCount();
    const rows = await qb
      .orderBy('s.sendAt', ranged ? 'ASC' : 'DESC')
      .addOrderBy('s.id', ranged ? 'ASC' : 'DESC')
      .skip((query.pageNumber - 1) * size)
      .take(size)
      .getMany();
    return { schedules: rows.map(toSchedule), count, hasMore: count > query.pageNumber * size };
  }

  async findOne(auth: AuthUser, id: number): Promise<Schedule> {
    return toSchedule(await this.load(auth, id));
  }

  async create(auth: AuthUser, input: ScheduleInput): Promise<Schedule> {
    const refs = await this.refs(auth, input);
    const inserted = await this.repo.insert({
      companyId: auth.companyId,
      contactId: input.contactId,
      userId: auth.userId,
      ticketId: refs.ticketId,
      whatsappId: refs.whatsappId,
      body: input.body,
      sendAt: input.sendAt,
      status: 'PENDENTE',
      providerId: newMessageId(),
    });
    const saved = await this.load(auth, Number(inserted.identifiers[0].id));
    return this.announce(saved, 'create');
  }

  async update(auth: AuthUser, id: number, input: ScheduleInput): Promise<Schedule> {
    const entity = await this.loadToChange(auth, id);
    const refs = await this.refs(auth, input);
    // Only while nobody holds it: a dispatcher that claimed it meanwhile sends what it claimed.
    const result = await this.repo.update(
      { id: entity.id, claimToken: IsNull(), sentAt: IsNull() },
      {
        contactId: input.contactId,
        ticketId: refs.ticketId,
        whatsappId: refs.whatsappId,
        body: input.body,
        sendAt: input.sendAt,
        // A failed one edited is tried again, under a new id: the failed send never reached anyone.
        ...(entity.status === 'ERRO' ? { status: 'PENDENTE' as const, error: null, providerId: newMessageId() } : {}),
      },
    );
    if (result.affected !== 1) throw new DomainError('ERR_SCHEDULE_NOT_EDITABLE');
    return this.announce(await this.load(auth, id), 'update');
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    const entity = await this.load(auth, id);
    await this.repo.delete({ id: entity.id });
    // A sent message keeps its file: it is the message's own in the ticket now.
    if (!entity.sentAt) await this.media.remove(entity.mediaPath);
    this.realtime.toCompany(auth.companyId, 'schedule', { action: 'delete', scheduleId: entity.id });
  }

  async attach(auth: AuthUser, id: number, file: UploadedPart): Promise<Schedule> {
    const entity = await this.loadToChange(auth, id);
    if (file.truncated || file.data.length > SCHEDULE_MEDIA_MAX_MIB * 1024 * 1024) {
      throw new DomainError('ERR_VALIDATION', {
        fields: [{ field: 'file', message: V.fileTooLarge, params: { max: SCHEDULE_MEDIA_MAX_MIB } }],
      });
    }
    const type = await attachmentType(this.media, file, 'file');
    if (!(SCHEDULE_ATTACHMENT_MIMETYPES as readonly string[]).includes(type)) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message: V.fileType }] });
    }
    const mediaName = displayName(file.filename) || 'image';
    const mediaPath = await this.media.save(companyFolder(auth.companyId), file.data, mediaName);
    const result = await this.repo.update(
      { id: entity.id, claimToken: IsNull(), sentAt: IsNull() },
      { mediaPath, mediaName },
    );
    if (result.affected !== 1) {
      await this.media.remove(mediaPath);
      throw new DomainError('ERR_SCHEDULE_NOT_EDITABLE');
    }
    await this.media.remove(entity.mediaPath);
    return this.announce(await this.load(auth, id), 'update');
  }

  async detach(auth: AuthUser, id: number): Promise<Schedule> {
    const entity = await this.loadToChange(auth, id);
    const result = await this.repo.update(
      { id: entity.id, claimToken: IsNull(), sentAt: IsNull() },
      { mediaPath: null, mediaName: null },
    );
    if (result.affected !== 1) throw new DomainError('ERR_SCHEDULE_NOT_EDITABLE');
    await this.media.remove(entity.mediaPath);
    return this.announce(await this.load(auth, id), 'update');
  }

  private async announce(entity: ScheduleEntity, action: 'create' | 'update'): Promise<Schedule> {
    const schedule = toSchedule(entity);
    this.realtime.toCompany(entity.companyId, 'schedule', { action, schedule });
    // Due now (or within a sweep): the dispatcher looks at once rather than at its next period.
    if (entity.sendAt.getTime() <= Date.now() + 2_000) await this.dispatcher.wake();
    return schedule;
  }

  private async load(auth: AuthUser, id: number): Promise<ScheduleEntity> {
    const found = await scheduleQuery(this.repo)
      .where('s.id = :id AND s.companyId = :companyId', { id, companyId: auth.companyId })
      .getOne();
    if (!found) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
    return found;
  }

  private async loadToChange(auth: AuthUser, id: number): Promise<ScheduleEntity> {
    const entity = await this.load(auth, id);
    if (!isScheduleEditable({ status: entity.status, sentAt: entity.sentAt?.toISOString() ?? null }))
      throw new DomainError('ERR_SCHEDULE_NOT_EDITABLE');
    return entity;
  }

  /**
   * The contact must be the company's and still reachable; the connection is the one named, else
   * the ticket's, else the author's, else the company's default, fixed now so the sender knows
   * whether it is connected. A schedule writes into a ticket (the one named, and at sendAt the
   * contact's live one on the connection, see Delivery): the author must be allowed to read it,
   * with the same answers as reading it (another company's 404, one out of their sight 403).
   */
  private async refs(
    auth: AuthUser,
    input: ScheduleInput,
  ): Promise<{ ticketId: number | null; whatsappId: number | null }> {
    const contact = await this.db.getRepository(ContactEntity).findOne({
      where: { id: input.contactId, companyId: auth.companyId, removedAt: IsNull() },
      select: { id: true },
    });
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    let named: TicketEntity | null = null;
    if (input.ticketId) {
      named = (await this.reader.accessible(auth, { id: input.ticketId })).entity;
      if (named.contactId !== input.contactId) throw new DomainError('ERR_NO_TICKET_FOUND');
    }
    const whatsappId = await this.connectionOf(auth, input, named);
    const live = await this.reader.live(openKeyOf({ companyId: auth.companyId, contactId: contact.id, whatsappId }));
    if (live && live.id !== named?.id && !canSeeTicket(await this.reader.viewer(auth), live)) {
      throw new DomainError('ERR_NO_PERMISSION');
    }
    return { ticketId: named?.id ?? null, whatsappId };
  }

  private async connectionOf(auth: AuthUser, input: ScheduleInput, ticket: TicketEntity | null): Promise<number> {
    const whatsapps = this.db.getRepository(WhatsappEntity);
    if (input.whatsappId) {
      if (!(await whatsapps.exists({ where: { id: input.whatsappId, companyId: auth.companyId } }))) {
        throw new DomainError('ERR_NO_WAPP_FOUND');
      }
      return input.whatsappId;
    }
    if (ticket?.whatsappId) return ticket.whatsappId;
    const user = await this.db
      .getRepository(UserEntity)
      .findOne({ where: { id: auth.userId, companyId: auth.companyId }, select: { id: true, whatsappId: true } });
    const fallback =
      user?.whatsappId ??
      (await whatsapps.findOne({ where: { companyId: auth.companyId, isDefault: true }, select: { id: true } }))?.id ??
      null;
    if (!fallback) throw new DomainError('ERR_NO_DEF_WAPP_FOUND');
    return fallback;
  }
}
