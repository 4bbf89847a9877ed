import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type Repository } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { OUTBOUND_PORT, type OutboundPort } from '../gateway/gateway.types.js';
import { JobWork } from '../jobs/job-work.js';
import { JOB_QUEUES, type JobQueues } from '../jobs/jobs.module.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { ContactListItemEntity } from './entities/contact-list-item.entity.js';
import { toContactListItem } from './contact-lists.mapper.js';

type CheckJob = { kind: 'sweep' } | { kind: 'company'; companyId: number };

/**
 * How often some node looks for companies with items to check and a connected connection. It is
 * also how a connection that comes back is noticed (the gateway has no status hook to listen to),
 * and how a company's checks carry on after a slice.
 */
export const CHECK_SWEEP_MS = 5_000;
/** A company's job checks for at most this long, then gives its worker to the others until the next sweep. */
const SLICE_MS = 60_000;
/**
 * A claim older than this is taken to be of a node that died mid-check. Far above a check's
 * longest wait (the session RPC gives up after 15 s, WhatsApp's own queries after 60 s).
 */
const CLAIM_TTL_MS = 5 * 60_000;
/** Companies checked at the same time by one node. */
const CONCURRENCY = 4;
/** Candidates read per claim attempt: another node may take the first ones meanwhile. */
const CANDIDATES = 5;
/** Reads of candidates before a claim attempt gives up for this slice. */
const CLAIM_ROUNDS = 10;

/** How a check ended: answered and stored, the connection could not ask, or WhatsApp failed on the number. */
type Outcome = 'stored' | 'connectionDown' | 'numberFailed';

/** An item this checker holds the check of (its claim's token). */
type ClaimedItem = ContactListItemEntity & { checkToken: string };

/**
 * Checks in the background whether each contact-list item's number is on WhatsApp, through a
 * connected connection of the item's company (its default one first) and the gateway's number
 * check, which runs on whichever node holds that session.
 *
 * - Paced: one check per CONTACT_CHECK_INTERVAL_MS per company (and so per connection; each
 *   wait drawn within ±25%): WhatsApp bans accounts that look numbers up in bursts. One company
 *   runs in one job at a time across the nodes (the queue's job id), so the pace holds there too.
 * - Resumable: the work is the rows still `isWhatsappValid IS NULL`; nothing else is remembered,
 *   so a restart, a new item or a number changed by an edit are all picked up by the next sweep.
 * - Exclusive: a row is claimed by a conditional update (token and time) before its check, and its
 *   result is written only while the claim is still the checker's own, so two nodes never check one
 *   item at once and an edit made during a check is not overwritten by its stale answer.
 * - No connected connection: the company's job ends at once; the sweep starts it again once one
 *   connects. A number WhatsApp failed to answer for is left for a later sweep (its claim lapses).
 */
@Injectable()
export class ContactChecksJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ContactChecks');
  private readonly items: Repository<ContactListItemEntity>;
  private readonly whatsapps: Repository<WhatsappEntity>;
  private readonly work = new JobWork(this.logger);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUES) private readonly queues: JobQueues,
    @Inject(OUTBOUND_PORT) private readonly outbound: OutboundPort,
    @InjectDataSource() db: DataSource,
    private readonly realtime: RealtimeService,
  ) {
    this.items = db.getRepository(ContactListItemEntity);
    this.whatsapps = db.getRepository(WhatsappEntity);
  }

  private get queue() {
    return this.queues['contact-checks'];
  }

  async onApplicationBootstrap(): Promise<void> {
    this.queue.process((data) => this.run(data as CheckJob), CONCURRENCY);
    await this.queue.add({ kind: 'sweep' }, { jobId: 'contact-checks-sweep', repeatEveryMs: CHECK_SWEEP_MS });
    // A restart resumes what was left unchecked without waiting for the first period.
    await this.queue.add({ kind: 'sweep' }, { jobId: 'contact-checks-sweep-at-start' });
  }

  async onModuleDestroy(): Promise<void> {
    await this.work.stop();
  }

  /**
   * Checks the company's unchecked items now (after an import, a new item or a changed number).
   * Never fails: with the queue out of reach (Redis away) the next sweep that works starts them.
   */
  async wake(companyId: number): Promise<void> {
    await this.queue
      .add({ kind: 'company', companyId }, { jobId: `contact-checks-company-${companyId}` })
      .catch((error: unknown) => this.logger.warn(`Company ${companyId}: checks not queued: ${String(error)}`));
  }

  /** The queue's handler (see JobWork.run: it never fails). */
  private run(job: CheckJob): Promise<void> {
    return job.kind === 'sweep'
      ? this.work.run('sweep', () => this.sweep())
      : this.work.run(`company ${job.companyId}`, () => this.checkCompany(job.companyId));
  }

  /** Starts the job of every company with claimable items and a connected connection. */
  async sweep(): Promise<void> {
    const rows = await this.items
      .createQueryBuilder('i')
      .select('DISTINCT i.companyId', 'companyId')
      .where(this.unclaimed('i.'))
      .andWhere(`EXISTS (SELECT 1 FROM whatsapps w WHERE w.companyId = i.companyId AND w.status = 'CONNECTED')`)
      .getRawMany<{ companyId: number | string }>();
    for (const row of rows) await this.wake(Number(row.companyId));
  }

  /**
   * One slice of a company's checks: until nothing is left, no connection answers, or SLICE_MS
   * passed. Every check waits its pace first, the first one too: the previous slice (or another
   * node's) may have checked a moment ago.
   */
  async checkCompany(companyId: number): Promise<void> {
    const connections = await this.connectedLines(companyId);
    const until = Date.now() + SLICE_MS;
    while (connections.length && Date.now() < until) {
      await this.pause();
      if (this.work.stopping) return;
      const item = await this.claimNext(companyId);
      if (!item) return;
      const outcome = await this.check(item, connections[0]);
      if (outcome === 'connectionDown') connections.shift();
    }
  }

  /** The company's connected connections, its default one first. */
  private async connectedLines(companyId: number): Promise<number[]> {
    const rows = await this.whatsapps.find({
      where: { companyId, status: 'CONNECTED' },
      select: { id: true },
      order: { isDefault: 'DESC', id: 'ASC' },
    });
    return rows.map((row) => row.id);
  }

  /** Rows still unchecked and not held by a live claim; `prefix` is the alias and dot, or '' in an UPDATE. */
  private unclaimed(prefix: string): Brackets {
    const stale = new Date(Date.now() - CLAIM_TTL_MS);
    return new Brackets((w) =>
      w
        .where(`${prefix}isWhatsappValid IS NULL`)
        .andWhere(
          new Brackets((claim) =>
            claim.where(`${prefix}checkClaimedAt IS NULL`).orWhere(`${prefix}checkClaimedAt < :stale`, { stale }),
          ),
        ),
    );
  }

  /** The company's next unchecked item, claimed for this checker; null when none is left. */
  async claimNext(companyId: number): Promise<ClaimedItem | null> {
    // Each round either claims or finds its candidates claimed by others, who move on past them.
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const candidates = await this.items
        .createQueryBuilder('i')
        .where(this.unclaimed('i.'))
        .andWhere('i.companyId = :companyId', { companyId })
        .orderBy('i.id', 'ASC')
        .limit(CANDIDATES)
        .getMany();
      if (!candidates.length) return null;
      for (const candidate of candidates) {
        const claimed = await this.claim(candidate);
        if (claimed) return claimed;
      }
      // Every candidate was taken by another node meanwhile: read the next ones.
    }
    // Others keep taking every candidate first: they are doing the work, the next sweep comes back.
    return null;
  }

  /** Takes one item's check, unless someone else holds it or it has been checked meanwhile. */
  async claim(item: ContactListItemEntity): Promise<ClaimedItem | null> {
    const token = randomUUID();
    const now = new Date();
    const result = await this.items
      .createQueryBuilder()
      .update(ContactListItemEntity)
      .set({ checkToken: token, checkClaimedAt: now })
      .where('id = :id', { id: item.id })
      .andWhere(this.unclaimed(''))
      .execute();
    if (result.affected !== 1) return null;
    return Object.assign(item, { checkToken: token, checkClaimedAt: now });
  }

  /** Asks WhatsApp about the item's number and stores the answer (see Outcome). */
  private async check(item: ClaimedItem, whatsappId: number): Promise<Outcome> {
    let valid: boolean;
    try {
      valid = item.number ? (await this.outbound.checkNumber(whatsappId, item.number)).exists : false;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'ERR_WAPP_INVALID_CONTACT') {
        valid = false;
      } else if (
        error instanceof DomainError &&
        (error.code === 'ERR_WAPP_NOT_INITIALIZED' || error.code === 'ERR_WAPP_UNAVAILABLE')
      ) {
        await this.release(item, false);
        return 'connectionDown';
      } else {
        this.logger.warn(`Item ${item.id}: the number check failed, tried again later: ${String(error)}`);
        await this.release(item, true);
        return 'numberFailed';
      }
    }
    await this.store(item, valid);
    return 'stored';
  }

  /** Writes the answer while the claim is still ours, and tells the company. */
  private async store(item: ClaimedItem, valid: boolean): Promise<void> {
    const result = await this.items.update(
      { id: item.id, checkToken: item.checkToken },
      { isWhatsappValid: valid, checkToken: null, checkClaimedAt: null },
    );
    // Edited (a new number to check) or deleted during the check: this answer is for nothing now.
    if (result.affected !== 1) return;
    const saved = await this.items.findOneBy({ id: item.id });
    if (saved) {
      this.realtime.toCompany(saved.companyId, 'ContactListItem', {
        action: 'update',
        record: toContactListItem(saved),
      });
    }
  }

  /**
   * Gives the claim up. `backOff` keeps the claim's time so the item waits CLAIM_TTL_MS before it
   * is tried again (a number WhatsApp failed on would otherwise be first in line at every sweep).
   */
  private async release(item: ClaimedItem, backOff: boolean): Promise<void> {
    await this.items.update(
      { id: item.id, checkToken: item.checkToken },
      backOff ? { checkToken: null } : { checkToken: null, checkClaimedAt: null },
    );
  }

  /** The pace between two checks: the interval, ±25%; cut short when the server stops. */
  private pause(): Promise<void> {
    const interval = this.config.contactCheckIntervalMs;
    return this.work.sleep(interval <= 0 ? 0 : Math.round(interval * (0.75 + Math.random() * 0.5)));
  }
}
