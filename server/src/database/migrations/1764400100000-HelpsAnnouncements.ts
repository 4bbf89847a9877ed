import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Help videos and announcements: the platform's own, shared by every company. */
export class HelpsAnnouncements1764400100000 implements MigrationInterface {
  name = 'HelpsAnnouncements1764400100000';

  async up(q: QueryRunner): Promise<void> {
    const isSqlite = q.connection.driver.options.type === 'better-sqlite3';
    const now = isSqlite ? "(strftime('%Y-%m-%d %H:%M:%f','now'))" : 'CURRENT_TIMESTAMP(3)';
    const stamp = (name: string) => ({ name, type: 'datetime', precision: 3, default: now });
    const id = {
      name: 'id',
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment' as const,
    };

    await q.createTable(
      new Table({
        name: 'helps',
        columns: [
          id,
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'description', type: 'text' },
          { name: 'video', type: 'varchar', length: '20' },
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'announcements',
        columns: [
          id,
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'text', type: 'text' },
          { name: 'priority', type: 'int', default: 3 },
          { name: 'status', type: 'boolean', default: true },
          { name: 'mediaPath', type: 'varchar', length: '255', isNullable: true },
          { name: 'mediaName', type: 'varchar', length: '255', isNullable: true },
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        indices: [new TableIndex({ name: 'IDX_announcements_status_created', columnNames: ['status', 'createdAt'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['announcements', 'helps']) await q.dropTable(table);
  }
}
