import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CampaignPacing, CampaignPauseReason } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource, type Repository } from 'typeorm';
import { CompiledSelect } from '../../database/compiled-select.js';
import { ConnectionPaceEntity } from './entities/connection-pace.entity.js';
import { nextUtcMidnight, pacingOff, rateLimitPauseMs, utcDay, waitAfterSend, type PaceRules } from './pacing.js';

/** A turn to send: how many sends it allows, or how long to wait and why. */
export type PaceTurn =
  | { kind: 'go'; granted: number; strikes: number }
  | { kind: 'wait'; waitMs: number; reason: CampaignPauseReason | null };

/** How long a connection's pace is shown as read: a running campaign's report is polled many times a second. */
const SHOWN_MS = 1_000;
/** Tries of the conditional update before a turn gives way (another node took the slot each time). */
const TAKE_ROUNDS = 5;

/**
 * Each connection's pace, in the database so every node and every campaign on the connection
 * shares it. A turn is taken by a conditional update on the row as it was read, so two takers
 * never get the same slot; a turn the taker does not use is given back.
 */
@Injectable()
export class PaceService {
  private readonly paces: Repository<ConnectionPaceEntity>;
  /** A connection's pace, read at every turn and every report poll: compiled once (see CompiledSelect). */
  private readonly byConnection: CompiledSelect<ConnectionPaceEntity, 'whatsappId'>;
  /** Each connection's pace as its reports last read it (as the report's counts, at most a second old). */
  private readonly shown = new LRUCache<number, { pace: ConnectionPaceEntity | null }>({ max: 10_000, ttl: SHOWN_MS });

  constructor(@InjectDataSource() db: DataSource) {
    this.paces = db.getRepository(ConnectionPaceEntity);
    const columns = db.getMetadata(ConnectionPaceEntity).columns.map((c) => `p.${c.propertyName}`);
    this.byConnection = new CompiledSelect(
      db,
      (em) =>
        em
          .getRepository(ConnectionPaceEntity)
          .createQueryBuilder('p')
          .select(columns)
          .where('p.whatsappId = :whatsappId'),
      ['whatsappId'],
    );
  }

  private async row(companyId: number, whatsappId: number): Promise<ConnectionPaceEntity> {
    const found = await this.byConnection.one({ whatsappId });
    if (found) return found;
    const now = new Date();
    await this.paces
      .createQueryBuilder()
      .insert()
      .values({ whatsappId, companyId, nextAt: now, sentInRun: 0, day: utcDay(now), sentToday: 0, strikes: 0 })
      .orIgnore()
      .execute();
    return this.paces.findOneByOrFail({ whatsappId });
  }

  /** Up to `wanted` sends now (more than one only with pacing off), or the wait before the next. */
  async take(companyId: number, whatsappId: number, rules: PaceRules, wanted: number): Promise<PaceTurn> {
    for (let round = 0; round < TAKE_ROUNDS; round++) {
      const pace = await this.row(companyId, whatsappId);
      const now = new Date();
      if (pace.pausedReason === 'disconnected') return { kind: 'wait', waitMs: Infinity, reason: 'disconnected' };
      if (pace.pausedUntil && pace.pausedUntil > now) {
        return { kind: 'wait', waitMs: pace.pausedUntil.getTime() - now.getTime(), reason: pace.pausedReason };
      }
      const today = utcDay(now);
      const sentToday = pace.day === today ? pace.sentToday : 0;
      if (sentToday >= rules.dailyLimit) {
        const until = nextUtcMidnight(now);
        await this.paces.update({ whatsappId }, { pausedReason: 'dailyLimit', pausedUntil: until });
        return { kind: 'wait', waitMs: until.getTime() - now.getTime(), reason: 'dailyLimit' };
      }
      if (pace.nextAt > now) return { kind: 'wait', waitMs: pace.nextAt.getTime() - now.getTime(), reason: null };
      const off = pacingOff(rules);
      const granted = off ? Math.min(wanted, rules.dailyLimit - sentToday) : 1;
      const after = off ? { waitMs: 0, sentInRun: 0 } : waitAfterSend(pace.sentInRun, rules);
      const result = await this.paces
        .createQueryBuilder()
        .update(ConnectionPaceEntity)
        .set({
          nextAt: new Date(now.getTime() + after.waitMs),
          sentInRun: after.sentInRun,
          day: today,
          sentToday: sentToday + granted,
          pausedReason: null,
          pausedUntil: null,
        })
        .where('whatsappId = :whatsappId', { whatsappId })
        .andWhere('nextAt = :nextAt AND sentToday = :sentToday AND day = :day', {
          nextAt: pace.nextAt,
          sentToday: pace.sentToday,
          day: pace.day,
        })
        .execute();
      if (result.affected === 1) return { kind: 'go', granted, strikes: pace.strikes };
    }
    return { kind: 'wait', waitMs: 50, reason: null };
  }

  /** Sends a turn allowed that did not go (nothing left to send, or the send was refused before leaving). */
  async giveBack(whatsappId: number, count: number): Promise<void> {
    if (count <= 0) return;
    await this.paces
      .createQueryBuilder()
      .update(ConnectionPaceEntity)
      .set({ sentToday: () => `CASE WHEN sentToday >= ${Number(count)} THEN sentToday - ${Number(count)} ELSE 0 END` })
      .where('whatsappId = :whatsappId', { whatsappId })
      .execute();
  }

  /** WhatsApp said "too fast": the connection waits, longer with each answer in a row. */
  async rateLimited(companyId: number, whatsappId: number): Promise<void> {
    const pace = await this.row(companyId, whatsappId);
    await this.paces.update(
      { whatsappId },
      {
        pausedReason: 'rateLimited',
        pausedUntil: new Date(Date.now() + rateLimitPauseMs(pace.strikes)),
        strikes: pace.strikes + 1,
      },
    );
  }

  /** A send went through after rate-limit pauses: the next pause starts short again. */
  async clearStrikes(whatsappId: number): Promise<void> {
    await this.paces.update({ whatsappId }, { strikes: 0 });
  }

  /** The session dropped: the connection's campaigns wait until it is back (see resume). */
  async disconnected(companyId: number, whatsappId: number): Promise<void> {
    await this.row(companyId, whatsappId);
    await this.paces.update({ whatsappId }, { pausedReason: 'disconnected', pausedUntil: null });
  }

  /** The connection is back: its campaigns go on, paced from now. */
  async resume(whatsappId: number): Promise<void> {
    await this.paces.update(
      { whatsappId, pausedReason: 'disconnected' },
      { pausedReason: null, pausedUntil: null, nextAt: new Date() },
    );
  }

  async pausedFor(whatsappIds: number[]): Promise<Set<number>> {
    if (!whatsappIds.length) return new Set();
    const rows = await this.paces
      .createQueryBuilder('p')
      .select(['p.whatsappId', 'p.pausedReason', 'p.pausedUntil'])
      .where('p.whatsappId IN (:...ids)', { ids: whatsappIds })
      .getMany();
    const now = new Date();
    return new Set(
      rows
        .filter((p) => p.pausedReason === 'rateLimited' && p.pausedUntil && p.pausedUntil > now)
        .map((p) => p.whatsappId),
    );
  }

  /** What the report shows of the connection's pace. */
  async pacing(whatsappId: number, rules: PaceRules): Promise<CampaignPacing> {
    let read = this.shown.get(whatsappId);
    if (!read) {
      read = { pace: await this.byConnection.one({ whatsappId }) };
      this.shown.set(whatsappId, read);
    }
    const { pace } = read;
    const now = new Date();
    const active = pace?.pausedReason && (pace.pausedReason === 'disconnected' || (pace.pausedUntil ?? now) > now);
    return {
      nextSendAt: pace ? (pace.nextAt > now ? pace.nextAt : now).toISOString() : null,
      pausedReason: active ? pace!.pausedReason : null,
      pausedUntil: active && pace!.pausedUntil ? pace!.pausedUntil.toISOString() : null,
      sentToday: pace && pace.day === utcDay(now) ? pace.sentToday : 0,
      dailyLimit: rules.dailyLimit,
    };
  }
}
