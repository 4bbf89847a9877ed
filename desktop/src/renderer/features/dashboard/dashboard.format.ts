import { format, startOfMonth } from 'date-fns';
import type { TFunction } from 'i18next';

/** A day as the filters and the server write it (yyyy-MM-dd), in the viewer's own calendar. */
export function isoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The dashboard opens on the current month so far. */
export function monthSoFar(today = new Date()): { from: string; to: string } {
  return { from: isoDay(startOfMonth(today)), to: isoDay(today) };
}

/** Average times read as "12 min" or "1 h 05 min"; under a minute but not zero, "< 1 min". */
export function formatMinutes(t: TFunction, minutes: number): string {
  if (minutes > 0 && minutes < 1) return t('dashboard.underAMinute');
  const whole = Math.round(minutes);
  if (whole < 60) return t('dashboard.minutes', { minutes: whole });
  return t('dashboard.hoursMinutes', {
    hours: Math.floor(whole / 60),
    minutes: String(whole % 60).padStart(2, '0'),
  });
}
