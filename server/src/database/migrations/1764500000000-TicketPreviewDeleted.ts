import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A ticket whose last message was deleted says so in its preview instead of showing the text. */
export class TicketPreviewDeleted1764500000000 implements MigrationInterface {
  name = 'TicketPreviewDeleted1764500000000';

  async up(q: QueryRunner): Promise<void> {
    // Plain ADD COLUMN on both engines (SQLite need not rebuild the table for it).
    await q.query('ALTER TABLE tickets ADD COLUMN lastMessageDeleted boolean NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tickets DROP COLUMN lastMessageDeleted');
  }
}
