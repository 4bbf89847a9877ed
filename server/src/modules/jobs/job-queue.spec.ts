import { InProcessJobQueue } from './job-queue.js';

const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('in-process job queue', () => {
  let queue: InProcessJobQueue<{ n: number }>;
  beforeEach(() => {
    queue = new InProcessJobQueue('test');
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
      await new Promise((r) => setTimeout(r, 50));
      finished.push(n);
    }, 2);
    for (let n = 0; n < 5; n++) await queue.add({ n });
    await until(() => started.length === 2);
    await queue.pause();
    expect(finished).toEqual([0, 1]);
    await new Promise((r) => setTimeout(r, 80));
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

  it('delays and repeats', async () => {
    const at: number[] = [];
    const start = Date.now();
    queue.process(async () => {
      at.push(Date.now() - start);
    });
    await queue.add({ n: 1 }, { repeatEveryMs: 40 });
    await until(() => at.length >= 2);
    expect(at[0]).toBeGreaterThanOrEqual(35);
  });
});
