import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { MessageChange } from '../../gateway/gateway.types.js';
import { MessageEntity } from '../entities/message.entity.js';
import { TicketEntity } from '../entities/ticket.entity.js';
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
 * lookup per connection, one update per tick level, one read of the changed messages and their
 * tickets for the events. Only the highest tick of a message in a batch counts (ticks only move
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
    const repo = this.db.getRepository(MessageEntity);
    /** Message ids to move to each tick level, and the company of each. */
    const levels = new Map<number, number[]>();
    const companyOf = new Map<number, number>();
    for (const group of byConnection.values()) {
      const { companyId, whatsappId } = group[0].tick;
      const rows = await repo.find({
        where: { companyId, whatsappId, providerId: In(group.map((p) => p.tick.providerId)) },
        select: { id: true, providerId: true, ack: true },
      });
      const found = new Map(rows.map((row) => [row.providerId, row]));
      for (const p of group) {
        const row = found.get(p.tick.providerId);
        if (!row) {
          this.later(p);
          continue;
        }
        if (p.tick.ack <= row.ack) continue;
        append(levels, p.tick.ack, row.id);
        companyOf.set(row.id, companyId);
      }
    }
    if (!levels.size) return;
    const now = new Date();
    for (const [ack, ids] of levels) {
      // Ticks only move forward: a late "delivered" never undoes a "read".
      await this.tx.single((em) =>
        em
          .createQueryBuilder()
          .update(MessageEntity)
          .set({ ack, updatedAt: now })
          .where('id IN (:...ids)', { ids })
          .andWhere('ack < :ack', { ack })
          .execute(),
      );
    }
    const byCompany = new Map<number, number[]>();
    for (const [id, companyId] of companyOf) append(byCompany, companyId, id);
    for (const [companyId, ids] of byCompany) {
      const changed = await this.messages.some(companyId, ids);
      const tickets = await this.db.getRepository(TicketEntity).find({
        where: { companyId, id: In([...new Set(changed.map((m) => m.ticketId))]) },
        select: { id: true, uuid: true, companyId: true, userId: true, queueId: true },
      });
      const place = new Map(tickets.map((t) => [t.id, t]));
      for (const message of changed) {
        const ticket = place.get(message.ticketId);
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

/** Adds `value` to the list under `key` (a batch's grouping: no copy of the list per item). */
function append<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}
