import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { datetime as time, foreignKey as fk, idColumn as id, text, varchar as str } from '../migration-columns.js';

// Written with TypeORM's schema builder, not raw SQL, so one migration serves MySQL/MariaDB and SQLite.
const ref = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'int', isNullable: nullable });
const flag = (name: string, value: boolean): TableColumnOptions => ({ name, type: 'boolean', default: value });
const stamps: TableColumnOptions[] = [
  { name: 'createdAt', type: 'datetime', precision: 3, default: 'CURRENT_TIMESTAMP(3)' },
  { name: 'updatedAt', type: 'datetime', precision: 3, default: 'CURRENT_TIMESTAMP(3)' },
];

export class Initial1763740800000 implements MigrationInterface {
  name = 'Initial1763740800000';

  async up(q: QueryRunner): Promise<void> {
    // SQLite has no CURRENT_TIMESTAMP(3); TypeORM fills both stamps on every insert and update anyway.
    const isSqlite = q.connection.driver.options.type === 'better-sqlite3';
    const withStamps = (cols: TableColumnOptions[]) => [
      ...cols,
      ...stamps.map((c) => (isSqlite ? { ...c, default: "(strftime('%Y-%m-%d %H:%M:%f','now'))" } : c)),
    ];

    await q.createTable(
      new Table({
        name: 'plans',
        columns: withStamps([
          id,
          str('name', 100, { isUnique: true }),
          { name: 'users', type: 'int', default: 0 },
          { name: 'connections', type: 'int', default: 0 },
          { name: 'queues', type: 'int', default: 0 },
          { name: 'value', type: 'decimal', precision: 12, scale: 2, default: 0 },
          flag('useCampaigns', true),
          flag('useKanban', true),
          flag('useOpenAi', true),
          flag('useIntegrations', true),
          flag('useSchedules', true),
          flag('useInternalChat', true),
          flag('useExternalApi', true),
        ]),
      }),
    );

    await q.createTable(
      new Table({
        name: 'companies',
        columns: withStamps([
          id,
          str('name', 100),
          str('email', 120, { isNullable: true }),
          str('phone', 20, { isNullable: true }),
          ref('planId'),
          flag('status', true),
          time('dueDate', true),
          str('recurrence', 20, { default: "'MENSAL'" }),
          flag('isPlatform', false),
          text('schedules', true),
        ]),
        foreignKeys: [fk('planId', 'plans', 'RESTRICT')],
        indices: [new TableIndex({ name: 'IDX_companies_plan', columnNames: ['planId'] })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'queues',
        columns: withStamps([
          id,
          ref('companyId'),
          str('name', 50),
          str('color', 9),
          text('greetingMessage'),
          text('outOfHoursMessage'),
          ref('orderQueue', true),
          ref('integrationId', true),
          ref('promptId', true),
          text('schedules', true),
        ]),
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [
          new TableIndex({ name: 'UQ_queues_company_name', columnNames: ['companyId', 'name'], isUnique: true }),
          new TableIndex({ name: 'UQ_queues_company_color', columnNames: ['companyId', 'color'], isUnique: true }),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'users',
        columns: withStamps([
          id,
          ref('companyId'),
          str('name', 50),
          str('email', 120, { isUnique: true }),
          str('passwordHash', 255),
          str('profile', 20, { default: "'user'" }),
          flag('super', false),
          str('allTicket', 10, { default: "'desabled'" }),
          ref('whatsappId', true),
          str('language', 5, { isNullable: true }),
          time('lastSeenAt', true),
        ]),
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_users_company_name', columnNames: ['companyId', 'name'] })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'user_queues',
        columns: [
          { name: 'userId', type: 'int', isPrimary: true },
          { name: 'queueId', type: 'int', isPrimary: true },
        ],
        foreignKeys: [fk('userId', 'users', 'CASCADE'), fk('queueId', 'queues', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_user_queues_queue', columnNames: ['queueId'] })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'settings',
        columns: withStamps([id, ref('companyId'), str('key', 50), text('value')]),
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [
          new TableIndex({ name: 'UQ_settings_company_key', columnNames: ['companyId', 'key'], isUnique: true }),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'sessions',
        columns: [
          str('id', 36, { isPrimary: true }),
          ref('userId'),
          ref('companyId'),
          isSqlite ? { ...stamps[0], default: "(strftime('%Y-%m-%d %H:%M:%f','now'))" } : stamps[0],
          time('expiresAt'),
          time('revokedAt', true),
          str('revokedReason', 30, { isNullable: true }),
          str('userAgent', 255, { default: "''" }),
          str('ip', 64, { default: "''" }),
        ],
        foreignKeys: [fk('userId', 'users', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_sessions_user', columnNames: ['userId'] })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'refresh_tokens',
        columns: [
          id,
          str('sessionId', 36),
          str('tokenHash', 64, { isUnique: true }),
          isSqlite ? { ...stamps[0], default: "(strftime('%Y-%m-%d %H:%M:%f','now'))" } : stamps[0],
          time('expiresAt'),
          time('usedAt', true),
        ],
        foreignKeys: [fk('sessionId', 'sessions', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_refresh_tokens_session', columnNames: ['sessionId'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'refresh_tokens',
      'sessions',
      'settings',
      'user_queues',
      'users',
      'queues',
      'companies',
      'plans',
    ]) {
      await q.dropTable(table);
    }
  }
}
