import type { Logger } from '@nestjs/common';
import { KeyedLock } from './keyed-lock.js';

/**
 * Work a customer's message sets off after its transaction (an AI agent's or a bot's turn): one at
 * a time per ticket, in arrival order, without holding up the inbound path; a failure is logged.
 */
export class TicketTurns {
  private readonly lock = new KeyedLock();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  start(ticketId: number, work: () => Promise<void>): void {
    void this.run(ticketId, work);
  }

  /** As start, resolving once this turn is over (a job that must not end before its work). */
  run(ticketId: number, work: () => Promise<void>): Promise<void> {
    const turn = this.lock
      .run(`ticket:${ticketId}`, work)
      .catch((error: unknown) => this.logger.error(`ticket ${ticketId}: ${String(error)}`))
      .finally(() => this.running.delete(turn));
    this.running.add(turn);
    return turn;
  }

  /** Resolves once every turn started so far is over. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
