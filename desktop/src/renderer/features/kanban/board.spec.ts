import { describe, expect, it } from '@jest/globals';
import type { Tag, Ticket } from '@atendo/shared';
import {
  type Board,
  boardOf,
  boardParams,
  fitsBoard,
  mergeLanePage,
  moveOnBoard,
  orderLanes,
  placeOnBoard,
} from './board';

const me = { id: 7, allTicket: 'desabled' as const, seesEveryQueue: false, queueIds: [1] };
const lane = (id: number, name: string): Tag => ({
  id,
  name,
  color: '#00aa00',
  companyId: 1,
  kanban: 1,
  kanbanOrder: id,
  userId: null,
});
const doing = lane(10, 'Doing');
const done = lane(20, 'Done');
const vip = { id: 30, name: 'VIP', color: '#aa0000' };

function ticket(id: number, minute: number, tags: { id: number; name?: string }[] = [], over: Partial<Ticket> = {}) {
  return {
    id,
    uuid: `u-${id}`,
    status: 'open',
    companyId: 1,
    userId: 7,
    user: null,
    queueId: 1,
    queue: null,
    whatsappId: 1,
    whatsapp: null,
    contactId: id,
    contact: { id, name: `C${id}`, number: '5511' },
    tags: tags.map((tag) => ({ name: 'x', color: '#000000', ...tag })),
    lastMessage: '',
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
    ...over,
  } as Ticket;
}

const ids = (board: Board) => board.lanes.map((l) => l.tickets.map((t) => t.id));
const counts = (board: Board) => board.lanes.map((l) => l.count);

function sample(): Board {
  return boardOf([done, doing], {
    tickets: [ticket(1, 5), ticket(2, 4, [vip]), ticket(3, 3, [{ id: 10 }, { id: 20 }]), ticket(4, 2, [{ id: 20 }])],
    lanes: [
      { tagId: null, count: 2, cursor: null },
      { tagId: 10, count: 1, cursor: null },
      { tagId: 20, count: 3, cursor: '2026-11-24T10:02:00.000Z_4' },
    ],
  });
}

describe('the kanban board in the cache', () => {
  it('puts each card in the lane of its first kanban tag in board order, the others in the open lane', () => {
    const board = sample();
    expect(board.lanes.map((l) => l.tag?.name ?? null)).toEqual([null, 'Doing', 'Done']);
    expect(ids(board)).toEqual([[1, 2], [3], [4]]);
  });

  it('asks for every ticket in sight, or one lane after its cursor', () => {
    expect(boardParams({ showAll: true })).toEqual({ showAll: 'true' });
    expect(boardParams({ showAll: false }, { tagId: null, cursor: 'c' })).toEqual({ lane: 'open', cursor: 'c' });
    expect(boardParams({ showAll: true }, { tagId: 20, cursor: 'c' })).toEqual({
      showAll: 'true',
      lane: '20',
      cursor: 'c',
    });
  });

  it('keeps live tickets in sight, and only the caller’s own without "show all"', () => {
    expect(fitsBoard(ticket(1, 1), { showAll: true }, me)).toBe(true);
    expect(fitsBoard(ticket(1, 1, [], { status: 'pending', userId: null }), { showAll: true }, me)).toBe(true);
    expect(fitsBoard(ticket(1, 1, [], { status: 'closed' }), { showAll: true }, me)).toBe(false);
    expect(fitsBoard(ticket(1, 1, [], { queueId: 2, userId: 8 }), { showAll: true }, me)).toBe(false);
    expect(fitsBoard(ticket(1, 1, [], { userId: 8 }), { showAll: false }, me)).toBe(false);
    expect(
      fitsBoard(ticket(1, 1, [], { queueId: 2, userId: 8 }), { showAll: true }, { ...me, seesEveryQueue: true }),
    ).toBe(true);
  });

  it('moves a changed card between lanes by activity, counting it out of one and into the other', () => {
    const board = sample();
    placeOnBoard(board, ticket(1, 9, [{ id: 10 }]), true);
    expect(ids(board)).toEqual([[2], [1, 3], [4]]);
    expect(counts(board)).toEqual([1, 2, 3]);
    placeOnBoard(board, ticket(3, 1, [{ id: 10 }], { status: 'closed' }), false);
    expect(ids(board)).toEqual([[2], [1], [4]]);
    expect(counts(board)).toEqual([1, 1, 3]);
  });

  it('adds a ticket it did not show to a fully loaded lane; a lane with more cards keeps its count', () => {
    const board = sample();
    placeOnBoard(board, ticket(5, 8), true);
    expect(ids(board)[0]).toEqual([5, 1, 2]);
    expect(counts(board)[0]).toBe(3);
    // A live event's ticket is kept as a card: its other fields stay out of the cache.
    expect(board.lanes[0].tickets[0]).not.toHaveProperty('whatsapp');
    // Newer than the loaded cards of a lane with more: shown, already counted there.
    placeOnBoard(board, ticket(6, 9, [{ id: 20 }]), true);
    expect(ids(board)[2]).toEqual([6, 4]);
    expect(counts(board)[2]).toBe(3);
    // Older than the loaded cards: paging brings it.
    placeOnBoard(board, ticket(7, 0, [{ id: 20 }]), true);
    expect(ids(board)[2]).toEqual([6, 4]);
  });

  it('moves a card on a drop: lane tags go, other tags stay, the lane’s tag comes', () => {
    const board = sample();
    moveOnBoard(board, 2, 20);
    const moved = board.lanes[2].tickets.find((t) => t.id === 2);
    expect(moved?.tags.map((t) => t.id)).toEqual([30, 20]);
    expect(counts(board)).toEqual([1, 1, 4]);
    moveOnBoard(board, 3, null);
    expect(board.lanes[0].tickets.find((t) => t.id === 3)?.tags).toEqual([]);
    expect(counts(board)).toEqual([2, 0, 4]);
  });

  it('merges a lane’s next cards once each, in order, with the lane’s new count and cursor', () => {
    const board = sample();
    moveOnBoard(board, 1, 20);
    mergeLanePage(board, {
      tickets: [ticket(1, 5, [{ id: 20 }]), ticket(8, 1, [{ id: 20 }])],
      lanes: [{ tagId: 20, count: 4, cursor: null }],
    });
    expect(ids(board)[2]).toEqual([1, 4, 8]);
    expect(board.lanes[2]).toMatchObject({ count: 4, cursor: null });
  });

  it('takes an arranged order of the lanes, the open lane first, and a card in two lanes follows to its first', () => {
    const board = sample();
    orderLanes(board, [20, 10]);
    expect(board.lanes.map((l) => l.tag?.name ?? null)).toEqual([null, 'Done', 'Doing']);
    // Ticket 3 is in both lanes: it now stands in Done, the first of them on the board.
    expect(ids(board)).toEqual([[1, 2], [3, 4], []]);
    expect(counts(board)).toEqual([2, 4, 0]);
    // A lane the order leaves out (made since) keeps its place after the named ones.
    orderLanes(board, [10]);
    expect(board.lanes.map((l) => l.tag?.name ?? null)).toEqual([null, 'Doing', 'Done']);
    expect(ids(board)).toEqual([[1, 2], [3], [4]]);
  });
});
