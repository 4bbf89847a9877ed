import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import {
  datetime,
  engineColumns,
  foreignKey as fk,
  idColumn as id,
  text,
  varchar as str,
} from '../migration-columns.js';

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });

/**
 * Scheduled messages, campaigns with one row per contact, campaign settings, and each
 * connection's pace: the dispatcher's record of what to send, to whom, when and in what state.
 */
export class Dispatch1764700000000 implements MigrationInterface {
  name = 'Dispatch1764700000000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);
    const int = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'int', isNullable: nullable });
    const bool = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'boolean',
      ...extra,
    });

    await q.createTable(
      new Table({
        name: 'schedules',
        columns: [
          id,
          int('companyId'),
          int('contactId'),
          int('userId', true),
          int('ticketId', true),
          int('whatsappId', true),
          text('body'),
          datetime('sendAt'),
          datetime('sentAt', true),
          str('status', 10, { default: "'PENDENTE'" }),
          str('error', 60, { isNullable: true }),
          str('mediaPath', 255, { isNullable: true }),
          str('mediaName', 255, { isNullable: true }),
          str('providerId', 64),
          str('claimToken', 36, { isNullable: true }),
          datetime('claimedAt', true),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('contactId', 'contacts', 'CASCADE'),
          fk('userId', 'users', 'SET NULL'),
          fk('ticketId', 'tickets', 'SET NULL'),
          fk('whatsappId', 'whatsapps', 'SET NULL'),
        ],
        indices: [
          index('IDX_schedules_due', ['status', 'sendAt']),
          index('IDX_schedules_company_sendAt', ['companyId', 'sendAt']),
        ],
      }),
    );

    const messages = (prefix: string) => [1, 2, 3, 4, 5].map((n) => text(`${prefix}${n}`));
    await q.createTable(
      new Table({
        name: 'campaigns',
        columns: [
          id,
          int('companyId'),
          str('name', 50),
          ...messages('message'),
          bool('confirmation', { default: false }),
          ...messages('confirmationMessage'),
          str('status', 20, { default: "'INATIVA'" }),
          datetime('scheduledAt', true),
          datetime('completedAt', true),
          datetime('startedAt', true),
          datetime('audienceAt', true),
          int('whatsappId', true),
          int('contactListId', true),
          int('tagId', true),
          int('fileListId', true),
          str('mediaPath', 255, { isNullable: true }),
          str('mediaName', 255, { isNullable: true }),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('whatsappId', 'whatsapps', 'SET NULL'),
          fk('contactListId', 'contact_lists', 'SET NULL'),
          fk('tagId', 'tags', 'SET NULL'),
          fk('fileListId', 'file_lists', 'SET NULL'),
        ],
        indices: [
          index('IDX_campaigns_company', ['companyId', 'id']),
          index('IDX_campaigns_due', ['status', 'scheduledAt']),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'campaign_shipping',
        columns: [
          id,
          int('companyId'),
          int('campaignId'),
          // No foreign key: a deleted connection leaves the rows of finished campaigns readable.
          int('whatsappId'),
          str('number', 50),
          str('name', 100),
          str('email', 120, { default: "''" }),
          bool('onWhatsapp', { isNullable: true }),
          str('state', 10, { default: "'queued'" }),
          { name: 'messageSlot', type: 'smallint' },
          { name: 'confirmationSlot', type: 'smallint', isNullable: true },
          str('providerId', 64),
          str('confirmationProviderId', 64, { isNullable: true }),
          text('message', true),
          int('contactId', true),
          int('ticketId', true),
          str('error', 60, { isNullable: true }),
          str('claimToken', 36, { isNullable: true }),
          datetime('claimedAt', true),
          datetime('confirmationRequestedAt', true),
          datetime('confirmedAt', true),
          datetime('deliveredAt', true),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('campaignId', 'campaigns', 'CASCADE')],
        indices: [
          index('UQ_campaign_shipping_number', ['campaignId', 'number'], true),
          index('IDX_campaign_shipping_state', ['campaignId', 'state', 'id']),
          index('IDX_campaign_shipping_awaiting', ['whatsappId', 'number', 'state']),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'campaign_settings',
        columns: [id, int('companyId'), str('key', 40), text('value'), stamp('createdAt'), stamp('updatedAt')],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [index('UQ_campaign_settings_company_key', ['companyId', 'key'], true)],
      }),
    );

    await q.createTable(
      new Table({
        name: 'connection_paces',
        columns: [
          { name: 'whatsappId', type: 'int', isPrimary: true },
          int('companyId'),
          datetime('nextAt'),
          { name: 'sentInRun', type: 'int', default: 0 },
          str('day', 10),
          { name: 'sentToday', type: 'int', default: 0 },
          str('pausedReason', 20, { isNullable: true }),
          datetime('pausedUntil', true),
          { name: 'strikes', type: 'int', default: 0 },
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('whatsappId', 'whatsapps', 'CASCADE'), fk('companyId', 'companies', 'CASCADE')],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['connection_paces', 'campaign_settings', 'campaign_shipping', 'campaigns', 'schedules']) {
      await q.dropTable(table);
    }
  }
}
