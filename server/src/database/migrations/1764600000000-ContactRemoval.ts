import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A contact removed while tickets still hold its history is kept, stripped of its number and
 * personal data, with the moment it was removed: lists and lookups leave it out, its tickets
 * still show its name.
 */
export class ContactRemoval1764600000000 implements MigrationInterface {
  name = 'ContactRemoval1764600000000';

  async up(q: QueryRunner): Promise<void> {
    const type = q.connection.options.type === 'better-sqlite3' ? 'datetime' : 'datetime(3)';
    // Plain ADD COLUMN on both engines (SQLite need not rebuild the table for it).
    await q.query(`ALTER TABLE contacts ADD COLUMN removedAt ${type} NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM contacts WHERE removedAt IS NOT NULL');
    await q.query('ALTER TABLE contacts DROP COLUMN removedAt');
  }
}
