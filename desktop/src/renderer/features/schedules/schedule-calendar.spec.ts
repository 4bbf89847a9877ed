import { describe, expect, it } from '@jest/globals';
import { type Schedule, SCHEDULE_STATUSES, type SchedulesPage } from '@atendo/shared';
import {
  calendarEvents,
  changeOf,
  mergeScheduleChange,
  rangeArgs,
  type ScheduleRange,
  slotSendAt,
  STATUS_COLORS,
  visibleRange,
  weekStartOf,
} from './schedule-calendar';

/** Local times, so the expectations hold in any time zone the tests run in. */
const at = (day: number, hour = 0, minute = 0, month = 4) => new Date(2026, month, day, hour, minute);

function schedule(id: number, sendAt: Date, over: Partial<Schedule> = {}): Schedule {
  return {
    id,
    companyId: 1,
    contactId: 10 + id,
    contact: { id: 10 + id, name: `Contact ${id}`, number: `55119000000${id}` },
    userId: 1,
    user: { id: 1, name: 'Ana' },
    whatsappId: null,
    ticketId: null,
    ticket: null,
    body: `Message ${id}`,
    sendAt: sendAt.toISOString(),
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    mediaPath: null,
    mediaName: null,
    createdAt: at(1).toISOString(),
    updatedAt: at(1).toISOString(),
    ...over,
  };
}

const page = (rows: Schedule[], hasMore = false, count = rows.length): SchedulesPage => ({
  schedules: rows,
  count,
  hasMore,
});
const ids = (cached: SchedulesPage) => cached.schedules.map((row) => row.id);
/** 11 to 13 May 2026, no search. */
const range: ScheduleRange = rangeArgs({ start: at(11), end: at(14) }, '');

describe('the range a view shows', () => {
  it("covers a month's whole weeks, from the week's first day of the language", () => {
    // May 2026 begins on a Friday and ends on a Sunday.
    expect(visibleRange('month', at(20), 0)).toEqual({ start: at(26, 0, 0, 3), end: at(7, 0, 0, 5) });
    expect(visibleRange('month', at(20), 1)).toEqual({ start: at(27, 0, 0, 3), end: at(1, 0, 0, 5) });
  });

  it('covers the week, the day, and the agenda through the end of its last day', () => {
    // 13 May 2026 is a Wednesday.
    expect(visibleRange('week', at(13, 15), 0)).toEqual({ start: at(10), end: at(17) });
    expect(visibleRange('week', at(13, 15), 1)).toEqual({ start: at(11), end: at(18) });
    expect(visibleRange('day', at(13, 15, 30), 0)).toEqual({ start: at(13), end: at(14) });
    expect(visibleRange('agenda', at(13, 15), 0)).toEqual({ start: at(13), end: at(13, 0, 0, 5) });
  });

  it('asks the server for ISO instants with the search', () => {
    expect(rangeArgs({ start: at(13), end: at(14) }, 'ana')).toEqual({
      startDate: at(13).toISOString(),
      endDate: at(14).toISOString(),
      searchParam: 'ana',
    });
  });

  it("starts the week where each language's calendar does", () => {
    expect(weekStartOf('pt')).toBe(0);
    expect(weekStartOf('en')).toBe(0);
    expect(weekStartOf('es')).toBe(1);
  });
});

describe('live changes in the cached ranges', () => {
  it('places a new schedule by sendAt, then id, and counts it', () => {
    const cached = page([schedule(1, at(11, 9)), schedule(3, at(12, 9))]);
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(2, at(12, 9)) }, range);
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(4, at(11, 8)) }, range);
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(5, at(13, 23, 59)) }, range);
    expect(ids(cached)).toEqual([4, 1, 2, 3, 5]);
    expect(cached.count).toBe(5);
  });

  it('leaves out what falls outside the range or the search', () => {
    const cached = page([schedule(1, at(11, 9))]);
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(2, at(14)) }, range);
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(3, at(10, 23)) }, range);
    const searched = { ...range, searchParam: 'maria' };
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(4, at(12)) }, searched);
    expect(ids(cached)).toEqual([1]);
    expect(cached.count).toBe(1);
  });

  it("matches the search on the contact's name or number, or the message", () => {
    const searched = (searchParam: string) => {
      const cached = page([]);
      const row = schedule(2, at(12), { contact: { id: 9, name: 'Maria Souza', number: '5511987' }, body: 'Bom dia' });
      mergeScheduleChange(cached, { action: 'create', schedule: row }, { ...range, searchParam });
      return ids(cached);
    };
    expect(searched('souza')).toEqual([2]);
    expect(searched('987')).toEqual([2]);
    expect(searched('bom')).toEqual([2]);
    expect(searched('boa tarde')).toEqual([]);
  });

  it('moves an edited schedule to its new place, out of the range, or into it', () => {
    const cached = page([schedule(1, at(11, 9)), schedule(2, at(12, 9)), schedule(3, at(13, 9))]);
    mergeScheduleChange(cached, { action: 'update', schedule: schedule(1, at(13, 10)) }, range);
    expect(ids(cached)).toEqual([2, 3, 1]);
    mergeScheduleChange(cached, { action: 'update', schedule: schedule(2, at(20)) }, range);
    expect(ids(cached)).toEqual([3, 1]);
    expect(cached.count).toBe(2);
    mergeScheduleChange(cached, { action: 'update', schedule: schedule(7, at(11)) }, range);
    expect(ids(cached)).toEqual([7, 3, 1]);
    expect(cached.count).toBe(3);
  });

  it('replaces a schedule whose status changed where it is', () => {
    const cached = page([schedule(1, at(11, 9)), schedule(2, at(12, 9))]);
    mergeScheduleChange(cached, { action: 'update', schedule: schedule(1, at(11, 9), { status: 'ENVIADA' }) }, range);
    expect(cached.schedules.map((row) => row.status)).toEqual(['ENVIADA', 'PENDENTE']);
    expect(cached.count).toBe(2);
  });

  it('takes a deleted schedule out, and ignores one it never had', () => {
    const cached = page([schedule(1, at(11, 9)), schedule(2, at(12, 9))]);
    mergeScheduleChange(cached, changeOf({ action: 'delete', scheduleId: 1 }), range);
    mergeScheduleChange(cached, changeOf({ action: 'delete', scheduleId: 99 }), range);
    expect(ids(cached)).toEqual([2]);
    expect(cached.count).toBe(1);
  });

  it('adds nothing past the last row of a range the server cut short, but counts it', () => {
    const cached = page([schedule(1, at(11, 9)), schedule(2, at(12, 9))], true, 600);
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(3, at(13, 9)) }, range);
    mergeScheduleChange(cached, { action: 'create', schedule: schedule(4, at(11, 10)) }, range);
    expect(ids(cached)).toEqual([1, 4, 2]);
    expect(cached.count).toBe(602);
  });
});

describe('calendar events', () => {
  it('draws a schedule from its sendAt for half an hour, never past its own day', () => {
    const [morning, late] = calendarEvents([schedule(1, at(12, 9)), schedule(2, at(12, 23, 50))]);
    expect(morning.start).toEqual(at(12, 9));
    expect(morning.end).toEqual(at(12, 9, 30));
    expect(late.end.getDate()).toBe(12);
    expect(late.end.getTime()).toBeGreaterThan(late.start.getTime());
  });

  it('gives every status its own colours', () => {
    const backgrounds = SCHEDULE_STATUSES.map((status) => STATUS_COLORS[status].background);
    const edges = SCHEDULE_STATUSES.map((status) => STATUS_COLORS[status].edge);
    expect(new Set(backgrounds).size).toBe(SCHEDULE_STATUSES.length);
    expect(new Set(edges).size).toBe(SCHEDULE_STATUSES.length);
  });
});

describe('the time a clicked slot gives a new schedule', () => {
  const now = at(12, 14, 20);

  it("is the time slot's own when it is ahead", () => {
    expect(slotSendAt({ start: at(13, 9, 30), end: at(13, 10) }, now)).toEqual(at(13, 9, 30));
  });

  it("is a whole day's date at the default time of day (an hour from now)", () => {
    expect(slotSendAt({ start: at(20), end: at(21) }, now)).toEqual(at(20, 15, 20));
  });

  it('is an hour from now for a slot or a day already past', () => {
    expect(slotSendAt({ start: at(12, 9), end: at(12, 9, 30) }, now)).toEqual(at(12, 15, 20));
    expect(slotSendAt({ start: at(5), end: at(6) }, now)).toEqual(at(12, 15, 20));
  });
});
