import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MESSAGE_FIELDS,
  CAMPAIGN_TRANSITIONS,
  V,
  isCampaignEditable,
  type Campaign,
  type CampaignReport,
  type CampaignsPage,
} from '@atendo/shared';
import { DataSource, In, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { ContactListItemEntity } from '../contact-lists/entities/contact-list-item.entity.js';
import { ContactListEntity } from '../contact-lists/entities/contact-list.entity.js';
import { TagEntity } from '../conversations/entities/tag.entity.js';
import { Dispatcher } from '../dispatch/dispatcher.js';
import { PaceService } from '../dispatch/pace.service.js';
import { paceRules } from '../dispatch/pacing.js';
import { CampaignEvents } from '../dispatch/progress.js';
import { FileListEntity } from '../files/entities/file-list.entity.js';
import { attachmentType, displayName, type UploadedPart } from '../media/attachment.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Inject } from '@nestjs/common';
import { CampaignFigures, toCampaign } from './campaign-figures.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { CampaignShippingEntity } from './entities/campaign-shipping.entity.js';
import { CampaignEntity } from './entities/campaign.entity.js';
import type { CampaignInput } from './campaigns.schemas.js';

const RELATIONS = { contactList: true, tag: true, fileList: true, whatsapp: true } as const;

/**
 * Campaigns (spec 2 Campaigns, §4 Campaign status): written here while they may change, run by the
 * dispatcher (see CampaignRunner). A campaign given a time is PROGRAMADA and starts then; without
 * one it is a draft (INATIVA).
 */
@Injectable()
export class CampaignsService {
  private readonly repo: Repository<CampaignEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dispatcher: Dispatcher,
    private readonly figures: CampaignFigures,
    private readonly events: CampaignEvents,
    private readonly pace: PaceService,
    private readonly settings: CampaignSettingsService,
    private readonly media: MediaStore,
    private readonly realtime: RealtimeService,
  ) {
    this.repo = db.getRepository(CampaignEntity);
  }

  async page(auth: AuthUser, query: ListQuery): Promise<CampaignsPage> {
    const qb = this.repo.createQueryBuilder('c').where('c.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(c.name)'],
      order: [['c.id', 'DESC']],
      prepare: (q) =>
        q
          .leftJoinAndSelect('c.contactList', 'cl')
          .leftJoinAndSelect('c.tag', 'tg')
          .leftJoinAndSelect('c.fileList', 'fl')
          .leftJoinAndSelect('c.whatsapp', 'w'),
    });
    const totals = await this.figures.totals(rows.map((r) => r.id));
    return { records: rows.map((r) => toCampaign(r, totals.get(r.id))), count, hasMore };
  }

  /** As the existing clients read it: with every contact's row (`shipping`). */
  async findOne(auth: AuthUser, id: number): Promise<Campaign> {
    const campaign = await this.load(auth, id);
    const shipping = await this.db.getRepository(CampaignShippingEntity).find({
      where: { campaignId: id },
      select: { id: true, number: true, message: true, deliveredAt: true },
      order: { id: 'ASC' },
    });
    const shown = toCampaign(campaign, (await this.figures.totals([id])).get(id));
    // The family's report counts the list's people and its valid numbers from these.
    const contacts = campaign.contactListId
      ? await this.db.getRepository(ContactListItemEntity).find({
          where: { contactListId: campaign.contactListId, companyId: auth.companyId },
          select: {
            id: true,
            companyId: true,
            contactListId: true,
            name: true,
            number: true,
            email: true,
            isWhatsappValid: true,
          },
          order: { id: 'ASC' },
        })
      : [];
    return {
      ...shown,
      contactList: shown.contactList
        ? {
            ...shown.contactList,
            contacts: contacts.map((c) => ({
              id: c.id,
              companyId: c.companyId,
              contactListId: c.contactListId,
              name: c.name,
              number: c.number ?? '',
              email: c.email,
              isWhatsappValid: c.isWhatsappValid,
            })),
          }
        : null,
      shipping: shipping.map((s) => ({
        id: s.id,
        number: s.number,
        message: s.message ?? '',
        deliveredAt: s.deliveredAt ? s.deliveredAt.toISOString() : null,
      })),
    };
  }

  async report(auth: AuthUser, id: number): Promise<CampaignReport> {
    const campaign = await this.figures.shown(auth.companyId, id);
    if (!campaign) throw new DomainError('ERR_NO_CAMPAIGN_FOUND');
    if (campaign.status !== 'EM_ANDAMENTO') this.figures.forget(id);
    const [{ totals, failures }, settings] = await Promise.all([
      campaign.status === 'EM_ANDAMENTO'
        ? this.figures.running(id)
        : Promise.all([this.figures.totals([id]), this.figures.failures(id)]).then(([read, failures]) => ({
            totals: read.get(id)!,
            failures,
          })),
      this.settings.read(auth.companyId),
    ]);
    const pacing = campaign.whatsappId
      ? await this.pace.pacing(campaign.whatsappId, paceRules(settings, this.config.campaignDailyCap))
      : null;
    return { campaign: toCampaign(campaign, totals), totals, pacing, failures };
  }

  async create(auth: AuthUser, input: CampaignInput): Promise<Campaign> {
    await this.assertRefs(auth, input);
    const inserted = await this.repo.insert({
      companyId: auth.companyId,
      ...this.fields(input),
      status: input.scheduledAt ? 'PROGRAMADA' : 'INATIVA',
    });
    const id = Number(inserted.identifiers[0].id);
    await this.events.updated(auth.companyId, id, 'create');
    if (input.scheduledAt && input.scheduledAt.getTime() <= Date.now()) await this.dispatcher.wake();
    return toCampaign(await this.load(auth, id));
  }

  /**
   * Spec §4: INATIVA, or PROGRAMADA more than an hour ahead, changes freely (and follows its new
   * time: a time given makes it PROGRAMADA, none makes it a draft); a CANCELADA one changes only
   * its messages; anything else is read-only.
   */
  async update(auth: AuthUser, id: number, input: CampaignInput): Promise<Campaign> {
    const campaign = await this.load(auth, id);
    const editable = isCampaignEditable(campaign.status, campaign.scheduledAt?.toISOString() ?? null);
    if (!editable && campaign.status !== 'CANCELADA') throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
    if (editable) {
      await this.assertRefs(auth, input);
      const result = await this.repo.update(
        { id, status: campaign.status },
        { ...this.fields(input), status: input.scheduledAt ? 'PROGRAMADA' : 'INATIVA' },
      );
      // Started meanwhile (its time came while the form was open).
      if (result.affected !== 1) throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
    } else {
      const fields = this.fields(input);
      const messages = Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((key) => [key, fields[key]]));
      const result = await this.repo.update({ id, status: 'CANCELADA' }, messages);
      if (result.affected !== 1) throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
    }
    await this.events.updated(auth.companyId, id);
    if (input.scheduledAt && input.scheduledAt.getTime() <= Date.now()) await this.dispatcher.wake();
    return toCampaign(await this.load(auth, id));
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    const campaign = await this.load(auth, id);
    if (campaign.status === 'EM_ANDAMENTO') throw new DomainError('ERR_CAMPAIGN_RUNNING');
    const result = await this.repo.delete({ id, status: campaign.status });
    if (result.affected !== 1) throw new DomainError('ERR_CAMPAIGN_RUNNING');
    await this.removeMediaIfUnsent(campaign);
    this.realtime.toCompany(auth.companyId, 'campaign', { action: 'delete', id });
  }

  async cancel(auth: AuthUser, id: number): Promise<Campaign> {
    return this.move(auth, id, 'cancel');
  }

  /** Back to EM_ANDAMENTO: its rows left to send go on from where the cancel stopped them. */
  async restart(auth: AuthUser, id: number): Promise<Campaign> {
    const campaign = await this.move(auth, id, 'restart');
    await this.dispatcher.wake();
    return campaign;
  }

  private async move(auth: AuthUser, id: number, action: 'cancel' | 'restart'): Promise<Campaign> {
    const campaign = await this.load(auth, id);
    const { from, to } = CAMPAIGN_TRANSITIONS[action];
    if (!from.includes(campaign.status)) throw new DomainError('ERR_CAMPAIGN_STATUS');
    const result = await this.repo.update(
      { id, status: campaign.status },
      // A campaign cancelled before it started has no audience: a restart starts it now.
      action === 'restart' && !campaign.startedAt
        ? { status: 'PROGRAMADA', scheduledAt: new Date() }
        : { status: to, ...(action === 'restart' ? { completedAt: null } : {}) },
    );
    if (result.affected !== 1) throw new DomainError('ERR_CAMPAIGN_STATUS');
    await this.events.updated(auth.companyId, id);
    return toCampaign(await this.load(auth, id));
  }

  async attach(auth: AuthUser, id: number, file: UploadedPart): Promise<Campaign> {
    const campaign = await this.loadEditable(auth, id);
    if (file.truncated || file.data.length > CAMPAIGN_MEDIA_MAX_BYTES) {
      throw new DomainError('ERR_VALIDATION', {
        fields: [{ field: 'file', message: V.fileTooLarge, params: { max: CAMPAIGN_MEDIA_MAX_BYTES / 1024 / 1024 } }],
      });
    }
    await attachmentType(this.media, file, 'file');
    const mediaName = displayName(file.filename) || 'file';
    const mediaPath = await this.media.save(companyFolder(auth.companyId), file.data, mediaName);
    const result = await this.repo.update({ id, status: campaign.status }, { mediaPath, mediaName });
    if (result.affected !== 1) {
      await this.media.remove(mediaPath);
      throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
    }
    await this.removeMediaIfUnsent(campaign);
    await this.events.updated(auth.companyId, id);
    return toCampaign(await this.load(auth, id));
  }

  async detach(auth: AuthUser, id: number): Promise<Campaign> {
    const campaign = await this.loadEditable(auth, id);
    const result = await this.repo.update({ id, status: campaign.status }, { mediaPath: null, mediaName: null });
    if (result.affected !== 1) throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
    await this.removeMediaIfUnsent(campaign);
    await this.events.updated(auth.companyId, id);
    return toCampaign(await this.load(auth, id));
  }

  /** The messages already sent show the campaign's file from where it is kept: it stays for them. */
  private async removeMediaIfUnsent(campaign: CampaignEntity): Promise<void> {
    if (!campaign.mediaPath) return;
    const sent = await this.db
      .getRepository(CampaignShippingEntity)
      .exists({ where: { campaignId: campaign.id, state: In(['sent', 'awaiting']) } });
    if (!sent) await this.media.remove(campaign.mediaPath);
  }

  private fields(input: CampaignInput) {
    return {
      name: input.name,
      message1: input.message1,
      message2: input.message2,
      message3: input.message3,
      message4: input.message4,
      message5: input.message5,
      confirmation: input.confirmation,
      confirmationMessage1: input.confirmationMessage1,
      confirmationMessage2: input.confirmationMessage2,
      confirmationMessage3: input.confirmationMessage3,
      confirmationMessage4: input.confirmationMessage4,
      confirmationMessage5: input.confirmationMessage5,
      scheduledAt: input.scheduledAt ?? null,
      whatsappId: input.whatsappId ?? null,
      contactListId: input.contactListId ?? null,
      tagId: input.tagListId ?? null,
      fileListId: input.fileListId ?? null,
    };
  }

  /** Ids named by the form must be the company's: another company's look like missing ones. */
  private async assertRefs(auth: AuthUser, input: CampaignInput): Promise<void> {
    const companyId = auth.companyId;
    const checks: [number | null | undefined, Repository<{ id: number; companyId: number }>, string][] = [
      [input.whatsappId, this.db.getRepository(WhatsappEntity), 'ERR_NO_WAPP_FOUND'],
      [input.contactListId, this.db.getRepository(ContactListEntity), 'ERR_NO_CONTACT_LIST_FOUND'],
      [input.tagListId, this.db.getRepository(TagEntity), 'ERR_NO_TAG_FOUND'],
      [input.fileListId, this.db.getRepository(FileListEntity), 'ERR_NOT_FOUND'],
    ];
    for (const [id, repo, code] of checks) {
      if (id && !(await repo.exists({ where: { id, companyId } }))) {
        throw new DomainError(code as 'ERR_NOT_FOUND');
      }
    }
  }

  private async load(auth: AuthUser, id: number): Promise<CampaignEntity> {
    const found = await this.repo.findOne({ where: { id, companyId: auth.companyId }, relations: RELATIONS });
    if (!found) throw new DomainError('ERR_NO_CAMPAIGN_FOUND');
    return found;
  }

  private async loadEditable(auth: AuthUser, id: number): Promise<CampaignEntity> {
    const campaign = await this.load(auth, id);
    if (!isCampaignEditable(campaign.status, campaign.scheduledAt?.toISOString() ?? null)) {
      throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
    }
    return campaign;
  }
}
