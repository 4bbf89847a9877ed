import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { engineColumns, foreignKey as fk, idColumn as id } from '../migration-columns.js';

/** Pending password-reset codes: one per user, hashed, with its expiry and wrong tries. */
export class PasswordResets1764400000000 implements MigrationInterface {
  name = 'PasswordResets1764400000000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);

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
        foreignKeys: [fk('userId', 'users', 'CASCADE')],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('password_resets');
  }
}
