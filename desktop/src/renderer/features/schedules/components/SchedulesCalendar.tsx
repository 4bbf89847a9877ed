import type { Language, Schedule } from '@atendo/shared';
import { Button, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { createContext, type MouseEvent, useContext, useMemo } from 'react';
import {
  Calendar,
  dateFnsLocalizer,
  type EventProps,
  type Formats,
  type Messages,
  type SlotInfo,
  type ToolbarProps,
} from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../app/format';
import {
  AGENDA_DAYS,
  CALENDAR_VIEWS,
  type CalendarEvent,
  type CalendarView,
  calendarEvents,
  DATE_LOCALES,
  STATUS_COLORS,
} from '../schedule-calendar';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: DATE_LOCALES });

const DAY = 'dd/MM/yyyy';
const TIME = 'HH:mm';

/** Spec §2: days read dd/MM/yyyy and times HH:mm (24 h) in every language; names of months and weekdays are the language's. */
const formats: Formats = {
  dateFormat: 'dd',
  dayFormat: 'EEE dd/MM',
  weekdayFormat: 'EEE',
  timeGutterFormat: TIME,
  monthHeaderFormat: 'MMMM yyyy',
  dayHeaderFormat: `EEEE, ${DAY}`,
  dayRangeHeaderFormat: ({ start, end }, culture, local) =>
    `${local?.format(start, DAY, culture)} – ${local?.format(end, DAY, culture)}`,
  agendaHeaderFormat: ({ start, end }, culture, local) =>
    `${local?.format(start, DAY, culture)} – ${local?.format(end, DAY, culture)}`,
  agendaDateFormat: `EEE ${DAY}`,
  agendaTimeFormat: TIME,
  // A schedule is a moment: its start is its time.
  agendaTimeRangeFormat: ({ start }, culture, local) => local?.format(start, TIME, culture) ?? '',
  eventTimeRangeFormat: ({ start }, culture, local) => local?.format(start, TIME, culture) ?? '',
  selectRangeFormat: ({ start, end }, culture, local) =>
    `${local?.format(start, TIME, culture)} – ${local?.format(end, TIME, culture)}`,
};

/** The library's own colours replaced by the theme's, so the calendar reads in light and dark alike. */
const BORDERED = [
  '.rbc-month-view',
  '.rbc-month-row + .rbc-month-row',
  '.rbc-day-bg + .rbc-day-bg',
  '.rbc-header + .rbc-header',
  '.rbc-time-view',
  '.rbc-time-header.rbc-overflowing',
  '.rbc-time-header > .rbc-row:first-child',
  '.rbc-time-header-content',
  '.rbc-time-content',
  '.rbc-time-content > * + * > *',
  '.rbc-timeslot-group',
  '.rbc-agenda-view table.rbc-agenda-table',
  '.rbc-agenda-view table.rbc-agenda-table thead > tr > th',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr + tr',
];

const strokeOf = (color: string) => ({
  borderTopColor: color,
  borderRightColor: color,
  borderBottomColor: color,
  borderLeftColor: color,
});

const useStyles = makeStyles({
  // The library sizes itself to its box: the box takes the height left on the page.
  box: { position: 'relative', flexGrow: 1, minHeight: '400px' },
  calendar: {
    position: 'absolute',
    inset: 0,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    ...Object.fromEntries(BORDERED.map((selector) => [`& ${selector}`, strokeOf(tokens.colorNeutralStroke2)])),
    '& .rbc-day-slot .rbc-time-slot': strokeOf(tokens.colorNeutralStroke3),
    '& .rbc-header': {
      ...strokeOf(tokens.colorNeutralStroke2),
      paddingTop: tokens.spacingVerticalXS,
      paddingBottom: tokens.spacingVerticalXS,
      textTransform: 'capitalize',
    },
    '& .rbc-off-range': { color: tokens.colorNeutralForeground4 },
    '& .rbc-off-range-bg': { backgroundColor: tokens.colorNeutralBackground3 },
    // Today's cell in the month; a whole column tinted as strongly would drown the events of the day.
    '& .rbc-month-view .rbc-today': { backgroundColor: tokens.colorBrandBackground2 },
    '& .rbc-time-view .rbc-today': { backgroundColor: tokens.colorNeutralBackground2 },
    '& .rbc-time-header .rbc-header.rbc-today': { color: tokens.colorBrandForeground1 },
    '& .rbc-selected-cell': { backgroundColor: tokens.colorNeutralBackground1Selected },
    '& .rbc-slot-selection': {
      backgroundColor: tokens.colorBrandBackground,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    '& .rbc-current-time-indicator': { backgroundColor: tokens.colorPaletteRedForeground1 },
    '& .rbc-show-more': { backgroundColor: 'transparent', color: tokens.colorBrandForegroundLink },
    '& .rbc-agenda-view table.rbc-agenda-table tbody > tr > td': { verticalAlign: 'middle' },
    // The status colours go on the event's cell only: a day's date cell spans its other events too.
    '& .rbc-agenda-view .rbc-agenda-date-cell, & .rbc-agenda-view .rbc-agenda-time-cell': {
      backgroundColor: tokens.colorNeutralBackground1,
    },
    '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { textTransform: 'none' },
    // Schedules are moments, never whole days: the all-day row stays empty, so it is not drawn.
    '& .rbc-allday-cell': { display: 'none' },
    // The event shows its own time beside the contact.
    '& .rbc-event-label': { display: 'none' },
    '& .rbc-event': { paddingTop: 0, paddingBottom: 0, borderRadius: tokens.borderRadiusMedium },
    '& .rbc-event.rbc-selected': { outlineStyle: 'solid', outlineWidth: '2px', outlineColor: tokens.colorStrokeFocus2 },
    // Room for a half-hour event's text and buttons, also for a finger.
    '& .rbc-timeslot-group': { minHeight: '64px' },
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  // On a phone the period's name goes under the buttons rather than past the edge.
  navigation: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  label: {
    display: 'inline-block',
    marginLeft: tokens.spacingHorizontalXS,
    '::first-letter': { textTransform: 'uppercase' },
  },
  event: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, minWidth: 0 },
  eventText: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  eventButton: { minWidth: '20px', width: '20px', height: '20px', padding: 0, flexShrink: 0, color: 'inherit' },
});

/** What the events' buttons do: the page's edit dialog and delete question. */
interface ScheduleActions {
  open: (schedule: Schedule) => void;
  remove: (schedule: Schedule) => void;
}

const ActionsContext = createContext<ScheduleActions>({ open: () => undefined, remove: () => undefined });
/** The view on show: the week's seven columns leave no room for buttons beside a name. */
const ViewContext = createContext<CalendarView>('month');

/**
 * One schedule: its time (except in the agenda, which has a time column), the contact, and in the
 * agenda edit and delete. In the month, week and day the event itself is what a click or Enter
 * opens (the day's events are buttons, the month's stand in a grid row where only cells may): a
 * button inside it would be one control inside another, which screen readers cannot reach.
 */
function EventContent({ event, withTime }: { event: CalendarEvent; withTime: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const actions = useContext(ActionsContext);
  const view = useContext(ViewContext);
  const { schedule } = event;
  const name = schedule.contact.name;
  // The calendar opens the schedule on a click on the event; the buttons do their own thing instead.
  const own = (act: (schedule: Schedule) => void) => (clicked: MouseEvent) => {
    clicked.stopPropagation();
    act(schedule);
  };
  return (
    <span className={styles.event}>
      <span className={styles.eventText}>{withTime ? `${formatTime(event.start)} ${name}` : name}</span>
      {view === 'agenda' && (
        <>
          <Button
            className={styles.eventButton}
            appearance="transparent"
            size="small"
            icon={<EditRegular />}
            aria-label={t('schedules.edit', { name })}
            onClick={own(actions.open)}
          />
          <Button
            className={styles.eventButton}
            appearance="transparent"
            size="small"
            icon={<DeleteRegular />}
            aria-label={t('schedules.remove', { name })}
            onClick={own(actions.remove)}
          />
        </>
      )}
    </span>
  );
}

const GridEvent = ({ event }: EventProps<CalendarEvent>) => <EventContent event={event} withTime />;
const AgendaEvent = ({ event }: EventProps<CalendarEvent>) => <EventContent event={event} withTime={false} />;

/** Today, back and forth, what the calendar shows, and the views; Fluent's controls, which follow the theme. */
function Toolbar({ label, onNavigate, onView, view }: ToolbarProps<CalendarEvent>) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.toolbar}>
      <div className={styles.navigation}>
        <Button onClick={() => onNavigate('TODAY')}>{t('schedules.calendar.today')}</Button>
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label={t('schedules.calendar.previous')}
          onClick={() => onNavigate('PREV')}
        />
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label={t('schedules.calendar.next')}
          onClick={() => onNavigate('NEXT')}
        />
        <Text as="h2" weight="semibold" size={400} className={styles.label} aria-live="polite">
          {label}
        </Text>
      </div>
      <TabList
        size="small"
        aria-label={t('schedules.calendar.views')}
        selectedValue={view}
        onTabSelect={(_event, data) => onView(data.value as CalendarView)}
      >
        {CALENDAR_VIEWS.map((option) => (
          <Tab key={option} value={option}>
            {t(`schedules.calendar.${option}`)}
          </Tab>
        ))}
      </TabList>
    </div>
  );
}

const components = {
  toolbar: Toolbar,
  event: GridEvent,
  agenda: { event: AgendaEvent },
};

interface SchedulesCalendarProps {
  schedules: readonly Schedule[];
  language: Language;
  view: CalendarView;
  date: Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  /** An empty slot was clicked or dragged over: a new schedule there. */
  onSelectSlot: (slot: SlotInfo) => void;
  onOpen: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

/**
 * The schedules on a month, week, day or agenda (react-big-calendar), in the user's language and
 * the browser's time zone, each at its sendAt in its status's colours.
 */
export function SchedulesCalendar({
  schedules,
  language,
  view,
  date,
  onView,
  onNavigate,
  onSelectSlot,
  onOpen,
  onDelete,
}: SchedulesCalendarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const events = useMemo(() => calendarEvents(schedules), [schedules]);
  const actions = useMemo(() => ({ open: onOpen, remove: onDelete }), [onOpen, onDelete]);
  const messages: Messages<CalendarEvent> = useMemo(
    () => ({
      date: t('schedules.calendar.date'),
      time: t('schedules.calendar.time'),
      event: t('schedules.calendar.event'),
      allDay: t('schedules.calendar.allDay'),
      noEventsInRange: t('schedules.calendar.noEventsInRange'),
      showMore: (count: number) => t('schedules.calendar.showMore', { count }),
    }),
    [t],
  );
  // The day and week open an hour before now, where the next schedules are.
  const scrollToTime = useMemo(() => {
    const at = new Date();
    at.setHours(Math.max(0, at.getHours() - 1), 0, 0, 0);
    return at;
  }, []);

  return (
    <ActionsContext.Provider value={actions}>
      <ViewContext.Provider value={view}>
        <div className={styles.box}>
          <Calendar<CalendarEvent>
            className={styles.calendar}
            localizer={localizer}
            culture={language}
            formats={formats}
            messages={messages}
            components={components}
            events={events}
            views={[...CALENDAR_VIEWS]}
            view={view}
            date={date}
            onView={(next) => onView(next as CalendarView)}
            onNavigate={(next) => onNavigate(next)}
            length={AGENDA_DAYS}
            selectable
            onSelectSlot={onSelectSlot}
            onSelectEvent={(event) => onOpen(event.schedule)}
            scrollToTime={scrollToTime}
            // Schedules at the same time stand side by side, each as wide as the others.
            dayLayoutAlgorithm="no-overlap"
            tooltipAccessor={(event) =>
              t('schedules.eventTooltip', {
                time: formatTime(event.start),
                name: event.schedule.contact.name,
                status: t(`schedules.status.${event.schedule.status}`),
              })
            }
            eventPropGetter={(event) => {
              const colors = STATUS_COLORS[event.schedule.status];
              return {
                style: {
                  backgroundColor: colors.background,
                  color: tokens.colorNeutralForeground1,
                  border: `1px solid ${colors.edge}`,
                  borderLeft: `4px solid ${colors.edge}`,
                },
              };
            }}
          />
        </div>
      </ViewContext.Provider>
    </ActionsContext.Provider>
  );
}
