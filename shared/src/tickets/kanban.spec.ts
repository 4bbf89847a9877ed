import { laneOf } from './kanban.types.js';

describe('laneOf', () => {
  const lanes = [30, 10, 20];

  it('is the first lane tag in board order, whatever order the ticket lists its tags in', () => {
    expect(laneOf([{ id: 20 }, { id: 10 }], lanes)).toBe(10);
    expect(laneOf([{ id: 99 }, { id: 20 }], lanes)).toBe(20);
  });

  it('is the lane without a tag (null) for a ticket with no lane tag', () => {
    expect(laneOf([], lanes)).toBeNull();
    expect(laneOf([{ id: 99 }], lanes)).toBeNull();
    expect(laneOf([{ id: 10 }], [])).toBeNull();
  });
});
