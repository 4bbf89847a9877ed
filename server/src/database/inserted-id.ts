import type { InsertResult } from 'typeorm';

/**
 * The id of the row a single-row INSERT made, read from the driver's answer: MySQL's `insertId`
 * (when the row was inserted: an INSERT IGNORE that skipped it answers null), SQLite's last row id.
 * For inserts run with `updateEntity(false)`, which spares the SELECT TypeORM sends after an
 * INSERT on MySQL to read the row's defaults back.
 */
export function insertedId(result: InsertResult): number | null {
  const raw = result.raw as { affectedRows?: number; insertId?: number } | number;
  if (typeof raw === 'number') return raw;
  return raw.affectedRows ? Number(raw.insertId) : null;
}
