import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { BullMqJobQueue, InProcessJobQueue, type JobQueue } from './job-queue.js';

const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

// The same guarantees from both queues: in-process, and BullMQ on the Redis of REDIS_URL (the
// MariaDB + Redis run), each test on a key prefix of its own.
const redisUrl = process.env.REDIS_URL;
let redis: Redis | null = null;
const prefixes: string[] = [];
beforeAll(() => {
  if (redisUrl) redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis!.keys(`${prefix}:*`);
    if (keys.length) await redis!.del(...keys);
  }
  await redis?.quit();
});

/** A BullMQ queue on a prefix of its own; short locks so that a dead worker's job moves within a second. */
function bullMq<T>(name = 'test'): BullMqJobQueue<T> {
  const prefix = `atendo-jobs-test-${randomBytes(4).toString('hex')}`;
  prefixes.push(prefix);
  return new BullMqJobQueue<T>(new Queue(name, { connection: redis!, prefix }), redis!, undefined, {
    lockDuration: 600,
    stalledInterval: 300,
  });
}

const kinds: [string, () => JobQueue<{ n: number }>][] = [['in-process', () => new InProcessJobQueue('test')]];
if (redisUrl) kinds.push(['BullMQ', () => bullMq()]);

describe.each(kinds)('%s job queue', (_kind, make) => {
  let queue: JobQueue<{ n: number }>;
  beforeEach(() => {
    queue = make();
  });
  afterEach(() => queue.close());

  it('runs jobs with the given concurrency', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    queue.process(async ({ n }) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 20));
      running -= 1;
      done.push(n);
    }, 2);
    for (let n = 0; n < 6; n++) await queue.add({ n });
    await until(() => done.length === 6);
    expect(peak).toBe(2);
  });

  it('pauses after the running jobs finish, taking no new ones', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    queue.process(async ({ n }) => {
      started.push(n);
      // Long enough that the pause below comes while both run, however late the check sees them.
      await new Promise((r) => setTimeout(r, 250));
      finished.push(n);
    }, 2);
    for (let n = 0; n < 5; n++) await queue.add({ n });
    await until(() => started.length === 2);
    await queue.pause();
    expect(finished).toEqual([0, 1]);
    await new Promise((r) => setTimeout(r, 300));
    expect(started).toEqual([0, 1]);
  });

  it('retries a failing job up to its attempts', async () => {
    let tries = 0;
    queue.process(async () => {
      tries += 1;
      if (tries < 2) throw new Error('flaky');
    });
    await queue.add({ n: 1 }, { attempts: 3 });
    await until(() => tries === 2, 5000);
  });

  it('does not add a job id that is already waiting', async () => {
    const seen: number[] = [];
    await queue.add({ n: 1 }, { jobId: 'same', delayMs: 30 });
    await queue.add({ n: 2 }, { jobId: 'same', delayMs: 30 });
    queue.process(async ({ n }) => {
      seen.push(n);
    });
    await until(() => seen.length === 1);
    await new Promise((r) => setTimeout(r, 80));
    expect(seen).toEqual([1]);
  });

  it('delays, and repeats one schedule per id however often it is asked for', async () => {
    const at: { n: number; ms: number }[] = [];
    const start = Date.now();
    queue.process(async ({ n }) => {
      at.push({ n, ms: Date.now() - start });
    });
    await queue.add({ n: 1 }, { delayMs: 60 });
    // Each node asks for the schedule at its start: still one.
    await queue.add({ n: 2 }, { jobId: 'every-300', repeatEveryMs: 300 });
    await queue.add({ n: 2 }, { jobId: 'every-300', repeatEveryMs: 300 });
    await until(() => at.filter((a) => a.n === 2).length >= 3 && at.some((a) => a.n === 1));
    expect(at.find((a) => a.n === 1)!.ms).toBeGreaterThanOrEqual(55);
    // Two schedules would run within milliseconds of each other; one runs 300 ms apart, give or take
    // a loaded machine's lateness (a run comes late, never early).
    const repeats = at.filter((a) => a.n === 2).map((a) => a.ms);
    for (let i = 1; i < repeats.length; i++) expect(repeats[i] - repeats[i - 1]).toBeGreaterThanOrEqual(100);
  });
});

(redisUrl ? describe : describe.skip)('BullMQ job queue across nodes', () => {
  it("gives a dead worker's job to another worker once its lock lapses", async () => {
    const first = bullMq<{ n: number }>('handover');
    // The same queue seen from a second node.
    const prefix = prefixes.at(-1)!;
    const second = new BullMqJobQueue<{ n: number }>(
      new Queue('handover', { connection: redis!, prefix }),
      redis!,
      undefined,
      {
        lockDuration: 600,
        stalledInterval: 300,
      },
    );
    const ran: string[] = [];
    let startedOnFirst!: () => void;
    const started = new Promise<void>((resolve) => (startedOnFirst = resolve));
    first.process(() => {
      ran.push('first');
      startedOnFirst();
      // Never finishes: the process is about to die.
      return new Promise<void>(() => undefined);
    });
    await first.add({ n: 1 }, { jobId: 'only-once' });
    await started;
    // The first node dies: its worker stops renewing the lock, without a word.
    await (first as unknown as { worker: { close(force: boolean): Promise<void> } }).worker.close(true);
    second.process(async () => {
      ran.push('second');
    });
    await until(() => ran.includes('second'), 5000);
    expect(ran).toEqual(['first', 'second']);
    await second.close();
    await first.close();
  });

  it('counts the whole queue, whichever node asks', async () => {
    const queue = bullMq<{ n: number }>('counted');
    await queue.add({ n: 1 });
    await queue.add({ n: 2 }, { delayMs: 60_000 });
    expect(await queue.counts()).toEqual({ waiting: 1, active: 0, delayed: 1 });
    await queue.close();
  });
});
