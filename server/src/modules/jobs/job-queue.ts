import { Logger } from '@nestjs/common';
import { Worker, type ConnectionOptions, type Queue } from 'bullmq';
import { within } from '../../common/within.js';
import type { JobObserver } from '../metrics/metrics.js';

export interface JobOptions {
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /** A job id already waiting or running is not added again. */
  jobId?: string;
  /** Tries in all, with exponential backoff between them. */
  attempts?: number;
  /** Run again every this many milliseconds (one schedule per jobId). */
  repeatEveryMs?: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** Jobs due and not taken yet, running, and not due yet. */
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
}

/**
 * What the rest of the server sees of a queue. Two implementations: BullMQ on Redis when REDIS_URL is
 * set, and an in-process one otherwise. Neither is the record of what is scheduled: that lives in
 * the database, and each owner re-enqueues its pending work at start.
 */
export interface JobQueue<T = unknown> {
  readonly name: string;
  process(handler: JobHandler<T>, concurrency?: number): void;
  add(data: T, options?: JobOptions): Promise<void>;
  /** For the metrics: with BullMQ, the whole cluster's jobs; in-process, this process's. */
  counts(): Promise<JobCounts>;
  /**
   * Stops this process taking jobs and resolves once the ones it runs have finished; waiting and
   * delayed jobs stay queued for the other nodes (or, in-process, for the next start's re-enqueue).
   */
  pause(): Promise<void>;
  close(): Promise<void>;
}

const BACKOFF_MS = 1_000;

/** BullMQ reports every failed reconnection attempt of its connections; one line in this long is enough. */
const ERROR_LOG_EVERY_MS = 30_000;

/**
 * A queue on Redis through BullMQ: jobs added by any node, run by whichever node's worker takes them
 * first; a job whose worker died is taken by another once its lock lapses (BullMQ's stalled-job check).
 */
export class BullMqJobQueue<T> implements JobQueue<T> {
  private readonly logger: Logger;
  private lastLogged = 0;
  private worker: Worker<T> | null = null;

  constructor(
    // Untyped: BullMQ types a queue's job names by its data, and ours has one name a queue.
    private readonly queue: Queue,
    private readonly connection: ConnectionOptions,
    private readonly observer?: JobObserver,
    /** How long a running job's lock lasts unrenewed, and how often stalled jobs are looked for (tests shorten them). */
    private readonly locks: { lockDuration?: number; stalledInterval?: number } = {},
  ) {
    this.logger = new Logger(`Jobs:${queue.name}`);
    // Redis going away is reported here; BullMQ reconnects and carries on by itself when it is back.
    queue.on('error', (error: Error) => this.unavailable(error));
  }

  private unavailable(error: Error): void {
    if (Date.now() - this.lastLogged < ERROR_LOG_EVERY_MS) return;
    this.lastLogged = Date.now();
    this.logger.warn(`queue unavailable: ${error.message}`);
  }

  get name(): string {
    return this.queue.name;
  }

  process(handler: JobHandler<T>, concurrency = 1): void {
    this.worker = new Worker<T>(
      this.queue.name,
      (job) => {
        this.observer?.started(this.queue.name, Date.now() - job.timestamp - (job.opts.delay ?? 0));
        return handler(job.data);
      },
      { connection: this.connection, prefix: this.queue.opts.prefix, concurrency, ...this.locks },
    );
    this.worker.on('error', (error: Error) => this.unavailable(error));
    // This worker's failed runs only: each node counts its own.
    this.worker.on('failed', () => this.observer?.failed(this.queue.name));
  }

  async add(data: T, options: JobOptions = {}): Promise<void> {
    const opts = {
      attempts: options.attempts ?? 1,
      backoff: { type: 'exponential', delay: BACKOFF_MS },
      removeOnComplete: true,
      // BullMQ ignores a job whose id it still keeps, failed ones included: a job with an id that
      // failed (a worker killed twice while running it stalls it for good) would block its id for ever.
      removeOnFail: options.jobId ? true : 100,
    };
    if (options.repeatEveryMs) {
      // One schedule per id, however many nodes (or starts) ask for it.
      await this.queue.upsertJobScheduler(
        options.jobId ?? this.queue.name,
        { every: options.repeatEveryMs },
        { name: this.queue.name, data, opts },
      );
      return;
    }
    await this.queue.add(this.queue.name, data, {
      ...opts,
      jobId: options.jobId,
      delay: options.delayMs,
    });
  }

  async pause(): Promise<void> {
    // This node's worker only (the other nodes carry on), once its active jobs complete.
    await this.worker?.pause();
  }

  async counts(): Promise<JobCounts> {
    // Bounded: with Redis away the command would wait for it, and the scrape with it.
    const counts = await within(this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed'), 1_000);
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
    };
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}

export class InProcessJobQueue<T> implements JobQueue<T> {
  private readonly logger: Logger;
  private handler: JobHandler<T> | null = null;
  private concurrency = 1;
  private running = 0;
  /** `dueAt`: when the job became due, for the wait the metrics report. */
  private readonly waiting: { data: T; attempt: number; attempts: number; jobId?: string; dueAt: number }[] = [];
  /** Jobs waiting for their delay (or their next try) to pass. */
  private delayed = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The repeating schedules, by job id. */
  private readonly schedules = new Map<string, NodeJS.Timeout>();
  private readonly pendingIds = new Set<string>();
  private closed = false;
  private paused = false;
  private idle: (() => void)[] = [];

  constructor(
    readonly name: string,
    private readonly observer?: JobObserver,
  ) {
    this.logger = new Logger(`Jobs:${name}`);
  }

  process(handler: JobHandler<T>, concurrency = 1): void {
    this.handler = handler;
    this.concurrency = concurrency;
    this.drain();
  }

  async add(data: T, options: JobOptions = {}): Promise<void> {
    if (this.closed) return;
    if (options.repeatEveryMs) {
      const every = options.repeatEveryMs;
      // One schedule per id: asked for again, the schedule is replaced, not doubled.
      const key = options.jobId ?? this.name;
      const previous = this.schedules.get(key);
      if (previous) {
        clearInterval(previous);
        this.timers.delete(previous);
      }
      const timer = setInterval(() => this.enqueue(data, 1, options.jobId), every);
      timer.unref();
      this.timers.add(timer);
      this.schedules.set(key, timer);
      return;
    }
    if (options.jobId) {
      if (this.pendingIds.has(options.jobId)) return;
      this.pendingIds.add(options.jobId);
    }
    this.delayed += 1;
    this.later(options.delayMs ?? 0, () => {
      this.delayed -= 1;
      this.enqueue(data, options.attempts ?? 1, options.jobId);
    });
  }

  async counts(): Promise<JobCounts> {
    return { waiting: this.waiting.length, active: this.running, delayed: this.delayed };
  }

  async pause(): Promise<void> {
    this.paused = true;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    this.delayed = 0;
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private enqueue(data: T, attempts: number, jobId?: string): void {
    if (this.closed) return;
    this.waiting.push({ data, attempt: 1, attempts, jobId, dueAt: Date.now() });
    this.drain();
  }

  private drain(): void {
    if (this.paused && this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    while (this.handler && !this.paused && this.running < this.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.running += 1;
      this.observer?.started(this.name, Date.now() - job.dueAt);
      this.handler(job.data)
        .then(() => job.jobId && this.pendingIds.delete(job.jobId))
        .catch((error: unknown) => {
          this.observer?.failed(this.name);
          if (job.attempt < job.attempts && !this.closed) {
            this.delayed += 1;
            this.later(BACKOFF_MS * 2 ** (job.attempt - 1), () => {
              this.delayed -= 1;
              this.waiting.push({ ...job, attempt: job.attempt + 1, dueAt: Date.now() });
              this.drain();
            });
          } else {
            if (job.jobId) this.pendingIds.delete(job.jobId);
            this.logger.error(
              `job failed after ${job.attempt} attempt(s)`,
              error instanceof Error ? error.stack : String(error),
            );
          }
        })
        .finally(() => {
          this.running -= 1;
          this.drain();
        });
    }
  }
}
