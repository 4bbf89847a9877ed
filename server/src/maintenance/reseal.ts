import type { DataSource } from 'typeorm';
import { SecretBox } from '../common/secret-box.js';
import { promptSecretContext } from '../modules/ai/prompts.service.js';
import { integrationSecretContext } from '../modules/integrations/integrations.service.js';
import { authKeyContext } from '../modules/whatsapp/auth-key-seal.js';

type Row = Record<string, string | number | null>;

/** A column whose values SecretBox seals, and what each value is bound to. */
interface SealedColumn {
  table: string;
  column: string;
  /** The row's columns its context is made of. */
  keys: string[];
  context(row: Row): string;
  /** Plain values may be there (rows a previous version wrote): they get sealed too. */
  mayBePlain?: boolean;
}

/** Every sealed column in the database: `npm run reseal` goes through them all. */
export const SEALED_COLUMNS: SealedColumn[] = [
  ...(['apiKey', 'voiceKey'] as const).map((column) => ({
    table: 'prompts',
    column,
    keys: ['companyId'],
    context: (row: Row) => promptSecretContext(Number(row.companyId), column),
  })),
  ...(['jsonContent', 'signingSecret'] as const).map((column) => ({
    table: 'queue_integrations',
    column,
    keys: ['companyId'],
    context: (row: Row) => integrationSecretContext(Number(row.companyId), column),
  })),
  {
    table: 'whatsapp_auth_keys',
    column: 'value',
    keys: ['whatsappId', 'type', 'keyId'],
    context: (row: Row) =>
      authKeyContext({ whatsappId: Number(row.whatsappId), type: String(row.type), keyId: String(row.keyId) }),
    mayBePlain: true,
  },
];

const BATCH = 500;

export interface ResealCount {
  table: string;
  column: string;
  /** Values read (empty ones left out). */
  values: number;
  /** Values sealed again under the current key. */
  resealed: number;
  /** Values that changed under us (the server wrote them meanwhile, already under the current key). */
  skipped: number;
}

/**
 * Seals every stale value (sealed under a previous key, before key ids, or a plain session row)
 * again under the box's current key. Safe while servers run: each row is written only if it still
 * holds the value read, so a newer write is never overwritten. Running it again changes nothing.
 * A value no configured key opens stops it, naming the row, before anything of that row is lost.
 */
export async function resealAll(db: DataSource, box: SecretBox): Promise<ResealCount[]> {
  const q = (name: string) => db.driver.escape(name);
  const counts: ResealCount[] = [];
  const runner = db.createQueryRunner();
  try {
    for (const sealed of SEALED_COLUMNS) {
      const count: ResealCount = { table: sealed.table, column: sealed.column, values: 0, resealed: 0, skipped: 0 };
      const columns = ['id', ...sealed.keys, sealed.column].map(q).join(', ');
      let after = 0;
      for (;;) {
        const rows = (await runner.query(
          `SELECT ${columns} FROM ${q(sealed.table)} WHERE ${q('id')} > ? ORDER BY ${q('id')} LIMIT ${BATCH}`,
          [after],
        )) as Row[];
        if (!rows.length) break;
        after = Number(rows[rows.length - 1].id);
        for (const row of rows) {
          const value = String(row[sealed.column] ?? '');
          if (!value) continue;
          count.values += 1;
          const plain = sealed.mayBePlain && !SecretBox.isSealed(value);
          if (!plain && !box.isStale(value)) continue;
          let next: string;
          try {
            next = plain ? box.seal(value, sealed.context(row)) : box.reseal(value, sealed.context(row));
          } catch (error) {
            throw new Error(`${sealed.table}.${sealed.column} of row ${row.id}: ${(error as Error).message}`, {
              cause: error,
            });
          }
          const { affected } = await runner.query(
            `UPDATE ${q(sealed.table)} SET ${q(sealed.column)} = ? WHERE ${q('id')} = ? AND ${q(sealed.column)} = ?`,
            [next, row.id, value],
            true,
          );
          if (affected) count.resealed += 1;
          else count.skipped += 1;
        }
      }
      counts.push(count);
    }
  } finally {
    await runner.release();
  }
  return counts;
}
