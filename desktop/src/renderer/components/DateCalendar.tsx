import { Calendar, type CalendarStrings, DayOfWeek, defaultCalendarStrings } from '@fluentui/react-calendar-compat';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Month and day names in the app's language, from the platform's own calendar data. */
function calendarStrings(language: string, goToToday: string): CalendarStrings {
  const month = (style: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, m) =>
      new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' }).format(Date.UTC(2024, m, 1)),
    );
  // 2024-01-07 was a Sunday: the calendar's days start there.
  const day = (style: 'long' | 'narrow') =>
    Array.from({ length: 7 }, (_, d) =>
      new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + d)),
    );
  const capital = (names: string[]) => names.map((name) => name.charAt(0).toLocaleUpperCase(language) + name.slice(1));
  return {
    ...defaultCalendarStrings,
    months: capital(month('long')),
    shortMonths: capital(month('short')),
    days: capital(day('long')),
    shortDays: day('narrow').map((name) => name.toLocaleUpperCase(language)),
    goToToday,
  };
}

interface DateCalendarProps {
  value: Date | null;
  minDate?: Date;
  onSelect: (date: Date) => void;
}

/** The month grid behind a date field's calendar button (its own chunk: loaded when first opened). */
export default function DateCalendar({ value, minDate, onSelect }: DateCalendarProps) {
  const { t, i18n } = useTranslation();
  const strings = useMemo(() => calendarStrings(i18n.language, t('common.today')), [i18n.language, t]);
  return (
    <Calendar
      value={value ?? undefined}
      today={new Date()}
      minDate={minDate}
      strings={strings}
      firstDayOfWeek={DayOfWeek.Sunday}
      showGoToToday
      onSelectDate={(date) => date && onSelect(date)}
    />
  );
}
