import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { engineColumns, foreignKey as fk, idColumn as id, text, varchar as str } from '../migration-columns.js';

/**
 * Queue option menus, and where a ticket's customer stands in one: the option whose sub-options
 * were offered last (null: the queue's top level) and when the menu began (timeUseBotQueues).
 */
export class QueueOptions1764600300000 implements MigrationInterface {
  name = 'QueueOptions1764600300000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);
    await q.createTable(
      new Table({
        name: 'queue_options',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          { name: 'queueId', type: 'int' },
          { name: 'parentId', type: 'int', isNullable: true },
          str('title', 100),
          text('message'),
          { name: 'option', type: 'int' },
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('queueId', 'queues', 'CASCADE'),
          fk('parentId', 'queue_options', 'CASCADE'),
        ],
        indices: [
          new TableIndex({ name: 'IDX_queue_options_queue_parent', columnNames: ['queueId', 'parentId', 'option'] }),
        ],
      }),
    );
    // Plain ADD COLUMN on both engines (SQLite need not rebuild the table for it). No foreign key
    // to queue_options: deleting an option must not write to the tickets standing in it (the bot
    // finds the option gone and starts the menu over).
    await q.query('ALTER TABLE tickets ADD COLUMN queueOptionId int NULL');
    await q.query('ALTER TABLE tickets ADD COLUMN botQueueAt datetime(3) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tickets DROP COLUMN botQueueAt');
    await q.query('ALTER TABLE tickets DROP COLUMN queueOptionId');
    await q.dropTable('queue_options');
  }
}
