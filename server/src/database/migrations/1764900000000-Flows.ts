import { Table, TableColumn, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  datetime,
  engineColumns,
  foreignKey as fk,
  idColumn as id,
  text,
  varchar as str,
} from '../migration-columns.js';

/**
 * The flow builder: flows, their published versions, the phrases that start them, and the
 * conversations running on them.
 */
export class Flows1764900000000 implements MigrationInterface {
  name = 'Flows1764900000000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp, isSqlite } = engineColumns(q);
    // A drawing of a thousand blocks passes TEXT's 64 KB on MySQL.
    const bigText = isSqlite ? 'text' : 'mediumtext';
    await q.createTable(
      new Table({
        name: 'flows',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          str('name', 50),
          { name: 'version', type: 'int', default: 0 },
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_flows_company_name', columnNames: ['companyId', 'name'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'flow_versions',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          { name: 'flowId', type: 'int' },
          { name: 'version', type: 'int' },
          { name: 'graph', type: bigText },
          stamp('createdAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('flowId', 'flows', 'CASCADE')],
        indices: [
          new TableIndex({ name: 'UQ_flow_versions_flow_version', columnNames: ['flowId', 'version'], isUnique: true }),
        ],
      }),
    );
    // A flowbuilder integration starts a flow: the flow's deletion leaves the integration without one.
    await q.addColumn('queue_integrations', new TableColumn({ name: 'flowId', type: 'int', isNullable: true }));
    await q.createForeignKey(
      'queue_integrations',
      new TableForeignKey({
        name: 'FK_queue_integrations_flow',
        columnNames: ['flowId'],
        referencedTableName: 'flows',
        referencedColumnNames: ['id'],
        onDelete: 'SET NULL',
      }),
    );
    await q.createTable(
      new Table({
        name: 'flow_campaigns',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          str('name', 100),
          { name: 'flowId', type: 'int' },
          { name: 'whatsappId', type: 'int' },
          str('phrase', 500),
          { name: 'status', type: 'boolean', default: true },
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('flowId', 'flows', 'CASCADE'),
          fk('whatsappId', 'whatsapps', 'CASCADE'),
        ],
        indices: [new TableIndex({ name: 'IDX_flow_campaigns_company', columnNames: ['companyId', 'whatsappId'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'flow_runs',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          { name: 'ticketId', type: 'int' },
          { name: 'liveTicketId', type: 'int', isNullable: true },
          { name: 'flowVersionId', type: 'int' },
          str('nodeId', 64, { isNullable: true }),
          str('waiting', 20, { isNullable: true }),
          text('variables'),
          text('pending'),
          datetime('resumeAt', true),
          { name: 'step', type: 'int', default: 0 },
          str('status', 10),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('ticketId', 'tickets', 'CASCADE'),
          fk('flowVersionId', 'flow_versions', 'CASCADE'),
        ],
        indices: [
          new TableIndex({ name: 'UQ_flow_runs_live', columnNames: ['liveTicketId'], isUnique: true }),
          new TableIndex({ name: 'IDX_flow_runs_ticket', columnNames: ['ticketId'] }),
          new TableIndex({ name: 'IDX_flow_runs_resume', columnNames: ['status', 'resumeAt'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropForeignKey('queue_integrations', 'FK_queue_integrations_flow');
    await q.dropColumn('queue_integrations', 'flowId');
    await q.dropTable('flow_runs');
    await q.dropTable('flow_campaigns');
    await q.dropTable('flow_versions');
    await q.dropTable('flows');
  }
}
