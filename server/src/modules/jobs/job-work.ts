import type { Logger } from '@nestjs/common';

/**
 * What a background job keeps so the server can stop cleanly: the work it is running (awaited on
 * shutdown, while the database is still open, so claims are released) and its waits (cut short).
 */
export class JobWork {
  private stopped = false;
  private readonly running = new Set<Promise<void>>();
  private readonly waits = new Set<{ timer: NodeJS.Timeout; done: () => void }>();

  constructor(private readonly logger: Logger) {}

  get stopping(): boolean {
    return this.stopped;
  }

  /**
   * Runs `work` unless the server is stopping. It never fails: a failure is logged under `label`,
   * since a failed job's id would block the next jobs of its kind.
   */
  async run(label: string, work: () => Promise<void>): Promise<void> {
    if (this.stopped) return;
    const running = work().catch((error: unknown) => this.logger.warn(`${label} failed: ${String(error)}`));
    this.running.add(running);
    try {
      await running;
    } finally {
      this.running.delete(running);
    }
  }

  /** Waits `ms`, or less when the server stops meanwhile. */
  sleep(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wait = {
        timer: setTimeout(() => {
          this.waits.delete(wait);
          resolve();
        }, ms),
        done: resolve,
      };
      this.waits.add(wait);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const wait of this.waits) {
      clearTimeout(wait.timer);
      wait.done();
    }
    this.waits.clear();
    await Promise.all(this.running);
  }
}
