import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { parameterBinder, placeholders } from '../../../database/compiled-select.js';
import type { MessageChange } from '../../gateway/gateway.types.js';
import { MessagesService } from '../messages.service.js';
import { TicketEvents } from '../ticket-events.js';
import { Transactions } from '../transactions.js';

type Tick = Extract<MessageChange, { kind: 'ack' }>;

/** How long the first tick of a batch waits for others, and the most recorded at once. */
const WINDOW_MS = 20;
const MOST = 500;
/** Waits between lookups of a changed message not stored yet: about 3 s in all, then it is dropped. */
export const CHANGE_LOOKUP_RETRIES = [100, 200, 400, 800, 1500];

interface Pending {
  tick: Tick;
  attempt: number;
  settled: (() => void)[];
}

/**
 * The ticks (acks) of sent messages, recorded in batches: a campaign's thousands of messages each
 * get three or four ticks, and one lookup, one update and two read-backs per tick were most of the
 * server's and the database's work while it ran. A batch takes what arrived within WINDOW_MS: one
 * lookup per connection (the messages with their tickets' places), one update for every level, one
 * read of the changed messages per company for the events. Only the highest tick of a message in a batch counts (ticks only move
 * forward), and batches run one at a time, so a later batch never races an earlier one.
 *
 * `add` settles once its tick is recorded (or found to change nothing), so a caller that waits
 * sees it stored; the gateways do not wait, which is what lets ticks share a batch.
 */
@Injectable()
export class Ticks implements OnModuleDestroy {
  private readonly logger = new Logger('Ticks');
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly retries = new Set<NodeJS.Timeout>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly messages: MessagesService,
    private readonly events: TicketEvents,
  ) {}

  add(tick: Tick, attempt = 0): Promise<void> {
    return new Promise((resolve) => {
      const key = `${tick.companyId}:${tick.whatsappId}:${tick.providerId}`;
      const known = this.pending.get(key);
      if (known) {
        if (tick.ack > known.tick.ack) known.tick = tick;
        known.attempt = Math.min(known.attempt, attempt);
        known.settled.push(resolve);
      } else this.pending.set(key, { tick, attempt, settled: [resolve] });
      if (this.pending.size >= MOST) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), WINDOW_MS);
    });
  }

  /** Records what is pending now; settles when it is recorded. */
  async settle(): Promise<void> {
    this.flush();
    await this.running;
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await this.settle();
  }

  /** Starts a batch of what is pending, after the one running. */
  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.running = this.running.then(() =>
      this.record(batch)
        .catch((error: unknown) => this.logger.warn(`${batch.length} ticks were not recorded: ${String(error)}`))
        .finally(() => batch.forEach((p) => p.settled.forEach((settle) => settle()))),
    );
  }

  private async record(batch: Pending[]): Promise<void> {
    const byConnection = new Map<string, Pending[]>();
    for (const p of batch) {
      const key = `${p.tick.companyId}:${p.tick.whatsappId}`;
      append(byConnection, key, p);
    }
    /** The tick level each changed message moves to, and where its ticket is (the events' rooms). */
    const changes = new Map<number, number>();
    const byCompany = new Map<number, number[]>();
    const places = new Map<number, Placed>();
    for (const group of byConnection.values()) {
      const { companyId, whatsappId } = group[0].tick;
      const providerIds = group.map((p) => p.tick.providerId);
      // Plain SQL through the data source: a batch's lookup is the same statement every time, and
      // TypeORM's building of it cost more than MariaDB's answering it. The ticket's place comes
      // with it, for the events.
      const rows = (await this.db.query(
        'SELECT m.id AS id, m.providerId AS providerId, m.ack AS ack, t.id AS ticketId, t.uuid AS uuid, ' +
          't.userId AS userId, t.queueId AS queueId FROM messages m INNER JOIN tickets t ON t.id = m.ticketId ' +
          `WHERE m.companyId = ? AND m.whatsappId = ? AND m.providerId IN (${placeholders(providerIds)})`,
        [companyId, whatsappId, ...providerIds],
      )) as LookedUp[];
      const found = new Map(rows.map((row) => [row.providerId, row]));
      for (const p of group) {
        const row = found.get(p.tick.providerId);
        if (!row) {
          this.later(p);
          continue;
        }
        const id = Number(row.id);
        if (p.tick.ack <= Number(row.ack)) continue;
        changes.set(id, p.tick.ack);
        append(byCompany, companyId, id);
        const ticketId = Number(row.ticketId);
        places.set(ticketId, {
          id: ticketId,
          uuid: row.uuid,
          companyId,
          userId: row.userId === null ? null : Number(row.userId),
          queueId: row.queueId === null ? null : Number(row.queueId),
        });
      }
    }
    if (!changes.size) return;
    const update = tickUpdate(this.db.options.type, changes, new Date());
    await this.tx.single((em) => em.query(update.sql, update.values));
    for (const [companyId, ids] of byCompany) {
      for (const message of await this.messages.some(companyId, ids)) {
        const ticket = places.get(message.ticketId);
        if (ticket) this.events.messageUpdated(ticket, message);
      }
    }
  }

  /**
   * A provider may tick a message before the sending request has stored it (the tick races the
   * insert): it is looked for again a little later; its caller is not held up meanwhile.
   */
  private later(p: Pending): void {
    if (p.attempt >= CHANGE_LOOKUP_RETRIES.length) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void this.add(p.tick, p.attempt + 1);
    }, CHANGE_LOOKUP_RETRIES[p.attempt]);
    timer.unref();
    this.retries.add(timer);
  }
}

/** A message of a batch's lookup, with its ticket's place (MySQL may answer numbers as strings). */
interface LookedUp {
  id: number | string;
  providerId: string;
  ack: number | string;
  ticketId: number | string;
  uuid: string;
  userId: number | string | null;
  queueId: number | string | null;
}

type Placed = Parameters<TicketEvents['messageUpdated']>[0];

/**
 * One UPDATE for a batch's messages, each to its own tick level. Ticks only move forward: a row
 * already at its level or past it (a late "delivered" after a "read") is left as it is.
 */
function tickUpdate(type: string, changes: Map<number, number>, now: Date): { sql: string; values: unknown[] } {
  const bind = parameterBinder(type);
  const ids = [...changes.keys()];
  const levels = new Set(changes.values());
  if (levels.size === 1) {
    const [ack] = levels;
    return {
      sql: `UPDATE messages SET ack = ?, updatedAt = ? WHERE id IN (${placeholders(ids)}) AND ack < ?`,
      values: [ack, bind(now), ...ids, ack],
    };
  }
  const cases = `CASE id${' WHEN ? THEN ?'.repeat(ids.length)} END`;
  const pairs = [...changes].flat();
  return {
    sql: `UPDATE messages SET ack = ${cases}, updatedAt = ? WHERE id IN (${placeholders(ids)}) AND ack < ${cases}`,
    values: [...pairs, bind(now), ...ids, ...pairs],
  };
}

/** Adds `value` to the list under `key` (a batch's grouping: no copy of the list per item). */
function append<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}
