import { TZDate, tzOffset } from '@date-fns/tz';
import { ONLINE_WINDOW_MS, type DashboardQuery, type TicketsPerTime } from '@atendo/shared';

/**
 * The dashboard's rules apart from SQL: which instants a filter selects, how time buckets become
 * the viewer's days and hours, how averages are rounded, who is online. Pure, so the unit tests
 * pin them down; the service only feeds them database rows.
 */

const DAY_MS = 86_400_000;

/** A half-open span of instants, `[from, to)`; a missing bound does not limit that side. */
export interface TimeRange {
  from: Date | null;
  to: Date | null;
}

/** The zone of this server process (the TZ environment variable, else the system's). */
export function serverZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function dayParts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y, m - 1, d];
}

/** The first instant of a calendar day in `zone` (its local midnight). */
export function startOfDayIn(day: string, zone: string): Date {
  const [y, m, d] = dayParts(day);
  return new Date(new TZDate(y, m, d, zone).getTime());
}

/** The calendar day after `day` (yyyy-MM-dd), by the calendar rather than by 24 hours. */
export function nextDay(day: string): string {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m, d + 1)).toISOString().slice(0, 10);
}

/**
 * `GET /dashboard`: `days` is the last N × 24 hours up to now; `date_from` and `date_to` are whole
 * local days, `date_to` included. Either date alone leaves the other side open.
 */
export function periodRange(q: DashboardQuery, now: Date, zone: string): TimeRange {
  if (q.days !== undefined) return { from: new Date(now.getTime() - q.days * DAY_MS), to: now };
  return {
    from: q.date_from ? startOfDayIn(q.date_from, zone) : null,
    to: q.date_to ? startOfDayIn(nextDay(q.date_to), zone) : null,
  };
}

/** The charts: from the local midnight of `initialDate` to the one after `finalDate`. */
export function chartRange(initialDate: string, finalDate: string, zone: string): { from: Date; to: Date } {
  return { from: startOfDayIn(initialDate, zone), to: startOfDayIn(nextDay(finalDate), zone) };
}

/**
 * The zone's offset (minutes east of UTC) at any instant of a span, asked of the time-zone
 * database once per UTC day rather than once per instant: an offset changes at most once a day,
 * so where a day and the next start with the same offset the whole day has it, and only the
 * instants of a changeover day are asked one by one.
 */
export function offsetsOver(from: Date, to: Date, zone: string): { at(ms: number): number; all: number[] } {
  const first = Math.floor(from.getTime() / DAY_MS);
  const last = Math.floor(to.getTime() / DAY_MS) + 1;
  const byDay: number[] = [];
  for (let day = first; day <= last; day++) byDay.push(tzOffset(zone, new Date(day * DAY_MS)));
  return {
    all: byDay,
    at(ms) {
      const i = Math.floor(ms / DAY_MS) - first;
      const start = byDay[i];
      return start !== undefined && start === byDay[i + 1] ? start : tzOffset(zone, new Date(ms));
    },
  };
}

/**
 * The database groups instants by UTC slots (a slot number is \`epoch seconds DIV slot\`), so one
 * query serves every zone. An hour is fine-grained enough while the zone's offset is whole hours
 * over the whole range; zones a half or three quarters off (India, Nepal, Lord Howe's DST) need
 * quarter-hour slots for every slot to fall inside one local hour.
 */
export function slotSeconds(initialDate: string, finalDate: string, zone: string): number {
  const { from, to } = chartRange(initialDate, finalDate, zone);
  return offsetsOver(from, to, zone).all.every((offset) => offset % 60 === 0) ? 3600 : 900;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy, the spec's date format (§2), of a yyyy-MM-dd day. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Tickets per local day, or per local hour when the range is a single day (spec §3: `data` or
 * `horario`, the hour as a number 0–23, which the existing clients' chart reads). Every day (or each of the 24 hours) is present, with 0 where nothing was counted,
 * so the chart's axis is the range the viewer asked for. On the day clocks go back, the repeated
 * hour's two slots add up under one label.
 */
export function bucketByTime(
  rows: readonly { slot: number; total: number }[],
  slot: number,
  initialDate: string,
  finalDate: string,
  zone: string,
): TicketsPerTime[] {
  const perHour = initialDate === finalDate;
  const { from, to } = chartRange(initialDate, finalDate, zone);
  const offsets = offsetsOver(from, to, zone);
  const totals = new Map<string, number>();
  for (const row of rows) {
    const ms = row.slot * slot * 1000;
    // The local wall-clock time, read with the UTC getters of a shifted instant.
    const local = new Date(ms + offsets.at(ms) * 60_000);
    const key = perHour
      ? String(local.getUTCHours())
      : `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    totals.set(key, (totals.get(key) ?? 0) + row.total);
  }
  if (perHour) {
    return Array.from({ length: 24 }, (_, horario) => ({ horario, total: totals.get(String(horario)) ?? 0 }));
  }
  const days: TicketsPerTime[] = [];
  for (let day = initialDate; day <= finalDate; day = nextDay(day)) {
    days.push({ data: dayLabel(day), total: totals.get(day) ?? 0 });
  }
  return days;
}

/** An average of `sum` over `count`, rounded to `digits` decimals; 0 when there is nothing to average. */
export function average(sum: number, count: number, digits: number): number {
  if (!count) return 0;
  const scale = 10 ** digits;
  return Math.round((sum / count) * scale) / scale;
}

/** Online: a `userStatus` ping recorded within the last five minutes (the window included). */
export function isOnline(lastSeenAt: Date | null, now: Date): boolean {
  return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= ONLINE_WINDOW_MS;
}
