import { childrenOf, depthOf, placed, subtreeOf, treeOf } from './option-tree.js';

const row = (id: number, parentId: number | null, option: number) => ({
  id,
  parentId,
  option,
  queueId: 7,
  title: `T${id}`,
  message: '',
});

// 1 ─┬─ 2 ── 4
//    └─ 3
// 5
const rows = [row(4, 2, 1), row(3, 1, 2), row(5, null, 2), row(2, 1, 1), row(1, null, 1)];

describe('option tree', () => {
  it('reads levels in option order', () => {
    expect(childrenOf(rows, null).map((o) => o.id)).toEqual([1, 5]);
    expect(childrenOf(rows, 1).map((o) => o.id)).toEqual([2, 3]);
    expect(childrenOf(rows, 4)).toEqual([]);
  });

  it('measures depth from the top level, and cannot be looped by rows pointing at each other', () => {
    expect([1, 2, 4].map((id) => depthOf(rows, id))).toEqual([1, 2, 3]);
    expect(depthOf(rows, 99)).toBe(0);
    const loop = [row(1, 2, 1), row(2, 1, 1)];
    expect(depthOf(loop, 1)).toBeLessThanOrEqual(3);
  });

  it('collects a branch', () => {
    expect(subtreeOf(rows, 1).sort()).toEqual([1, 2, 3, 4]);
    expect(subtreeOf(rows, 5)).toEqual([5]);
  });

  it('nests the answer', () => {
    expect(treeOf(rows, 1)).toEqual([
      {
        id: 2,
        queueId: 7,
        parentId: 1,
        title: 'T2',
        message: '',
        option: 1,
        children: [{ id: 4, queueId: 7, parentId: 2, title: 'T4', message: '', option: 1, children: [] }],
      },
      { id: 3, queueId: 7, parentId: 1, title: 'T3', message: '', option: 2, children: [] },
    ]);
  });

  it('places an option in its level, within bounds', () => {
    expect(placed([1, 2, 3], 9, undefined)).toEqual([1, 2, 3, 9]);
    expect(placed([1, 2, 3], 9, 1)).toEqual([9, 1, 2, 3]);
    expect(placed([1, 2, 3], 9, 50)).toEqual([1, 2, 3, 9]);
    expect(placed([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(placed([1, 2, 3], 1, 2)).toEqual([2, 1, 3]);
    expect(placed([1, 2, 3], 2, undefined)).toEqual([1, 2, 3]);
  });
});
