import { tzOffset } from '@date-fns/tz';
import {
  average,
  bucketByTime,
  chartRange,
  dayLabel,
  isOnline,
  nextDay,
  offsetsOver,
  periodRange,
  slotSeconds,
  startOfDayIn,
} from './dashboard.rules.js';

const SP = 'America/Sao_Paulo'; // UTC−3 all year
const NY = 'America/New_York'; // DST: 2026-03-08 and 2026-11-01
const KOLKATA = 'Asia/Kolkata'; // UTC+5:30

/** The UTC slot number of an instant, as the database computes it. */
const slotOf = (iso: string, seconds: number) => Math.floor(Date.parse(iso) / 1000 / seconds);

describe('which instants a filter selects', () => {
  it('days: the last N × 24 hours up to now', () => {
    const now = new Date('2026-11-21T15:00:00.000Z');
    expect(periodRange({ days: 7 }, now, SP)).toEqual({ from: new Date('2026-11-14T15:00:00.000Z'), to: now });
  });

  it("dates: whole days in the viewer's zone, the last one included; either side may stay open", () => {
    const now = new Date('2026-11-21T15:00:00.000Z');
    expect(periodRange({ date_from: '2026-11-01', date_to: '2026-11-21' }, now, SP)).toEqual({
      from: new Date('2026-11-01T03:00:00.000Z'),
      to: new Date('2026-11-22T03:00:00.000Z'),
    });
    expect(periodRange({ date_from: '2026-11-01' }, now, 'UTC')).toEqual({
      from: new Date('2026-11-01T00:00:00.000Z'),
      to: null,
    });
    expect(periodRange({ date_to: '2026-11-01' }, now, 'UTC')).toEqual({
      from: null,
      to: new Date('2026-11-02T00:00:00.000Z'),
    });
  });

  it('counts calendar days, not 24-hour steps, across a DST change', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    // New York's 2026-03-08 lasts 23 hours.
    const { from, to } = chartRange('2026-03-08', '2026-03-08', NY);
    expect(from).toEqual(new Date('2026-03-08T05:00:00.000Z'));
    expect(to).toEqual(new Date('2026-03-09T04:00:00.000Z'));
    expect(startOfDayIn('2026-11-21', KOLKATA)).toEqual(new Date('2026-11-20T18:30:00.000Z'));
  });
});

describe('time buckets', () => {
  it('groups by hour where the zone is whole hours off UTC, by quarter hour elsewhere', () => {
    expect(slotSeconds('2026-01-01', '2026-12-31', SP)).toBe(3600);
    expect(slotSeconds('2026-03-01', '2026-03-31', NY)).toBe(3600);
    expect(slotSeconds('2026-11-21', '2026-11-21', KOLKATA)).toBe(900);
  });

  it("puts each ticket on the viewer's day, and lists every day of the range", () => {
    // 23:30 in São Paulo on the 20th is already the 21st in UTC.
    const rows = [
      { slot: slotOf('2026-11-21T02:30:00Z', 3600), total: 2 },
      { slot: slotOf('2026-11-21T03:10:00Z', 3600), total: 5 },
      { slot: slotOf('2026-11-22T20:00:00Z', 3600), total: 1 },
    ];
    expect(bucketByTime(rows, 3600, '2026-11-20', '2026-11-23', SP)).toEqual([
      { data: '20/11/2026', total: 2 },
      { data: '21/11/2026', total: 5 },
      { data: '22/11/2026', total: 1 },
      { data: '23/11/2026', total: 0 },
    ]);
  });

  it('counts per local hour over a single day, all 24 hours present', () => {
    const rows = [
      { slot: slotOf('2026-11-21T12:00:00Z', 3600), total: 3 }, // 09:00 in São Paulo
      { slot: slotOf('2026-11-21T12:59:59Z', 3600), total: 1 },
      { slot: slotOf('2026-11-22T02:00:00Z', 3600), total: 4 }, // 23:00
    ];
    const hours = bucketByTime(rows, 3600, '2026-11-21', '2026-11-21', SP);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ horario: 0, total: 0 });
    expect(hours[9]).toEqual({ horario: 9, total: 4 });
    expect(hours[23]).toEqual({ horario: 23, total: 4 });
  });

  it('keeps half-hour zones exact with quarter-hour slots', () => {
    // 09:10 and 09:50 in Kolkata are 03:40 and 04:20 UTC: two UTC hours, one local hour.
    const rows = [
      { slot: slotOf('2026-11-21T03:40:00Z', 900), total: 1 },
      { slot: slotOf('2026-11-21T04:20:00Z', 900), total: 1 },
    ];
    const hours = bucketByTime(rows, 900, '2026-11-21', '2026-11-21', KOLKATA);
    expect(hours[9]).toEqual({ horario: 9, total: 2 });
    expect(hours.reduce((sum, h) => sum + ('total' in h ? h.total : 0), 0)).toBe(2);
  });

  it('adds up the repeated hour of the day clocks go back', () => {
    // New York, 2026-11-01: 01:00–02:00 happens twice (05:00 and 06:00 UTC).
    const rows = [
      { slot: slotOf('2026-11-01T05:30:00Z', 3600), total: 1 },
      { slot: slotOf('2026-11-01T06:30:00Z', 3600), total: 2 },
    ];
    const hours = bucketByTime(rows, 3600, '2026-11-01', '2026-11-01', NY);
    expect(hours[1]).toEqual({ horario: 1, total: 3 });
  });

  it('knows the offset of every instant while asking the zone database about once a day', () => {
    for (const zone of [NY, KOLKATA, 'Australia/Lord_Howe']) {
      const from = new Date('2026-03-01T00:00:00Z');
      const to = new Date('2026-04-10T00:00:00Z');
      const offsets = offsetsOver(from, to, zone);
      for (let ms = from.getTime(); ms < to.getTime(); ms += 900_000) {
        expect([zone, ms, offsets.at(ms)]).toEqual([zone, ms, tzOffset(zone, new Date(ms))]);
      }
    }
  });

  it('writes days as dd/MM/yyyy', () => {
    expect(dayLabel('2026-01-05')).toBe('05/01/2026');
  });
});

describe('averages and presence', () => {
  it('averages with fixed decimals, 0 over nothing', () => {
    expect(average(7, 3, 2)).toBe(2.33);
    expect(average(10, 4, 1)).toBe(2.5);
    expect(average(5, 0, 1)).toBe(0);
  });

  it('counts a user online for five minutes after a ping, the bound included', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(isOnline(null, now)).toBe(false);
    expect(isOnline(new Date('2026-11-21T11:55:00.000Z'), now)).toBe(true);
    expect(isOnline(new Date('2026-11-21T11:54:59.999Z'), now)).toBe(false);
    expect(isOnline(new Date('2026-11-21T11:59:30.000Z'), now)).toBe(true);
  });
});
