import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { engineColumns, foreignKey, idColumn as id, text, varchar } from '../migration-columns.js';

/** File lists: a company's named sets of files with a message, which campaigns send. */
export class FileLists1764600200000 implements MigrationInterface {
  name = 'FileLists1764600200000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);

    await q.createTable(
      new Table({
        name: 'file_lists',
        columns: [
          id,
          { name: 'companyId', type: 'int' },
          varchar('name', 100),
          text('message'),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [foreignKey('companyId', 'companies', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_file_lists_company_name', columnNames: ['companyId', 'name'] })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'file_list_options',
        columns: [
          id,
          { name: 'fileListId', type: 'int' },
          varchar('name', 100),
          varchar('path', 64, { default: "''" }),
          varchar('mediaType', 100, { default: "''" }),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [foreignKey('fileListId', 'file_lists', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_file_list_options_list', columnNames: ['fileListId'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['file_list_options', 'file_lists']) await q.dropTable(table);
  }
}
