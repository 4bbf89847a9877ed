import { Grouped, updateEach } from './batch-writes.js';

describe('Grouped', () => {
  it('writes the calls of one turn together and those that arrive meanwhile in the next group, each getting its own result', async () => {
    const groups: number[][] = [];
    let release: () => void = () => undefined;
    let writing: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (writing = resolve));
    const grouped = new Grouped(async (items: number[]) => {
      groups.push(items);
      if (groups.length === 1) {
        writing();
        await new Promise<void>((resolve) => (release = resolve));
      }
      return items.map((n) => n * 10);
    });
    const first = [grouped.add(1), grouped.add(2)];
    await started;
    const rest = [grouped.add(3), grouped.add(4)];
    release();
    expect(await Promise.all([...first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('fails every call of a group whose write fails, and goes on with the next group', async () => {
    const grouped = new Grouped(async (items: string[]) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (items.includes('bad')) throw new Error('refused');
      return items.map((s) => s.toUpperCase());
    });
    const x = grouped.add('x');
    // 'x' is being written: the next two make the next group.
    await new Promise((resolve) => setImmediate(resolve));
    const results = await Promise.allSettled([x, grouped.add('bad'), grouped.add('a')]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'X' },
      { status: 'rejected', reason: new Error('refused') },
      { status: 'rejected', reason: new Error('refused') },
    ]);
    expect(await grouped.add('c')).toBe('C');
  });
});

describe('updateEach', () => {
  it('sets a shared value once and per-row values by CASE, keeping rows that set nothing', () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6));
    const { sql, values } = updateEach(
      'better-sqlite3',
      'rows',
      [
        { id: 7, values: { state: 'sent', body: 'a', seen: true, at } },
        { id: 9, values: { state: 'sent', body: 'b' } },
      ],
      { sql: '`token` IN (?)', values: ['t1'] },
    );
    expect(sql).toBe(
      'UPDATE `rows` SET `state` = ?, `body` = CASE `id` WHEN ? THEN ? WHEN ? THEN ? ELSE `body` END, ' +
        '`seen` = CASE `id` WHEN ? THEN ? ELSE `seen` END, `at` = CASE `id` WHEN ? THEN ? ELSE `at` END ' +
        'WHERE `id` IN (?, ?) AND `token` IN (?)',
    );
    // SQLite binds neither booleans nor dates: they go as TypeORM writes them.
    expect(values).toEqual(['sent', 7, 'a', 9, 'b', 7, 1, 7, '2026-01-02 03:04:05.006', 7, 9, 't1']);
  });
});
