import { TableForeignKey, type QueryRunner, type TableColumnOptions } from 'typeorm';

// What the migrations share. A migration that has run must build the same schema for ever: a
// builder here is never changed once a migration uses it, only added beside.

/** The auto-increment primary key every table has. */
export const idColumn: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};

/** A varchar of `length` characters. */
export const varchar = (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  ...extra,
});

/** A text column. */
export const text = (name: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'text',
  isNullable: nullable,
});

/** A millisecond timestamp without a default. */
export const datetime = (name: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'datetime',
  precision: 3,
  isNullable: nullable,
});

/** A foreign key on `column` to `table`.id. */
export const foreignKey = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL') =>
  new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete });

/**
 * The engine-dependent pieces: SQLite has no CURRENT_TIMESTAMP(3), so a millisecond timestamp
 * defaults to strftime there.
 */
export function engineColumns(q: QueryRunner) {
  const isSqlite = q.connection.driver.options.type === 'better-sqlite3';
  const now = isSqlite ? "(strftime('%Y-%m-%d %H:%M:%f','now'))" : 'CURRENT_TIMESTAMP(3)';
  /** A millisecond timestamp the database fills in on insert. */
  const stamp = (name: string): TableColumnOptions => ({ name, type: 'datetime', precision: 3, default: now });
  return { isSqlite, stamp };
}
