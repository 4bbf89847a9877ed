import {
  DASHBOARD_PERIODS,
  dashboardQuerySchema,
  type DashboardCounters,
  type DashboardQuery,
  type TicketsPerTime,
  type TicketsPerUser,
} from '@atendo/shared';
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Select,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ChatMultipleRegular,
  CheckmarkCircleRegular,
  ClockRegular,
  FilterRegular,
  type FluentIcon,
  HourglassHalfRegular,
  PersonAddRegular,
  TimerRegular,
} from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { api } from '../../../app/api';
import { validationText } from '../../../app/errors';
import { useCompanyEvent } from '../../../app/socket';
import { useAppDispatch } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { useLoadErrorToast } from '../../../components/list-hooks';
import { PageHeader } from '../../../components/PageHeader';
import { useDashboardQuery, useTicketsDayQuery, useTicketsUsersQuery, viewerTimeZone } from '../dashboard.api';
import { formatMinutes, monthSoFar } from '../dashboard.format';
import { AttendantsTable } from './AttendantsTable';
import { TicketsChart } from './TicketsChart';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  cards: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  },
  counter: { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalM },
  icon: { fontSize: '32px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  counterText: { display: 'flex', flexDirection: 'column' },
  label: { color: tokens.colorNeutralForeground3 },
  value: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  charts: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    // Two charts side by side from 420 px each; one narrower screen's width otherwise.
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))',
  },
});

type FilterType = 'date' | 'period';

interface CounterCard {
  key: keyof DashboardCounters;
  labelKey: string;
  icon: FluentIcon;
  minutes?: boolean;
}

/** Spec §2: the six cards, in order. */
const COUNTERS: CounterCard[] = [
  { key: 'supportHappening', labelKey: 'dashboard.counters.supportHappening', icon: ChatMultipleRegular },
  { key: 'supportPending', labelKey: 'dashboard.counters.supportPending', icon: HourglassHalfRegular },
  { key: 'supportFinished', labelKey: 'dashboard.counters.supportFinished', icon: CheckmarkCircleRegular },
  { key: 'newContacts', labelKey: 'dashboard.counters.newContacts', icon: PersonAddRegular },
  { key: 'avgSupportTime', labelKey: 'dashboard.counters.avgSupportTime', icon: TimerRegular, minutes: true },
  { key: 'avgWaitTime', labelKey: 'dashboard.counters.avgWaitTime', icon: ClockRegular, minutes: true },
];

/** A change is shown this soon after its event ... */
const REFRESH_DELAY_MS = 500;
/**
 * ... and refreshes are at least this far apart: every open dashboard asks the database for its
 * period's aggregates again, and a busy company changes tickets several times a second.
 */
const REFRESH_MIN_INTERVAL_MS = 5000;
/** Presence changes without an event (a ping is no ticket change): the summary is asked again this often. */
const PRESENCE_POLL_MS = 60_000;

/**
 * The admins' home (spec §2 Dashboard): six counters over a date range or a recent period, the
 * attendants with their ratings, talk time and presence, and two bar charts with their own dates.
 * Ticket and contact events refresh it, so the counters move as the team works.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const dispatch = useAppDispatch();
  const [filterType, setFilterType] = useState<FilterType>('date');
  const [dates, setDates] = useState(monthSoFar);
  const [period, setPeriod] = useState('');
  const [applied, setApplied] = useState<DashboardQuery>(() => ({
    date_from: dates.from,
    date_to: dates.to,
    timezone: viewerTimeZone(),
  }));
  const summary = useDashboardQuery(applied, { pollingInterval: PRESENCE_POLL_MS });

  const refreshTimer = useRef<number | undefined>(undefined);
  const lastRefresh = useRef(0);
  const scheduleRefresh = () => {
    if (refreshTimer.current !== undefined) return;
    const wait = Math.max(REFRESH_DELAY_MS, lastRefresh.current + REFRESH_MIN_INTERVAL_MS - Date.now());
    refreshTimer.current = window.setTimeout(() => {
      refreshTimer.current = undefined;
      lastRefresh.current = Date.now();
      dispatch(api.util.invalidateTags(['Dashboard']));
    }, wait);
  };
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);
  // Only what moves a figure: a ticket seen in a new status (created, accepted, resolved,
  // returned, reopened), a ticket deleted, a contact created. A message on a ticket whose status
  // is unchanged moves nothing.
  const statusSeen = useRef(new Map<number, string>());
  useCompanyEvent('ticket', (event) => {
    if (event.action === 'updateUnread') return;
    if (event.action === 'update') {
      if (statusSeen.current.get(event.ticket.id) === event.ticket.status) return;
      statusSeen.current.set(event.ticket.id, event.ticket.status);
    }
    scheduleRefresh();
  });
  useCompanyEvent('contact', (event) => {
    if (event.action === 'create') scheduleRefresh();
  });

  useLoadErrorToast(summary.error);

  const apply = () => {
    const query =
      filterType === 'period'
        ? { days: period || undefined }
        : { date_from: dates.from || undefined, date_to: dates.to || undefined, timezone: viewerTimeZone() };
    try {
      setApplied(dashboardQuerySchema.validateSync(query, { abortEarly: true, stripUnknown: true }));
    } catch (failure) {
      if (failure instanceof ValidationError) {
        notify.error(validationText(i18n, failure.message) ?? t('validation.selectFilter'));
      }
    }
  };

  const counters = summary.data?.counters;
  return (
    <div className={styles.page}>
      <PageHeader title={t('dashboard.title')}>
        <div className={styles.filters}>
          <Field label={t('dashboard.filterType')}>
            <Select value={filterType} onChange={(_, { value }) => setFilterType(value as FilterType)}>
              <option value="date">{t('dashboard.byDate')}</option>
              <option value="period">{t('dashboard.byPeriod')}</option>
            </Select>
          </Field>
          {filterType === 'date' ? (
            <>
              <Field label={t('dashboard.dateFrom')}>
                <Input
                  type="date"
                  value={dates.from}
                  onChange={(_, { value }) => setDates((current) => ({ ...current, from: value }))}
                />
              </Field>
              <Field label={t('dashboard.dateTo')}>
                <Input
                  type="date"
                  value={dates.to}
                  onChange={(_, { value }) => setDates((current) => ({ ...current, to: value }))}
                />
              </Field>
            </>
          ) : (
            <Field label={t('dashboard.period')}>
              <Select value={period} onChange={(_, { value }) => setPeriod(value)}>
                <option value="">{t('dashboard.periodNone')}</option>
                {DASHBOARD_PERIODS.map((days) => (
                  <option key={days} value={String(days)}>
                    {t('dashboard.lastDays', { count: days })}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Button appearance="primary" icon={<FilterRegular />} onClick={apply}>
            {t('dashboard.filter')}
          </Button>
        </div>
      </PageHeader>

      <div className={styles.cards}>
        {COUNTERS.map(({ key, labelKey, icon: Icon, minutes }) => (
          <Card key={key} role="group" aria-label={t(labelKey)}>
            <div className={styles.counter}>
              <Icon className={styles.icon} aria-hidden />
              <div className={styles.counterText}>
                <Text className={styles.label}>{t(labelKey)}</Text>
                {counters ? (
                  <Text className={styles.value} data-counter={key}>
                    {minutes ? formatMinutes(t, counters[key]) : counters[key]}
                  </Text>
                ) : (
                  <Spinner size="tiny" />
                )}
              </div>
            </div>
          </Card>
        ))}
      </div>

      <Subtitle2 as="h2">{t('dashboard.attendants.title')}</Subtitle2>
      <AttendantsTable attendants={summary.data?.attendants ?? []} loading={summary.isLoading} error={summary.error} />

      <div className={styles.charts}>
        <TicketsChart<TicketsPerUser>
          title={t('dashboard.charts.perUser')}
          errorKey="dashboard.charts.perUserError"
          useData={useTicketsUsersQuery}
          toBar={(row) => ({ label: row.nome, value: row.quantidade })}
        />
        <TicketsChart<TicketsPerTime>
          title={t('dashboard.charts.perDay')}
          errorKey="dashboard.charts.perDayError"
          useData={useTicketsDayQuery}
          toBar={(row) =>
            'horario' in row
              ? { label: `${String(row.horario).padStart(2, '0')}:00`, value: row.total }
              : { label: row.data, value: row.total }
          }
        />
      </div>
    </div>
  );
}
