import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import {
  datetime as time,
  engineColumns,
  foreignKey as fk,
  idColumn as id,
  varchar as str,
} from '../migration-columns.js';

/** Invoices, the Pix charges issued for them and the payment notifications already handled. */
export class Billing1764300000000 implements MigrationInterface {
  name = 'Billing1764300000000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);
    const money: TableColumnOptions = { name: 'value', type: 'decimal', precision: 12, scale: 2, default: 0 };

    await q.createTable(
      new Table({
        name: 'invoices',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          { name: 'planId', type: 'int', isNullable: true },
          str('detail', 200),
          money,
          str('recurrence', 20),
          time('dueDate'),
          time('periodEnd'),
          str('status', 10, { default: "'open'" }),
          time('paidAt', true),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('planId', 'plans', 'SET NULL')],
        indices: [
          new TableIndex({ name: 'UQ_invoices_company_due', columnNames: ['companyId', 'dueDate'], isUnique: true }),
          new TableIndex({ name: 'IDX_invoices_plan', columnNames: ['planId'] }),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'payment_charges',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          { name: 'invoiceId', type: 'int' },
          { name: 'planId', type: 'int' },
          str('provider', 20),
          str('providerChargeId', 100),
          str('txid', 35),
          { name: 'brCode', type: 'text' },
          money,
          str('status', 10, { default: "'pending'" }),
          time('expiresAt'),
          time('paidAt', true),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('invoiceId', 'invoices', 'CASCADE')],
        indices: [
          new TableIndex({
            name: 'UQ_payment_charges_provider_charge',
            columnNames: ['provider', 'providerChargeId'],
            isUnique: true,
          }),
          new TableIndex({ name: 'IDX_payment_charges_invoice', columnNames: ['invoiceId'] }),
          new TableIndex({ name: 'IDX_payment_charges_company', columnNames: ['companyId'] }),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'payment_events',
        columns: [
          id,
          str('provider', 20),
          str('eventId', 120),
          str('event', 40),
          str('providerChargeId', 100, { isNullable: true }),
          stamp('createdAt'),
        ],
        indices: [
          new TableIndex({
            name: 'UQ_payment_events_provider_event',
            columnNames: ['provider', 'eventId'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('payment_events');
    await q.dropTable('payment_charges');
    await q.dropTable('invoices');
  }
}
