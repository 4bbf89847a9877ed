import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { engineColumns, foreignKey as fk, idColumn as id } from '../migration-columns.js';

export class Connections1763827200000 implements MigrationInterface {
  name = 'Connections1763827200000';

  async up(q: QueryRunner): Promise<void> {
    const { isSqlite, stamp } = engineColumns(q);
    const text = (name: string): TableColumnOptions => ({ name, type: 'text' });
    const int = (name: string, value?: number): TableColumnOptions => ({
      name,
      type: 'int',
      ...(value === undefined ? { isNullable: true } : { default: value }),
    });
    // Signal keys can outgrow TEXT's 64 KiB on MySQL; SQLite's TEXT has no such limit.
    const bigText = isSqlite ? 'text' : 'mediumtext';

    await q.createTable(
      new Table({
        name: 'whatsapps',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          { name: 'name', type: 'varchar', length: '50' },
          { name: 'status', type: 'varchar', length: '20', default: "'DISCONNECTED'" },
          { name: 'isDefault', type: 'boolean', default: false },
          text('qrcode'),
          int('retries', 0),
          { name: 'token', type: 'varchar', length: '64', isUnique: true },
          { name: 'provider', type: 'varchar', length: '20', default: "'beta'" },
          { name: 'number', type: 'varchar', length: '50', isNullable: true },
          text('greetingMessage'),
          text('complationMessage'),
          text('outOfHoursMessage'),
          text('ratingMessage'),
          text('expiresInactiveMessage'),
          int('expiresTicket', 0),
          int('timeUseBotQueues', 0),
          int('maxUseBotQueues', 3),
          int('transferQueueId'),
          int('timeToTransfer'),
          int('promptId'),
          int('integrationId'),
          { name: 'schedules', type: 'text', isNullable: true },
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('transferQueueId', 'queues', 'SET NULL')],
        indices: [new TableIndex({ name: 'IDX_whatsapps_company', columnNames: ['companyId'] })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'whatsapp_queues',
        columns: [
          { name: 'whatsappId', type: 'int', isPrimary: true },
          { name: 'queueId', type: 'int', isPrimary: true },
        ],
        foreignKeys: [fk('whatsappId', 'whatsapps', 'CASCADE'), fk('queueId', 'queues', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_whatsapp_queues_queue', columnNames: ['queueId'] })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'whatsapp_auth_keys',
        columns: [
          id,
          { name: 'whatsappId', type: 'int' },
          { name: 'type', type: 'varchar', length: '50' },
          { name: 'keyId', type: 'varchar', length: '200' },
          { name: 'value', type: bigText },
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('whatsappId', 'whatsapps', 'CASCADE')],
        indices: [
          new TableIndex({
            name: 'UQ_whatsapp_auth_keys',
            columnNames: ['whatsappId', 'type', 'keyId'],
            isUnique: true,
          }),
        ],
      }),
    );

    // The user's default connection, now that connections exist.
    await q.createForeignKey('users', fk('whatsappId', 'whatsapps', 'SET NULL'));
  }

  async down(q: QueryRunner): Promise<void> {
    const users = await q.getTable('users');
    const userFk = users?.foreignKeys.find((f) => f.columnNames.includes('whatsappId'));
    if (userFk) await q.dropForeignKey('users', userFk);
    for (const table of ['whatsapp_auth_keys', 'whatsapp_queues', 'whatsapps']) await q.dropTable(table);
  }
}
