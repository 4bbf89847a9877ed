import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Campaign, CampaignFailure, CampaignTotals } from '@atendo/shared';
import { CAMPAIGN_REPORT_FAILURES } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { CompiledSelect, placeholders } from '../../database/compiled-select.js';
import { CampaignEntity } from './entities/campaign.entity.js';
import { CampaignShippingEntity } from './entities/campaign-shipping.entity.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a running campaign's report shows of its rows. */
interface Running {
  totals: CampaignTotals;
  failures: CampaignFailure[];
}
/** How long a running campaign's counts are served as read (see CampaignFigures.running). */
const RECENT_MS = 1_000;

export function emptyTotals(): CampaignTotals {
  return {
    contacts: 0,
    valid: 0,
    invalid: 0,
    pending: 0,
    awaitingConfirmation: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    failed: 0,
  };
}

export function toCampaign(c: CampaignEntity, totals?: CampaignTotals): Campaign {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    message4: c.message4,
    message5: c.message5,
    confirmation: !!c.confirmation,
    confirmationMessage1: c.confirmationMessage1,
    confirmationMessage2: c.confirmationMessage2,
    confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4,
    confirmationMessage5: c.confirmationMessage5,
    status: c.status,
    scheduledAt: iso(c.scheduledAt),
    completedAt: iso(c.completedAt),
    whatsappId: c.whatsappId,
    contactListId: c.contactListId,
    tagId: c.tagId,
    fileListId: c.fileListId,
    mediaPath: c.mediaPath,
    mediaName: c.mediaName,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    contactList: c.contactList ? { id: c.contactList.id, name: c.contactList.name } : null,
    tag: c.tag ? { id: c.tag.id, name: c.tag.name } : null,
    fileList: c.fileList ? { id: c.fileList.id, name: c.fileList.name } : null,
    whatsapp: c.whatsapp ? { id: c.whatsapp.id, name: c.whatsapp.name } : null,
    ...(totals ? { totals } : {}),
  };
}

/**
 * A campaign's counts: two grouped statements over its rows (by state, and the sent ones' acks
 * through the messages' unique connection and provider id), for one campaign or a page of them.
 */
@Injectable()
export class CampaignFigures {
  /** A running campaign's counts and latest failures, as last read here, and the read under way. */
  private readonly recent = new LRUCache<number, { at: number; figures: Running; reading?: Promise<void> }>({
    max: 1_000,
  });

  /**
   * The reads of every report poll and progress event, compiled once (see CompiledSelect): the
   * campaign with the names of what it points to, and its latest failures.
   */
  private readonly shownCampaign: CompiledSelect<CampaignEntity, 'id' | 'companyId'>;
  private readonly latestFailures: CompiledSelect<CampaignShippingEntity, 'campaignId'>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    const columns = db.getMetadata(CampaignEntity).columns.map((c) => `c.${c.propertyName}`);
    this.shownCampaign = new CompiledSelect(
      db,
      (em) =>
        em
          .getRepository(CampaignEntity)
          .createQueryBuilder('c')
          .select(columns)
          .leftJoin('c.contactList', 'cl')
          .addSelect(['cl.id', 'cl.name'])
          .leftJoin('c.tag', 'tg')
          .addSelect(['tg.id', 'tg.name'])
          .leftJoin('c.fileList', 'fl')
          .addSelect(['fl.id', 'fl.name'])
          .leftJoin('c.whatsapp', 'w')
          .addSelect(['w.id', 'w.name'])
          .where('c.id = :id AND c.companyId = :companyId'),
      ['id', 'companyId'],
    );
    this.latestFailures = new CompiledSelect(
      db,
      (em) =>
        em
          .getRepository(CampaignShippingEntity)
          .createQueryBuilder('s')
          .select(['s.id', 's.number', 's.name', 's.error', 's.updatedAt'])
          .where("s.campaignId = :campaignId AND s.state IN ('failed', 'invalid')")
          .orderBy('s.updatedAt', 'DESC')
          .addOrderBy('s.id', 'DESC'),
      ['campaignId'],
    );
  }

  /** The company's campaign as toCampaign shows it: what it points to read for their names only. */
  shown(companyId: number, id: number): Promise<CampaignEntity | null> {
    return this.shownCampaign.one({ id, companyId });
  }

  /**
   * A running campaign's counts and latest failures for its report: the last read when it is under
   * a second old, else that one while a new read runs (they move every second anyway, and the
   * socket brings the counts). A report watched by many, polled by the existing clients, costs one
   * read a second.
   */
  async running(campaignId: number): Promise<Running> {
    const known = this.recent.get(campaignId);
    if (known && Date.now() - known.at < RECENT_MS) return known.figures;
    if (known) {
      known.reading ??= this.read(campaignId)
        .then((figures) => void this.recent.set(campaignId, { at: Date.now(), figures }))
        .catch(() => void (known.reading = undefined));
      return known.figures;
    }
    const figures = await this.read(campaignId);
    this.recent.set(campaignId, { at: Date.now(), figures });
    return figures;
  }

  /**
   * A running campaign's counts read now, kept as its reports' latest: what a progress event
   * announces must include the sends that caused it (a slow campaign's next event may be one
   * interval away), and the reports then share that read.
   */
  async runningNow(campaignId: number): Promise<Running> {
    const figures = await this.read(campaignId);
    this.recent.set(campaignId, { at: Date.now(), figures });
    return figures;
  }

  private async read(campaignId: number): Promise<Running> {
    const [totals, failures] = await Promise.all([this.totals([campaignId]), this.failures(campaignId)]);
    return { totals: totals.get(campaignId)!, failures };
  }

  /** The campaign stopped running: its next report reads the final counts. */
  forget(campaignId: number): void {
    this.recent.delete(campaignId);
  }

  async totals(campaignIds: number[]): Promise<Map<number, CampaignTotals>> {
    const byCampaign = new Map<number, CampaignTotals>(campaignIds.map((id) => [id, emptyTotals()]));
    if (!campaignIds.length) return byCampaign;
    const states = (await this.db.query(
      `SELECT campaignId, state, COUNT(*) AS n FROM campaign_shipping WHERE campaignId IN (${placeholders(campaignIds)}) GROUP BY campaignId, state`,
      campaignIds,
    )) as { campaignId: number | string; state: string; n: number | string }[];
    for (const row of states) {
      const totals = byCampaign.get(Number(row.campaignId))!;
      const n = Number(row.n);
      totals.contacts += n;
      if (row.state === 'invalid') totals.invalid += n;
      else if (row.state === 'queued' || row.state === 'sending') totals.pending += n;
      else if (row.state === 'awaiting') totals.awaitingConfirmation += n;
      else if (row.state === 'sent') totals.sent += n;
      else if (row.state === 'failed') totals.failed += n;
    }
    for (const totals of byCampaign.values()) totals.valid = totals.contacts - totals.invalid;
    const acks = (await this.db.query(
      `SELECT s.campaignId AS campaignId, SUM(CASE WHEN m.ack >= 2 THEN 1 ELSE 0 END) AS delivered, SUM(CASE WHEN m.ack >= 3 THEN 1 ELSE 0 END) AS readCount ` +
        `FROM campaign_shipping s INNER JOIN messages m ON m.whatsappId = s.whatsappId AND m.providerId = s.providerId ` +
        `WHERE s.campaignId IN (${placeholders(campaignIds)}) AND s.state = 'sent' GROUP BY s.campaignId`,
      campaignIds,
    )) as { campaignId: number | string; delivered: number | string | null; readCount: number | string | null }[];
    for (const row of acks) {
      const totals = byCampaign.get(Number(row.campaignId))!;
      totals.delivered = Number(row.delivered ?? 0);
      totals.read = Number(row.readCount ?? 0);
    }
    return byCampaign;
  }

  async failures(campaignId: number): Promise<CampaignFailure[]> {
    const rows = await this.latestFailures.many({ campaignId }, { limit: CAMPAIGN_REPORT_FAILURES });
    return rows.map((row) => ({
      number: row.number,
      name: row.name,
      reason: row.error ?? 'ERR_SENDING_WAPP_MSG',
      at: row.updatedAt.toISOString(),
    }));
  }
}
