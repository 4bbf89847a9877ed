import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { engineColumns, foreignKey as fk, idColumn as id, text, varchar as str } from '../migration-columns.js';

/**
 * Queue integrations (webhook, n8n, Typebot, Dialogflow, flow builder) and, on tickets, the Typebot
 * session a conversation is in, when it last moved, and when an integration left the ticket to people.
 */
export class QueueIntegrations1764800100000 implements MigrationInterface {
  name = 'QueueIntegrations1764800100000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);
    await q.createTable(
      new Table({
        name: 'queue_integrations',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          str('type', 20),
          str('name', 50),
          str('projectName', 100, { default: "''" }),
          text('jsonContent'),
          str('language', 10, { default: "'pt-BR'" }),
          str('urlN8N', 500, { default: "''" }),
          str('typebotSlug', 200, { default: "''" }),
          { name: 'typebotExpires', type: 'int', default: 1 },
          { name: 'typebotDelayMessage', type: 'int', default: 1000 },
          str('typebotKeywordFinish', 100, { default: "''" }),
          str('typebotKeywordRestart', 100, { default: "''" }),
          text('typebotRestartMessage'),
          text('typebotUnknownMessage'),
          text('signingSecret'),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_queue_integrations_company_name', columnNames: ['companyId', 'name'] })],
      }),
    );
    await q.query('ALTER TABLE tickets ADD COLUMN typebotSessionId varchar(100) NULL');
    await q.query('ALTER TABLE tickets ADD COLUMN typebotSessionAt datetime(3) NULL');
    await q.query('ALTER TABLE tickets ADD COLUMN integrationEndedAt datetime(3) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tickets DROP COLUMN integrationEndedAt');
    await q.query('ALTER TABLE tickets DROP COLUMN typebotSessionAt');
    await q.query('ALTER TABLE tickets DROP COLUMN typebotSessionId');
    await q.dropTable('queue_integrations');
  }
}
