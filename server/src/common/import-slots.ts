import { ThrottledError } from './domain-error.js';

/** Spreadsheet imports one node runs at once: each reads, checks and writes up to 100,000 rows. */
export const IMPORTS_AT_ONCE = 2;
/** Imports that may wait for a turn; one more is answered 429 at once. */
export const IMPORTS_WAITING = 4;
/** How long an import waits for its turn before it is answered 429, in ms. */
export const IMPORT_WAIT_MS = 30_000;

/**
 * The turns of the node's spreadsheet imports (contacts, contact lists). Six hostile sheets read
 * at once took a server from 228 MB to 2.5 GB; with a turn each, what imports cost together is
 * bounded by what one may cost (see spreadsheet.ts) times IMPORTS_AT_ONCE. The others wait in
 * order, a few of them and not for long: past that they are answered 429 with Retry-After.
 */
export class ImportSlots {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly atOnce = IMPORTS_AT_ONCE,
    private readonly mayWait = IMPORTS_WAITING,
    private readonly waitMs = IMPORT_WAIT_MS,
  ) {}

  /** `work` in its turn; 429 when too many wait already or the turn does not come in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** A turn, held until the function it answers is called. */
  acquire(): Promise<() => void> {
    if (this.running < this.atOnce) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    const retryAfter = Math.ceil(this.waitMs / 1000);
    if (this.waiting.length >= this.mayWait) return Promise.reject(new ThrottledError(retryAfter));
    return new Promise((resolve, reject) => {
      const turn = {
        start: () => {
          clearTimeout(turn.timer);
          this.running++;
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(turn), 1);
          reject(new ThrottledError(retryAfter));
        }, this.waitMs),
      };
      this.waiting.push(turn);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.waiting.shift()?.start();
    };
  }
}

/** The node's turns, shared by every route that imports a spreadsheet. */
export const spreadsheetImports = new ImportSlots();
