import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { engineColumns, foreignKey as fk, idColumn as id, text, varchar as str } from '../migration-columns.js';

/**
 * The AI agents (prompts) and, on tickets, when the agent left a ticket to people: it does not
 * take that ticket up again.
 */
export class Prompts1764800000000 implements MigrationInterface {
  name = 'Prompts1764800000000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);
    await q.createTable(
      new Table({
        name: 'prompts',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          str('name', 100),
          text('prompt'),
          str('model', 40),
          { name: 'maxTokens', type: 'int' },
          { name: 'temperature', type: 'double' },
          text('apiKey'),
          { name: 'queueId', type: 'int', isNullable: true },
          { name: 'maxMessages', type: 'int' },
          str('voice', 40, { default: "'texto'" }),
          text('voiceKey'),
          str('voiceRegion', 40, { default: "''" }),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('queueId', 'queues', 'SET NULL')],
        indices: [new TableIndex({ name: 'IDX_prompts_company_name', columnNames: ['companyId', 'name'] })],
      }),
    );
    await q.query('ALTER TABLE tickets ADD COLUMN promptEndedAt datetime(3) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tickets DROP COLUMN promptEndedAt');
    await q.dropTable('prompts');
  }
}
