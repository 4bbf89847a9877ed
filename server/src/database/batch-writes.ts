import { parameterBinder, placeholders } from './compiled-select.js';

/**
 * Group commit: calls that arrive while a group is being written wait and are written together
 * in the next one. A call finding nothing under way is written once the I/O callbacks of the
 * event loop's turn have run (setImmediate, no timer): sends answered by the same read of a socket
 * share a group instead of the first going alone. Under load the groups grow with it, and the
 * statements per item fall with them.
 */
export class Grouped<I, R> {
  private waiting: { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private busy = false;

  constructor(
    private readonly write: (items: I[]) => Promise<R[]>,
    private readonly most = 200,
  ) {}

  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length) {
      const group = this.waiting.splice(0, this.most);
      try {
        const results = await this.write(group.map((g) => g.item));
        group.forEach((g, i) => g.resolve(results[i]));
      } catch (error) {
        group.forEach((g) => g.reject(error));
      }
    }
    this.busy = false;
  }
}

/**
 * One UPDATE for rows that each take their own values: `col = CASE id WHEN ? THEN ? … ELSE col END`
 * (a plain `col = ?` when every row takes the same value), limited to the rows' ids and `where`.
 * Column names are the table's own; values are bound for the driver `type` (see parameterBinder).
 */
export function updateEach(
  type: string,
  table: string,
  rows: { id: number; values: Record<string, unknown> }[],
  where: { sql: string; values: unknown[] } = { sql: '', values: [] },
): { sql: string; values: unknown[] } {
  const bind = parameterBinder(type);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.values)))];
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const column of columns) {
    const setting = rows.filter((row) => column in row.values);
    const first = setting[0].values[column];
    if (setting.length === rows.length && setting.every((row) => row.values[column] === first)) {
      sets.push(`\`${column}\` = ?`);
      values.push(bind(first));
      continue;
    }
    sets.push(`\`${column}\` = CASE \`id\`${' WHEN ? THEN ?'.repeat(setting.length)} ELSE \`${column}\` END`);
    for (const row of setting) values.push(row.id, bind(row.values[column]));
  }
  const ids = rows.map((row) => row.id);
  return {
    sql: `UPDATE \`${table}\` SET ${sets.join(', ')} WHERE \`id\` IN (${placeholders(ids)})${where.sql ? ` AND ${where.sql}` : ''}`,
    values: [...values, ...ids, ...where.values.map(bind)],
  };
}
