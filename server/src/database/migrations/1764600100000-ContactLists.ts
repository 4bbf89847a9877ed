import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { datetime, engineColumns, foreignKey as fk, idColumn as id, varchar as str } from '../migration-columns.js';

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });

/** Contact lists (the audiences of campaigns) and their items, each with its WhatsApp check. */
export class ContactLists1764600100000 implements MigrationInterface {
  name = 'ContactLists1764600100000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);
    const int = (name: string): TableColumnOptions => ({ name, type: 'int' });

    await q.createTable(
      new Table({
        name: 'contact_lists',
        columns: [id, int('companyId'), str('name', 50), stamp('createdAt'), stamp('updatedAt')],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [index('IDX_contact_lists_company_name', ['companyId', 'name'])],
      }),
    );

    await q.createTable(
      new Table({
        name: 'contact_list_items',
        columns: [
          id,
          int('companyId'),
          int('contactListId'),
          str('name', 50),
          // Normalised digits; null for an item without a number (several may lack one).
          str('number', 50, { isNullable: true }),
          str('email', 120, { default: "''" }),
          // null until checked: the checker's queue is the rows still null.
          { name: 'isWhatsappValid', type: 'boolean', isNullable: true },
          // Which checker holds the row's check, and since when (a lapsed claim is taken again).
          str('checkToken', 36, { isNullable: true }),
          datetime('checkClaimedAt', true),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('contactListId', 'contact_lists', 'CASCADE')],
        indices: [
          index('UQ_contact_list_items_list_number', ['contactListId', 'number'], true),
          index('IDX_contact_list_items_list_name', ['contactListId', 'name']),
          index('IDX_contact_list_items_unchecked', ['isWhatsappValid', 'companyId']),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['contact_list_items', 'contact_lists']) await q.dropTable(table);
  }
}
