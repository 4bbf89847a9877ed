import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The greeting bot counts a ticket's invalid answers to its queue menu. */
export class TicketBot1764000000000 implements MigrationInterface {
  name = 'TicketBot1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // Plain ADD COLUMN on both engines (SQLite need not rebuild the table for it).
    await q.query('ALTER TABLE tickets ADD COLUMN amountUsedBotQueues int NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tickets DROP COLUMN amountUsedBotQueues');
  }
}
