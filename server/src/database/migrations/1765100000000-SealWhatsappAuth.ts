import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SecretBox } from '../../common/secret-box.js';
import { authKeyContext } from '../../modules/whatsapp/auth-key-seal.js';

/** Rows read and written per round: a connection holds thousands of signal keys. */
const BATCH = 500;

interface AuthRow {
  id: number | string;
  whatsappId: number | string;
  type: string;
  keyId: string;
  value: string;
}

/** Rewrites every `whatsapp_auth_keys` value `change` returns another value for, in batches by id. */
async function rewrite(q: QueryRunner, change: (row: AuthRow) => string): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await q.query(
      'SELECT id, whatsappId, type, keyId, value FROM whatsapp_auth_keys WHERE id > ? ORDER BY id LIMIT ?',
      [after, BATCH],
    )) as AuthRow[];
    if (!rows.length) return;
    for (const row of rows) {
      const value = change(row);
      if (value !== row.value) await q.query('UPDATE whatsapp_auth_keys SET value = ? WHERE id = ?', [value, row.id]);
    }
    after = Number(rows[rows.length - 1].id);
  }
}

const context = (row: AuthRow) => authKeyContext({ ...row, whatsappId: Number(row.whatsappId) });

/**
 * Seals the WhatsApp auth state (creds and signal keys) stored in plain JSON so far, with the key of
 * the companies' API keys. A row a node of the previous version writes later stays plain until
 * `npm run reseal`; this version reads either. Down opens them again for that version.
 */
export function sealWhatsappAuth(box: SecretBox): new () => MigrationInterface {
  return class SealWhatsappAuth1765100000000 implements MigrationInterface {
    name = 'SealWhatsappAuth1765100000000';

    async up(q: QueryRunner): Promise<void> {
      await rewrite(q, (row) => (SecretBox.isSealed(row.value) ? row.value : box.seal(row.value, context(row))));
    }

    async down(q: QueryRunner): Promise<void> {
      await rewrite(q, (row) => (SecretBox.isSealed(row.value) ? box.open(row.value, context(row)) : row.value));
    }
  };
}
