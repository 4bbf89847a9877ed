import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  rooms,
  V,
  type Message,
  type QuickMessage,
  type QuickMessageInput,
  type QuickMessageSendInput,
  type QuickMessagesPage,
} from '@atendo/shared';
import { Brackets, DataSource, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { MessagesService } from '../conversations/messages.service.js';
import { attachmentType, displayName, type UploadedPart } from '../media/attachment.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { QuickMessageEntity } from './entities/quick-message.entity.js';

export function toQuickMessage(q: QuickMessageEntity): QuickMessage {
  return {
    id: q.id,
    companyId: q.companyId,
    userId: q.userId,
    shortcode: q.shortcode,
    message: q.message,
    geral: !!q.geral,
    status: q.status,
    isMedia: !!q.isMedia,
    mediaPath: q.mediaPath,
    mediaName: q.mediaName,
  };
}

/**
 * Quick messages (spec 2 §2): the answers an agent inserts with "/" in the composer. A shared one
 * (`geral`) is the whole company's; a personal one exists only for its author, to everyone else
 * (admins included) as if it did not. Its author and the company's admins change and delete it.
 * An attachment is kept with the company's media and sent from there into a ticket, so the agent's
 * app never fetches and uploads it again.
 */
@Injectable()
export class QuickMessagesService {
  private readonly repo: Repository<QuickMessageEntity>;

  constructor(
    @InjectDataSource() db: DataSource,
    private readonly realtime: RealtimeService,
    private readonly media: MediaStore,
    private readonly messages: MessagesService,
  ) {
    this.repo = db.getRepository(QuickMessageEntity);
  }

  /** The rows the caller may see: the company's shared ones and their own. */
  private visible(auth: AuthUser): SelectQueryBuilder<QuickMessageEntity> {
    return this.repo
      .createQueryBuilder('q')
      .where('q.companyId = :companyId', { companyId: auth.companyId })
      .andWhere(new Brackets((w) => w.where('q.geral = :shared', { shared: true }).orWhere('q.userId = :userId')))
      .setParameter('userId', auth.userId);
  }

  /** GET /quick-messages: by shortcode, 20 a page, searched in the shortcode and the text. */
  async page(auth: AuthUser, query: ListQuery): Promise<QuickMessagesPage> {
    const { rows, count, hasMore } = await searchPage(this.visible(auth), query, {
      search: ['LOWER(q.shortcode)', 'LOWER(q.message)'],
      order: [
        ['q.shortcode', 'ASC'],
        ['q.id', 'ASC'],
      ],
    });
    return { records: rows.map(toQuickMessage), count, hasMore };
  }

  /** GET /quick-messages/list: every one the caller may use, for the composer's suggestions. */
  async all(auth: AuthUser): Promise<QuickMessage[]> {
    const rows = await this.visible(auth).orderBy('q.shortcode', 'ASC').addOrderBy('q.id', 'ASC').getMany();
    return rows.map(toQuickMessage);
  }

  async findOne(auth: AuthUser, id: number): Promise<QuickMessage> {
    return toQuickMessage(await this.load(auth, id));
  }

  async create(auth: AuthUser, input: QuickMessageInput): Promise<QuickMessage> {
    const saved = await this.repo.save(
      this.repo.create({
        companyId: auth.companyId,
        userId: auth.userId,
        shortcode: input.shortcode,
        message: input.message,
        geral: input.geral,
      }),
    );
    const record = toQuickMessage(saved);
    this.announce('create', null, record);
    return record;
  }

  async update(auth: AuthUser, id: number, input: QuickMessageInput): Promise<QuickMessage> {
    const entity = await this.loadToChange(auth, id);
    const before = toQuickMessage(entity);
    const saved = await this.repo.save(
      this.repo.merge(entity, { shortcode: input.shortcode, message: input.message, geral: input.geral }),
    );
    const record = toQuickMessage(saved);
    this.announce('update', before, record);
    return record;
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    const entity = await this.loadToChange(auth, id);
    await this.repo.delete({ id: entity.id, companyId: auth.companyId });
    await this.media.remove(entity.mediaPath);
    this.announce('delete', toQuickMessage(entity), null);
  }

  /** Keeps the file (checked by its bytes) as the attachment, in place of any previous one. */
  async attach(auth: AuthUser, id: number, file: UploadedPart): Promise<QuickMessage> {
    const entity = await this.loadToChange(auth, id);
    await attachmentType(this.media, file, 'file');
    const mediaName = displayName(file.filename) || 'file';
    const mediaPath = await this.media.save(companyFolder(auth.companyId), file.data, mediaName);
    const previous = entity.mediaPath;
    const before = toQuickMessage(entity);
    const saved = await this.repo.save(this.repo.merge(entity, { isMedia: true, mediaPath, mediaName }));
    await this.media.remove(previous);
    const record = toQuickMessage(saved);
    this.announce('update', before, record);
    return record;
  }

  async detach(auth: AuthUser, id: number): Promise<QuickMessage> {
    const entity = await this.loadToChange(auth, id);
    const before = toQuickMessage(entity);
    const saved = await this.repo.save(this.repo.merge(entity, { isMedia: false, mediaPath: null, mediaName: null }));
    await this.media.remove(before.mediaPath);
    const record = toQuickMessage(saved);
    this.announce('update', before, record);
    return record;
  }

  /**
   * Sends the attachment into a ticket as the caller, through the same path as a file attached in
   * the composer (the ticket must be open and the caller's to see). Only a file of the caller's
   * company is ever read: the store refuses a path outside the company's folder.
   */
  async send(auth: AuthUser, id: number, input: QuickMessageSendInput): Promise<Message> {
    const quick = await this.load(auth, id);
    const data = quick.mediaPath ? await this.media.read(companyFolder(auth.companyId), quick.mediaPath) : null;
    if (!data) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'mediaPath', message: V.required }] });
    }
    const [message] = await this.messages.sendMedia(
      auth,
      input.ticketId,
      [
        {
          data,
          mimetype: (await this.media.typeOf(data)) ?? 'application/octet-stream',
          filename: quick.mediaName || 'file',
        },
      ],
      { bodies: input.body ? [input.body] : [], quotedMsgId: input.quotedMsgId ?? null },
    );
    return message;
  }

  private async load(auth: AuthUser, id: number): Promise<QuickMessageEntity> {
    const found = await this.visible(auth).andWhere('q.id = :id', { id }).getOne();
    if (!found) throw new DomainError('ERR_NOT_FOUND');
    return found;
  }

  /** A quick message the caller may see and change: their own, or a shared one for an admin. */
  private async loadToChange(auth: AuthUser, id: number): Promise<QuickMessageEntity> {
    const entity = await this.load(auth, id);
    if (entity.userId !== auth.userId && auth.profile !== 'admin') throw new DomainError('ERR_NO_PERMISSION');
    return entity;
  }

  /**
   * Tells each socket what it may know: a shared quick message goes to the whole company, a
   * personal one to its author's sockets; one that stops being shared leaves everyone else's lists.
   */
  private announce(
    action: 'create' | 'update' | 'delete',
    before: QuickMessage | null,
    after: QuickMessage | null,
  ): void {
    const current = after ?? before;
    if (!current) return;
    const { companyId, userId, id } = current;
    const author = userId === null ? null : rooms.user(companyId, userId);
    const wasShared = !!before?.geral;
    if (!after) {
      if (wasShared) this.realtime.toCompany(companyId, 'quickmessage', { action: 'delete', id });
      else if (author) this.realtime.toRoom(author, companyId, 'quickmessage', { action: 'delete', id });
      return;
    }
    const change = { action: action === 'create' ? 'create' : 'update', record: after } as const;
    if (after.geral) {
      this.realtime.toCompany(companyId, 'quickmessage', change);
      return;
    }
    if (wasShared) {
      this.realtime.toRooms(
        [rooms.company(companyId)],
        companyId,
        'quickmessage',
        { action: 'delete', id },
        author ? [author] : [],
      );
    }
    if (author) this.realtime.toRoom(author, companyId, 'quickmessage', change);
  }
}
