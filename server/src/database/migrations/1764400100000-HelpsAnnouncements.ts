import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { engineColumns, idColumn as id } from '../migration-columns.js';

/** Help videos and announcements: the platform's own, shared by every company. */
export class HelpsAnnouncements1764400100000 implements MigrationInterface {
  name = 'HelpsAnnouncements1764400100000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);

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
