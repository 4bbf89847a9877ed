import { Table, TableForeignKey, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Pending password-reset codes: one per user, hashed, with its expiry and wrong tries. */
export class PasswordResets1764400000000 implements MigrationInterface {
  name = 'PasswordResets1764400000000';

  async up(q: QueryRunner): Promise<void> {
    const isSqlite = q.connection.driver.options.type === 'better-sqlite3';
    const now = isSqlite ? "(strftime('%Y-%m-%d %H:%M:%f','now'))" : 'CURRENT_TIMESTAMP(3)';
    const stamp = (name: string) => ({ name, type: 'datetime', precision: 3, default: now });
    const id = {
      name: 'id',
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment' as const,
    };

    await q.createTable(
      new Table({
        name: 'password_resets',
        columns: [
          id,
          { name: 'userId', type: 'int', isUnique: true },
          { name: 'codeHash', type: 'varchar', length: '64' },
          { name: 'expiresAt', type: 'datetime', precision: 3 },
          { name: 'attempts', type: 'int', default: 0 },
          stamp('createdAt'),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['userId'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('password_resets');
  }
}
