import { planTransition, type TicketState } from './transitions.js';

const ME = 7;
const OTHER = 9;
const pending: TicketState = { status: 'pending', userId: null, queueId: 1 };
const mine: TicketState = { status: 'open', userId: ME, queueId: 1 };
const theirs: TicketState = { status: 'open', userId: OTHER, queueId: 1 };
const closed: TicketState = { status: 'closed', userId: OTHER, queueId: 1 };

describe('ticket transitions (spec §4)', () => {
  it.each([
    ['accept', pending, { status: 'open' as const }, { status: 'open', userId: ME, queueId: 1 }],
    ['accept', pending, { status: 'open' as const, userId: ME }, { status: 'open', userId: ME, queueId: 1 }],
    ['accept', pending, { userId: ME }, { status: 'open', userId: ME, queueId: 1 }],
    ['return', mine, { status: 'pending' as const }, { status: 'pending', userId: null, queueId: 1 }],
    ['return', mine, { userId: null }, { status: 'pending', userId: null, queueId: 1 }],
    ['resolve', theirs, { status: 'closed' as const }, { status: 'closed', userId: ME, queueId: 1 }],
    ['resolve', pending, { status: 'closed' as const }, { status: 'closed', userId: ME, queueId: 1 }],
    ['reopen', closed, { status: 'open' as const }, { status: 'open', userId: ME, queueId: 1 }],
    ['transfer', mine, { queueId: 2 }, { status: 'pending', userId: null, queueId: 2 }],
    ['transfer', mine, { queueId: 2, userId: OTHER }, { status: 'open', userId: OTHER, queueId: 2 }],
    ['transfer', mine, { userId: OTHER, status: 'open' as const }, { status: 'open', userId: OTHER, queueId: 1 }],
    ['transfer', closed, { queueId: 2, userId: null }, { status: 'pending', userId: null, queueId: 2 }],
    ['assign', theirs, { status: 'open' as const }, { status: 'open', userId: ME, queueId: 1 }],
  ])('%s: %j + %j', (action, current, change, next) => {
    expect(planTransition(current, change, ME)).toEqual({ action, next });
  });

  it('changes nothing when nothing changes', () => {
    expect(planTransition(mine, {}, ME).action).toBe('none');
    expect(planTransition(mine, { status: 'open' }, ME).action).toBe('none');
    expect(planTransition(pending, { status: 'pending' }, ME).action).toBe('none');
    expect(planTransition(closed, { status: 'closed' }, ME)).toEqual({ action: 'none', next: closed });
    expect(planTransition(mine, { queueId: 1 }, ME).action).toBe('none');
  });
});
