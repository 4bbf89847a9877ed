import { describe, expect, it } from '@jest/globals';
import { mergePagedChange, type PagedRows } from './paged-cache';

interface Row {
  id: number;
  name: string;
  at: number;
}
interface Page {
  rows: Row[];
  count?: number;
  hasMore: boolean;
}

const byName: PagedRows<Page, Row> = {
  rowsOf: (page) => page.rows,
  matches: (row, search) => !search || row.name.includes(search),
};
const newestFirst: PagedRows<Page, Row> = { ...byName, order: (a, b) => b.at - a.at, updateMayAdd: true };

const loaded = (): { pages: Page[] } => ({
  pages: [
    {
      rows: [
        { id: 1, name: 'ana', at: 9 },
        { id: 2, name: 'bia', at: 8 },
      ],
      count: 4,
      hasMore: true,
    },
    { rows: [{ id: 3, name: 'caio', at: 5 }], hasMore: false },
  ],
});
const ids = (data: { pages: Page[] }) => data.pages.map((page) => page.rows.map((row) => row.id));

describe('mergePagedChange', () => {
  it('puts a new row first in the searches it matches, and counts it', () => {
    const all = loaded();
    mergePagedChange(all, { action: 'create', row: { id: 7, name: 'dora', at: 10 } }, byName, '');
    expect(ids(all)).toEqual([[7, 1, 2], [3]]);
    expect(all.pages[0].count).toBe(5);

    const other = loaded();
    mergePagedChange(other, { action: 'create', row: { id: 7, name: 'dora', at: 10 } }, byName, 'an');
    expect(ids(other)).toEqual([[1, 2], [3]]);
    expect(other.pages[0].count).toBe(4);
  });

  it('replaces an updated row where it is, on any page, and ignores an echo of a row it has', () => {
    const data = loaded();
    mergePagedChange(data, { action: 'update', row: { id: 3, name: 'caio s', at: 5 } }, byName, '');
    expect(data.pages[1].rows[0].name).toBe('caio s');
    mergePagedChange(data, { action: 'create', row: { id: 1, name: 'ana', at: 9 } }, byName, '');
    expect(ids(data)).toEqual([[1, 2], [3]]);
    expect(data.pages[0].count).toBe(4);
  });

  it('adds an updated row it does not have only to lists rows can enter that way, in their order', () => {
    const plain = loaded();
    mergePagedChange(plain, { action: 'update', row: { id: 8, name: 'eva', at: 8.5 } }, byName, '');
    expect(ids(plain)).toEqual([[1, 2], [3]]);

    const ordered = loaded();
    mergePagedChange(ordered, { action: 'update', row: { id: 8, name: 'eva', at: 8.5 } }, newestFirst, '');
    expect(ids(ordered)).toEqual([[1, 8, 2], [3]]);
  });

  it('takes a deleted row out of whichever page holds it, and leaves the count alone for one it never had', () => {
    const data = loaded();
    mergePagedChange(data, { action: 'delete', id: 3 }, byName, '');
    expect(ids(data)).toEqual([[1, 2], []]);
    expect(data.pages[0].count).toBe(3);
    mergePagedChange(data, { action: 'delete', id: 42 }, byName, '');
    expect(data.pages[0].count).toBe(3);
  });

  it('leaves a list with no page loaded as it is', () => {
    const empty: { pages: Page[] } = { pages: [] };
    mergePagedChange(empty, { action: 'create', row: { id: 1, name: 'ana', at: 1 } }, byName, '');
    expect(empty.pages).toEqual([]);
  });
});
