import { jest } from '@jest/globals';
import type { JobObserver } from '../metrics/metrics.js';
import { InProcessJobQueue } from './job-queue.js';

const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('in-process job queue, as the metrics see it', () => {
  const started: { queue: string; waitedMs: number }[] = [];
  const failed: string[] = [];
  const observer: JobObserver = {
    started: (queue, waitedMs) => started.push({ queue, waitedMs }),
    failed: (queue) => failed.push(queue),
  };
  let queue: InProcessJobQueue<{ n: number }>;
  beforeEach(() => {
    started.length = 0;
    failed.length = 0;
    queue = new InProcessJobQueue('flows', observer);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    return queue.close();
  });

  it('counts jobs waiting, active and delayed, and reports how long each waited once due', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The wait is read off the wall clock, which a loaded machine cannot be held to: the timers run
    // (they do not read Date.now), the clock the wait is measured on is stepped by hand.
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    await queue.add({ n: 1 });
    await queue.add({ n: 2 });
    await queue.add({ n: 3 }, { delayMs: 60_000 });
    await new Promise((r) => setTimeout(r, 30));
    now += 30;
    // No worker yet: the two due jobs wait, the third is not due.
    expect(await queue.counts()).toEqual({ waiting: 2, active: 0, delayed: 1 });
    queue.process(() => gate, 1);
    expect(await queue.counts()).toEqual({ waiting: 1, active: 1, delayed: 1 });
    expect(started).toHaveLength(1);
    expect(started[0].queue).toBe('flows');
    expect(started[0].waitedMs).toBe(30);
    release();
    await until(() => started.length === 2);
  });

  it('reports every failed run, retries included', async () => {
    queue.process(async () => {
      throw new Error('no');
    });
    await queue.add({ n: 1 }, { attempts: 2 });
    // The second try comes a second later.
    await until(() => failed.length === 2, 4000);
    expect(failed).toEqual(['flows', 'flows']);
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0 });
  });
});
