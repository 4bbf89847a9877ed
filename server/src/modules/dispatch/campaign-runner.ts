import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { fillCampaignMessage, filledSlots, phoneNumberForms, type CampaignSettings } from '@atendo/shared';
import { DataSource, In, IsNull, LessThan, LessThanOrEqual, MoreThan, type Repository } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { updateEach } from '../../database/batch-writes.js';
import { CompiledSelect, parameterBinder, placeholders, SqlWhere } from '../../database/compiled-select.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CampaignSettingsService } from '../campaigns/campaign-settings.service.js';
import { serverZone } from '../dashboard/dashboard.rules.js';
import { CampaignEntity } from '../campaigns/entities/campaign.entity.js';
import { CampaignShippingEntity } from '../campaigns/entities/campaign-shipping.entity.js';
import { ContactListItemEntity } from '../contact-lists/entities/contact-list-item.entity.js';
import type { TicketEntity } from '../conversations/entities/ticket.entity.js';
import type { UploadedFile } from '../conversations/messages.service.js';
import { FileListOptionEntity } from '../files/entities/file-list-option.entity.js';
import { OUTBOUND_PORT, type OutboundPort } from '../gateway/gateway.types.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { Delivery, newMessageId } from './delivery.js';
import { PaceService } from './pace.service.js';
import { paceRules, pacingOff, type PaceRules } from './pacing.js';
import { CampaignEvents } from './progress.js';

/** A claim older than this is taken to be of a node that died mid-send (a send gives up after 15 s). */
export const SHIPPING_CLAIM_TTL_MS = 30_000;
/** A node that took a campaign's start and did not build its audience in this long died doing it. */
const START_TTL_MS = 2 * 60_000;
/** A connection's slice sends for at most this long, then gives its worker back until the next sweep. */
const SLICE_MS = 60_000;
/** With pacing off, rows claimed at once and sent side by side. */
const BATCH = 64;
const PARALLEL = 32;
/** Rows written per statement when a campaign's audience is built. */
const AUDIENCE_BATCH = 250;
/** How long a contact has to answer a confirmation before their row counts as failed. */
const CONFIRMATION_WAIT_MS = 24 * 3600_000;
/** The longest a slice sleeps for its next turn; past it, the sweep wakes the connection again. */
const LONGEST_WAIT_MS = 30_000;

type Outcome = 'done' | 'rateLimited' | 'disconnected';

/** A row's outcome, written with the rest of its batch's. */
interface Mark {
  row: Claimed;
  changes: Partial<CampaignShippingEntity>;
}

/** A row this sender holds; `retry` when it was another sender's claim that lapsed. */
type Claimed = CampaignShippingEntity & { claimToken: string; retry: boolean };

/** What a slice keeps of a running campaign while it sends for it. */
interface Running {
  campaign: CampaignEntity;
  media: (UploadedFile & { storedUrl: string }) | null;
  files: UploadedFile[];
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

/**
 * Campaigns on the dispatcher (see docs/architecture.md, Dispatcher): starting one builds a row per
 * contact; each connection's slice takes a turn of its pace, claims rows by a conditional update,
 * sends each through the agents' path under the id chosen for it, and marks it; the sweep resumes
 * lapsed claims, paused connections and unfinished starts, and finishes campaigns with nothing left.
 */
@Injectable()
export class CampaignRunner {
  private readonly logger = new Logger('Campaigns');
  private readonly campaigns: Repository<CampaignEntity>;
  private readonly rows: Repository<CampaignShippingEntity>;
  /** The reads of every turn, compiled once (see CompiledSelect): a connection's running campaigns, rows claimed. */
  private readonly runningOn: CompiledSelect<CampaignEntity, 'whatsappId'>;
  private readonly claimedRows: CompiledSelect<CampaignShippingEntity, never>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OUTBOUND_PORT) private readonly outbound: OutboundPort,
    private readonly delivery: Delivery,
    private readonly pace: PaceService,
    private readonly settings: CampaignSettingsService,
    private readonly events: CampaignEvents,
    private readonly media: MediaStore,
  ) {
    this.campaigns = db.getRepository(CampaignEntity);
    this.rows = db.getRepository(CampaignShippingEntity);
    const columns = (alias: string, entity: typeof CampaignEntity | typeof CampaignShippingEntity) =>
      db.getMetadata(entity).columns.map((c) => `${alias}.${c.propertyName}`);
    this.runningOn = new CompiledSelect(
      db,
      (em) =>
        em
          .getRepository(CampaignEntity)
          .createQueryBuilder('c')
          .select(columns('c', CampaignEntity))
          .where("c.whatsappId = :whatsappId AND c.status = 'EM_ANDAMENTO'")
          .orderBy('c.id', 'ASC'),
      ['whatsappId'],
    );
    this.claimedRows = new CompiledSelect(
      db,
      (em) =>
        em.getRepository(CampaignShippingEntity).createQueryBuilder('s').select(columns('s', CampaignShippingEntity)),
      [],
    );
  }

  async rules(companyId: number): Promise<{ settings: CampaignSettings; rules: PaceRules }> {
    const settings = await this.settings.read(companyId);
    return { settings, rules: paceRules(settings, this.config.campaignDailyCap) };
  }

  /** PROGRAMADA campaigns whose time came: each taken by one node, which builds its audience. */
  async startDue(): Promise<void> {
    const due = await this.campaigns.find({
      where: { status: 'PROGRAMADA', scheduledAt: LessThanOrEqual(new Date()) },
      select: { id: true, companyId: true },
      take: 20,
    });
    for (const { id, companyId } of due) {
      const taken = await this.campaigns.update(
        { id, status: 'PROGRAMADA' },
        { status: 'EM_ANDAMENTO', startedAt: new Date(), audienceAt: null, completedAt: null },
      );
      if (taken.affected !== 1) continue;
      await this.build(id);
      await this.events.updated(companyId, id);
    }
    // A node that died while building: its start lapsed, the rows it wrote stay (they are unique per number).
    const stalled = await this.campaigns.find({
      where: { status: 'EM_ANDAMENTO', audienceAt: IsNull(), startedAt: LessThan(new Date(Date.now() - START_TTL_MS)) },
      select: { id: true, startedAt: true },
      take: 5,
    });
    for (const { id, startedAt } of stalled) {
      const taken = await this.campaigns.update({ id, startedAt: startedAt! }, { startedAt: new Date() });
      if (taken.affected === 1) await this.build(id);
    }
  }

  /** One row per contact of the audience, each with its message variant and ids drawn now. */
  private async build(campaignId: number): Promise<void> {
    const campaign = await this.campaigns.findOneByOrFail({ id: campaignId });
    const slots = filledSlots([
      campaign.message1,
      campaign.message2,
      campaign.message3,
      campaign.message4,
      campaign.message5,
    ]);
    const confirmations = campaign.confirmation
      ? filledSlots([
          campaign.confirmationMessage1,
          campaign.confirmationMessage2,
          campaign.confirmationMessage3,
          campaign.confirmationMessage4,
          campaign.confirmationMessage5,
        ])
      : [];
    if (!campaign.whatsappId || !slots.length) {
      // Nothing to send or nothing to send with (its connection was deleted): it ends at once.
      await this.campaigns.update({ id: campaignId }, { audienceAt: new Date() });
      return;
    }
    const whatsappId = campaign.whatsappId;
    const write = async (people: { name: string; number: string; email: string; onWhatsapp: boolean | null }[]) => {
      if (!people.length) return;
      await this.rows
        .createQueryBuilder()
        .insert()
        .values(
          people.map((p) => ({
            companyId: campaign.companyId,
            campaignId,
            whatsappId,
            number: p.number,
            name: p.name.slice(0, 100),
            email: p.email.slice(0, 120),
            onWhatsapp: p.onWhatsapp,
            state: p.onWhatsapp === false ? ('invalid' as const) : ('queued' as const),
            error: p.onWhatsapp === false ? 'ERR_WAPP_INVALID_CONTACT' : null,
            messageSlot: pick(slots),
            confirmationSlot: confirmations.length ? pick(confirmations) : null,
            providerId: newMessageId(),
            confirmationProviderId: confirmations.length ? newMessageId() : null,
          })),
        )
        .orIgnore()
        .execute();
    };
    if (campaign.contactListId) {
      let after = 0;
      for (;;) {
        const items = await this.db.getRepository(ContactListItemEntity).find({
          where: { contactListId: campaign.contactListId, companyId: campaign.companyId, id: MoreThan(after) },
          select: { id: true, name: true, number: true, email: true, isWhatsappValid: true },
          order: { id: 'ASC' },
          take: AUDIENCE_BATCH,
        });
        if (!items.length) break;
        after = items[items.length - 1].id;
        await write(
          items
            .filter((i) => i.number)
            .map((i) => ({ name: i.name, number: i.number!, email: i.email, onWhatsapp: i.isWhatsappValid })),
        );
      }
    } else if (campaign.tagId) {
      // The contacts of the tag's tickets: people who wrote to the company, so on WhatsApp.
      const people = (await this.db.query(
        'SELECT DISTINCT c.id AS id, c.name AS name, c.number AS number, c.email AS email FROM ticket_tags tt ' +
          'INNER JOIN tickets t ON t.id = tt.ticketId INNER JOIN contacts c ON c.id = t.contactId ' +
          'WHERE tt.tagId = ? AND t.companyId = ? AND c.isGroup = ? AND c.removedAt IS NULL',
        [campaign.tagId, campaign.companyId, false].map(parameterBinder(this.db.options.type)),
      )) as { name: string; number: string; email: string | null }[];
      for (let i = 0; i < people.length; i += AUDIENCE_BATCH) {
        await write(
          people
            .slice(i, i + AUDIENCE_BATCH)
            .filter((p) => p.number)
            .map((p) => ({ name: p.name, number: p.number, email: p.email ?? '', onWhatsapp: true })),
        );
      }
    }
    await this.campaigns.update({ id: campaignId }, { audienceAt: new Date() });
  }

  /** Connections with rows to send (or lapsed claims to resolve) in a running campaign. */
  async connectionsWithWork(): Promise<number[]> {
    const rows = (await this.db.query(
      "SELECT DISTINCT c.whatsappId AS whatsappId FROM campaigns c WHERE c.status = 'EM_ANDAMENTO' AND c.whatsappId IS NOT NULL " +
        "AND EXISTS (SELECT 1 FROM campaign_shipping s WHERE s.campaignId = c.id AND s.state IN ('queued', 'sending'))",
    )) as { whatsappId: number | string }[];
    return rows.map((row) => Number(row.whatsappId));
  }

  /** Running campaigns with no row left to send or to hear from: FINALIZADA. Confirmations unanswered a day fail. */
  async finishDone(): Promise<void> {
    await this.rows.update(
      { state: 'awaiting', confirmationRequestedAt: LessThan(new Date(Date.now() - CONFIRMATION_WAIT_MS)) },
      { state: 'failed', error: 'ERR_CAMPAIGN_NO_CONFIRMATION' },
    );
    const done = (await this.db.query(
      "SELECT c.id AS id, c.companyId AS companyId FROM campaigns c WHERE c.status = 'EM_ANDAMENTO' AND c.audienceAt IS NOT NULL " +
        "AND NOT EXISTS (SELECT 1 FROM campaign_shipping s WHERE s.campaignId = c.id AND s.state IN ('queued', 'sending', 'awaiting'))",
    )) as { id: number | string; companyId: number | string }[];
    for (const row of done) {
      const finished = await this.campaigns.update(
        { id: Number(row.id), status: 'EM_ANDAMENTO' },
        { status: 'FINALIZADA', completedAt: new Date() },
      );
      if (finished.affected === 1) await this.events.updated(Number(row.companyId), Number(row.id));
    }
  }

  /**
   * One slice of a connection's campaigns: turns of its pace, each spent on the next rows of its
   * running campaigns in turn, until nothing is left, the connection pauses, or SLICE_MS passed.
   */
  async runConnection(
    whatsappId: number,
    stopping: () => boolean,
    sleep: (ms: number) => Promise<void>,
  ): Promise<void> {
    const until = Date.now() + SLICE_MS;
    const running = new Map<number, Running>();
    let order: number[] = [];
    while (Date.now() < until && !stopping()) {
      const live = await this.runningOn.many({ whatsappId });
      if (!live.length) return;
      for (const campaign of live) {
        const known = running.get(campaign.id);
        if (!known || known.campaign.updatedAt.getTime() !== campaign.updatedAt.getTime()) {
          running.set(campaign.id, await this.prepare(campaign));
        } else known.campaign = campaign;
      }
      // Campaigns on one connection take turns: each turn starts with the next one.
      order = live.map((c) => c.id).sort((a, b) => order.indexOf(a) - order.indexOf(b));
      const companyId = live[0].companyId;
      const { settings, rules } = await this.rules(companyId);
      const turn = await this.pace.take(companyId, whatsappId, rules, BATCH);
      if (turn.kind === 'wait') {
        if (turn.reason === 'disconnected' || turn.waitMs > Math.min(LONGEST_WAIT_MS, until - Date.now())) return;
        await sleep(turn.waitMs);
        continue;
      }
      const claimed = await this.claim(order, turn.granted);
      if (claimed.length < turn.granted) await this.pace.giveBack(whatsappId, turn.granted - claimed.length);
      if (!claimed.length) return;
      order.push(order.shift()!);
      const outcome = await this.sendAll(claimed, running, settings, pacingOff(rules) ? PARALLEL : 1);
      if (outcome === 'rateLimited') {
        await this.pace.rateLimited(companyId, whatsappId);
        continue;
      }
      if (outcome === 'disconnected') {
        await this.pace.disconnected(companyId, whatsappId);
        return;
      }
      if (turn.strikes > 0) await this.pace.clearStrikes(whatsappId);
    }
  }

  /** The campaign's attachment and file list, read once per slice. */
  private async prepare(campaign: CampaignEntity): Promise<Running> {
    const folder = companyFolder(campaign.companyId);
    let media: Running['media'] = null;
    if (campaign.mediaPath) {
      const data = await this.media.read(folder, campaign.mediaPath);
      if (data) {
        media = {
          data,
          filename: campaign.mediaName || 'file',
          mimetype: (await this.media.typeOf(data)) ?? 'application/octet-stream',
          storedUrl: campaign.mediaPath,
        };
      }
    }
    const files: UploadedFile[] = [];
    if (campaign.fileListId) {
      const options = await this.db.getRepository(FileListOptionEntity).find({
        where: { fileListId: campaign.fileListId },
        order: { id: 'ASC' },
      });
      for (const option of options) {
        if (!option.path) continue;
        const data = await this.media.readPrivate(folder, option.path);
        if (data) {
          files.push({
            data,
            filename: option.name,
            mimetype: option.mediaType || ((await this.media.typeOf(data)) ?? 'application/octet-stream'),
          });
        }
      }
    }
    return { campaign, media, files };
  }

  /**
   * Takes up to `count` rows of the campaigns, in their order: rows waiting, or claimed by a node
   * that died. The update holds only while the campaign still runs, so a cancel stops at once.
   */
  private async claim(campaignIds: number[], count: number): Promise<Claimed[]> {
    const claimed: Claimed[] = [];
    const bind = parameterBinder(this.db.options.type);
    const stale = bind(new Date(Date.now() - SHIPPING_CLAIM_TTL_MS));
    // Plain SQL: the same three statements every turn, whose building by TypeORM cost more than
    // the database's answering them.
    const claimable = "(state = 'queued' OR (state = 'sending' AND claimedAt < ?))";
    for (const campaignId of campaignIds) {
      if (claimed.length >= count) break;
      const candidates = (await this.db.query(
        `SELECT id, state FROM campaign_shipping WHERE campaignId = ? AND ${claimable} ORDER BY id LIMIT ?`,
        [campaignId, stale, count - claimed.length],
      )) as { id: number | string; state: string }[];
      if (!candidates.length) continue;
      const token = randomUUID();
      const ids = candidates.map((c) => Number(c.id));
      const now = bind(new Date());
      await this.db.query(
        `UPDATE campaign_shipping SET state = 'sending', claimToken = ?, claimedAt = ?, updatedAt = ? ` +
          `WHERE id IN (${placeholders(ids)}) AND ${claimable} ` +
          "AND campaignId IN (SELECT c.id FROM campaigns c WHERE c.id = ? AND c.status = 'EM_ANDAMENTO')",
        [token, now, now, ...ids, stale, campaignId],
      );
      const mine = await this.claimedRows.filtered(
        new SqlWhere(`s.claimToken = ? AND s.id IN (${placeholders(ids)})`, token, ...ids),
        's.id',
      );
      const lapsed = new Set(candidates.filter((c) => c.state === 'sending').map((c) => Number(c.id)));
      claimed.push(...mine.map((row) => Object.assign(row as Claimed, { retry: lapsed.has(row.id) })));
    }
    return claimed;
  }

  /**
   * Sends the claimed rows, `parallel` at a time; a pause answer puts the rows not sent back. The
   * rows' outcomes are written together once the batch is done: a row sent but not yet marked
   * when the node dies has its message stored, which its retry finds (see Delivery.send).
   */
  private async sendAll(
    claimed: Claimed[],
    running: Map<number, Running>,
    settings: CampaignSettings,
    parallel: number,
  ): Promise<Outcome> {
    let outcome: Outcome = 'done';
    const tickets = await this.ticketsOf(claimed);
    const batch = { settings, timeZone: serverZone(), marks: [] as Mark[] };
    const queue = [...claimed];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (outcome !== 'done') {
          await this.release(row);
          continue;
        }
        const result = await this.sendRow(row, running.get(row.campaignId)!, batch, tickets.get(row.number));
        if (result !== 'done') outcome = result;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(parallel, claimed.length) }, worker));
    } finally {
      await this.markAll(batch.marks);
    }
    return outcome;
  }

  /**
   * The tickets of the batch's recipients, found and created together. Left to each send: numbers
   * not checked yet (one not on WhatsApp gets no contact) and lapsed claims (their message may be
   * stored already). Should the batch look-up fail, each send finds its own.
   */
  private async ticketsOf(claimed: Claimed[]): Promise<Map<string, TicketEntity>> {
    const fresh = claimed.filter((row) => !row.retry && row.onWhatsapp !== null);
    if (!fresh.length) return new Map();
    try {
      return await this.delivery.tickets(fresh[0].companyId, fresh[0].whatsappId, fresh);
    } catch (error) {
      this.logger.warn(`tickets of a batch of ${fresh.length}: ${String(error)}`);
      return new Map();
    }
  }

  private async release(row: Claimed): Promise<void> {
    await this.rows.update(
      { id: row.id, claimToken: row.claimToken },
      { state: 'queued', claimToken: null, claimedAt: null },
    );
  }

  /** One contact's turn: the confirmation or the message (and the file list after it), then its mark. */
  private async sendRow(
    row: Claimed,
    { campaign, media, files }: Running,
    { settings, timeZone, marks }: { settings: CampaignSettings; timeZone: string; marks: Mark[] },
    ticket: TicketEntity | undefined,
  ): Promise<Outcome> {
    const mark = (changes: Partial<CampaignShippingEntity>) => void marks.push({ row, changes });
    const confirming = campaign.confirmation && !row.confirmedAt && row.confirmationSlot !== null;
    const template = confirming
      ? (campaign[`confirmationMessage${row.confirmationSlot}` as keyof CampaignEntity] as string)
      : (campaign[`message${row.messageSlot}` as keyof CampaignEntity] as string);
    const body = fillCampaignMessage(
      template ?? '',
      { name: row.name, number: row.number, email: row.email },
      settings.variables,
      // The contact's live ticket, when it has one, gives the protocol and its agent.
      { ticketId: ticket?.id, userName: ticket?.user?.name, timeZone },
    );
    const recipient = {
      companyId: row.companyId,
      whatsappId: row.whatsappId,
      number: row.number,
      name: row.name,
      email: row.email,
    };
    try {
      if (row.onWhatsapp === null) {
        const { exists } = await this.outbound.checkNumber(row.whatsappId, row.number);
        if (!exists) {
          mark({ state: 'invalid', error: 'ERR_WAPP_INVALID_CONTACT', onWhatsapp: false });
          return 'done';
        }
      }
      const messageId = confirming ? row.confirmationProviderId! : row.providerId;
      const withMedia = !confirming && media;
      const delivered = await this.delivery.send(
        recipient,
        withMedia ? { body: body || media.filename, media, storedUrl: media.storedUrl } : { body },
        messageId,
        { kind: 'history' },
        row.retry,
        ticket,
      );
      if (!confirming) {
        // Each file under an id drawn from the row's: a resend finds the ones that went.
        for (const [index, file] of files.entries()) {
          await this.delivery.send(
            recipient,
            { body: file.filename, media: file },
            `${row.providerId}F${index}`,
            { kind: 'history' },
            row.retry,
            delivered.ticket ?? undefined,
          );
        }
      }
      const now = new Date();
      mark(
        confirming
          ? {
              state: 'awaiting',
              confirmationRequestedAt: now,
              contactId: delivered.contactId,
              ticketId: delivered.ticketId,
            }
          : {
              state: 'sent',
              deliveredAt: now,
              message: body,
              contactId: delivered.contactId,
              ticketId: delivered.ticketId,
              onWhatsapp: true,
            },
      );
      return 'done';
    } catch (error) {
      const code = error instanceof DomainError ? error.code : 'ERR_SENDING_WAPP_MSG';
      if (code === 'ERR_WAPP_RATE_LIMITED') {
        await this.release(row);
        return 'rateLimited';
      }
      if (code === 'ERR_WAPP_NOT_INITIALIZED' || code === 'ERR_WAPP_UNAVAILABLE') {
        await this.release(row);
        return 'disconnected';
      }
      if (!(error instanceof DomainError)) this.logger.warn(`row ${row.id}: ${String(error)}`);
      mark(
        code === 'ERR_WAPP_INVALID_CONTACT'
          ? { state: 'invalid', error: code, onWhatsapp: false }
          : { state: 'failed', error: code },
      );
      return 'done';
    }
  }

  /**
   * The outcomes of a batch's rows in one statement, and the report told. A row is written only
   * under its own claim: the token of another claim never matches, since tokens are drawn per
   * claim and these are this node's.
   */
  private async markAll(group: Mark[]): Promise<void> {
    if (!group.length) return;
    const tokens = [...new Set(group.map((g) => g.row.claimToken))];
    // Plain SQL: the row's updatedAt (the report's failure time) is written here, not by TypeORM.
    const now = new Date();
    const update = updateEach(
      this.db.options.type,
      'campaign_shipping',
      group.map(({ row, changes }) => ({
        id: row.id,
        values: { ...changes, claimToken: null, claimedAt: null, updatedAt: now },
      })),
      { sql: `\`claimToken\` IN (${placeholders(tokens)})`, values: tokens },
    );
    await this.db.query(update.sql, update.values);
    for (const { row } of group) this.events.progressed(row.companyId, row.campaignId);
  }

  /**
   * A contact answered: a confirmation waiting on the connection for their number becomes the
   * campaign's message, queued for the connection's next turn.
   */
  async confirmed(companyId: number, whatsappId: number, number: string): Promise<number> {
    const forms = phoneNumberForms(number);
    if (!forms.includes(number)) forms.push(number);
    const result = await this.rows.update(
      { companyId, whatsappId, number: In(forms), state: 'awaiting' },
      { state: 'queued', confirmedAt: new Date() },
    );
    return result.affected ?? 0;
  }
}
