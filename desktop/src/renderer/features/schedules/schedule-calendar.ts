import {
  type CompanyEventPayloads,
  type Id,
  type Language,
  SCHEDULE_DEFAULT_DELAY_MS,
  type Schedule,
  type SchedulesPage,
  type ScheduleStatus,
} from '@atendo/shared';
import { tokens } from '@fluentui/react-components';
import {
  addDays,
  type Day,
  differenceInHours,
  endOfDay,
  endOfMonth,
  endOfWeek,
  type Locale,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';

/** The calendar's views, in the order the toolbar offers them. */
export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** How many days the agenda lists from its date on (the calendar's `length`). */
export const AGENDA_DAYS = 30;

/** Names of months and weekdays, and the first day of the week, in each language of the app. */
export const DATE_LOCALES: Record<Language, Locale> = { pt: ptBR, en: enUS, es };

export function weekStartOf(language: Language): Day {
  return DATE_LOCALES[language].options?.weekStartsOn ?? 0;
}

/** An event is a moment; the grid draws it this long so it can be read and clicked. */
const EVENT_DRAWN_MS = 30 * 60 * 1000;

export interface DateRange {
  start: Date;
  /** Exclusive. */
  end: Date;
}

/**
 * The days a view shows around `date`, in local time: the month's whole weeks, the week, the day,
 * or the agenda's days (it lists through the end of its last day).
 */
export function visibleRange(view: CalendarView, date: Date, weekStartsOn: Day): DateRange {
  switch (view) {
    case 'month': {
      const start = startOfWeek(startOfMonth(date), { weekStartsOn });
      return { start, end: addDays(startOfDay(endOfWeek(endOfMonth(date), { weekStartsOn })), 1) };
    }
    case 'week': {
      const start = startOfWeek(date, { weekStartsOn });
      return { start, end: addDays(start, 7) };
    }
    case 'day': {
      const start = startOfDay(date);
      return { start, end: addDays(start, 1) };
    }
    case 'agenda': {
      const start = startOfDay(date);
      return { start, end: addDays(start, AGENDA_DAYS + 1) };
    }
  }
}

/** One cached list of the calendar: the schedules due in a range, narrowed by a search. */
export interface ScheduleRange {
  /** ISO instants: the query's parameters, and a cache key that stays equal for the same range. */
  startDate: string;
  endDate: string;
  searchParam: string;
}

export function rangeArgs({ start, end }: DateRange, searchParam: string): ScheduleRange {
  return { startDate: start.toISOString(), endDate: end.toISOString(), searchParam };
}

/** The server's search, as it reads it: the contact's name or number, or the message, containing the text. */
export function scheduleMatches(schedule: Schedule, searchParam: string): boolean {
  const needle = searchParam.trim().toLowerCase();
  return (
    !needle ||
    schedule.contact.name.toLowerCase().includes(needle) ||
    schedule.contact.number.includes(needle) ||
    schedule.body.toLowerCase().includes(needle)
  );
}

export type ScheduleChange = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; id: Id };

export function changeOf(event: CompanyEventPayloads['schedule']): ScheduleChange {
  return event.action === 'delete' ? { action: 'delete', id: event.scheduleId } : event;
}

/** The server's order within a range: by sendAt, then by id. */
function sendOrder(a: Schedule, b: Schedule): number {
  return Date.parse(a.sendAt) - Date.parse(b.sendAt) || a.id - b.id;
}

/**
 * Writes a change into one cached range (an immer draft): the schedule leaves wherever it was and
 * goes back in at its place when its sendAt falls in the range and the search matches it, so an
 * edit that moves it to another day moves it between the cached ranges. A range the server cut
 * short (`hasMore`) takes no row past its last one, which the server would not have sent either.
 * `count` follows.
 */
export function mergeScheduleChange(page: SchedulesPage, change: ScheduleChange, range: ScheduleRange): void {
  const id = change.action === 'delete' ? change.id : change.schedule.id;
  const index = page.schedules.findIndex((row) => row.id === id);
  const was = index >= 0;
  if (was) page.schedules.splice(index, 1);
  let is = false;
  if (change.action !== 'delete') {
    const { schedule } = change;
    const at = Date.parse(schedule.sendAt);
    is =
      at >= Date.parse(range.startDate) &&
      at < Date.parse(range.endDate) &&
      scheduleMatches(schedule, range.searchParam);
    if (is) {
      const place = page.schedules.findIndex((row) => sendOrder(schedule, row) < 0);
      if (place >= 0) page.schedules.splice(place, 0, schedule);
      else if (!page.hasMore) page.schedules.push(schedule);
    }
  }
  if (was && !is) page.count = Math.max(0, page.count - 1);
  if (!was && is) page.count += 1;
}

/**
 * The status colours: a tint of the status behind the text, which stays the theme's own text
 * colour, and a stronger edge. Fluent's palette tokens switch with the theme, so light and dark
 * read alike.
 */
export const STATUS_COLORS: Record<ScheduleStatus, { background: string; edge: string }> = {
  PENDENTE: { background: tokens.colorPaletteMarigoldBackground2, edge: tokens.colorPaletteMarigoldBorderActive },
  AGENDADA: { background: tokens.colorPaletteBlueBackground2, edge: tokens.colorPaletteBlueBorderActive },
  ENVIADA: { background: tokens.colorPaletteGreenBackground2, edge: tokens.colorPaletteGreenBorderActive },
  ERRO: { background: tokens.colorPaletteRedBackground2, edge: tokens.colorPaletteRedBorderActive },
};

/** What the calendar places: one schedule at its sendAt. */
export interface CalendarEvent {
  id: Id;
  start: Date;
  end: Date;
  schedule: Schedule;
}

export function calendarEvents(schedules: readonly Schedule[]): CalendarEvent[] {
  return schedules.map((schedule) => {
    const start = new Date(schedule.sendAt);
    // Drawn within its own day, so one late in the evening does not spill into the next.
    const end = new Date(Math.min(start.getTime() + EVENT_DRAWN_MS, endOfDay(start).getTime()));
    return { id: schedule.id, start, end, schedule };
  });
}

/** A new schedule goes out an hour from now unless a time is chosen. */
export function defaultSendAt(now: Date): Date {
  return new Date(now.getTime() + SCHEDULE_DEFAULT_DELAY_MS);
}

/**
 * The time a new schedule starts with when an empty slot is clicked. A time slot gives its own
 * time; a whole day (the month's cells) gives that day at the time of day the default would have.
 * A time already past gives the default: nothing is scheduled into the past.
 */
export function slotSendAt(slot: DateRange, now: Date): Date {
  const fallback = defaultSendAt(now);
  // A day is 23 to 25 hours long where the clocks change.
  const wholeDay =
    slot.start.getTime() === startOfDay(slot.start).getTime() && differenceInHours(slot.end, slot.start) >= 23;
  let chosen = slot.start;
  if (wholeDay) {
    chosen = new Date(slot.start);
    chosen.setHours(fallback.getHours(), fallback.getMinutes(), 0, 0);
  }
  return chosen.getTime() > now.getTime() ? chosen : fallback;
}
