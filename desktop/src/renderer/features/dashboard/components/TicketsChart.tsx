import { dashboardChartQuerySchema, type DashboardChart, type DashboardChartQuery } from '@atendo/shared';
import { VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import {
  Button,
  Caption1,
  Card,
  CardHeader,
  Field,
  Input,
  makeStyles,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { FilterRegular } from '@fluentui/react-icons';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { viewerTimeZone } from '../dashboard.api';
import { monthSoFar } from '../dashboard.format';

const useStyles = makeStyles({
  card: { minWidth: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  chart: { minHeight: '320px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  empty: { color: tokens.colorNeutralForeground3 },
});

export interface ChartBar {
  label: string;
  value: number;
}

interface ChartQueryState<T> {
  data?: DashboardChart<T>;
  isFetching: boolean;
  error?: FetchBaseQueryError | SerializedError;
}

interface TicketsChartProps<T> {
  title: string;
  /** The toast for a failed fetch (spec §8: one per chart). */
  errorKey: string;
  /** The chart's own query hook, given the dates this card applied. */
  useData: (query: DashboardChartQuery) => ChartQueryState<T>;
  toBar: (row: T) => ChartBar;
}

/** One bar chart of spec §2 with its own start and end dates and filter button. */
export function TicketsChart<T>({ title, errorKey, useData, toBar }: TicketsChartProps<T>) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const id = useId();
  const [dates, setDates] = useState(monthSoFar);
  const [applied, setApplied] = useState<DashboardChartQuery>(() => ({
    initialDate: dates.from,
    finalDate: dates.to,
    timezone: viewerTimeZone(),
  }));
  const { data, isFetching, error } = useData(applied);

  useEffect(() => {
    if (error) notify.error(t(errorKey));
  }, [error, errorKey, notify, t]);

  const apply = () => {
    const query = { initialDate: dates.from, finalDate: dates.to, timezone: viewerTimeZone() };
    try {
      setApplied(dashboardChartQuerySchema.validateSync(query, { abortEarly: true, stripUnknown: true }));
    } catch (failure) {
      if (failure instanceof ValidationError) notify.error(validationText(i18n, failure.message) ?? t(errorKey));
    }
  };

  const bars: VerticalBarChartDataPoint[] = (data?.data ?? []).map((row) => {
    const { label, value } = toBar(row);
    return { x: label, y: value, legend: label, color: tokens.colorBrandBackground };
  });

  return (
    <Card className={styles.card} aria-labelledby={`${id}-title`}>
      <CardHeader
        header={
          <Subtitle2 as="h2" id={`${id}-title`}>
            {title}
          </Subtitle2>
        }
        description={<Caption1>{t('dashboard.charts.total', { count: data?.count ?? 0 })}</Caption1>}
      />
      <div className={styles.filters}>
        <Field label={t('dashboard.charts.from')}>
          <Input
            type="date"
            value={dates.from}
            onChange={(_, { value }) => setDates((current) => ({ ...current, from: value }))}
          />
        </Field>
        <Field label={t('dashboard.charts.to')}>
          <Input
            type="date"
            value={dates.to}
            onChange={(_, { value }) => setDates((current) => ({ ...current, to: value }))}
          />
        </Field>
        <Button icon={<FilterRegular />} onClick={apply}>
          {t('dashboard.filter')}
        </Button>
      </div>
      <div className={styles.chart}>
        {isFetching && !data ? (
          <Spinner label={t('common.loading')} />
        ) : data?.count === 0 ? (
          // A chart of nothing but zero bars (or none) reads as broken; say why it is empty.
          <Text className={styles.empty}>{t('dashboard.charts.empty')}</Text>
        ) : (
          <VerticalBarChart
            data={bars}
            height={320}
            hideLegend
            barWidth="auto"
            maxBarWidth={48}
            yAxisTickCount={5}
            wrapXAxisLables
            yAxisTitle={t('dashboard.charts.tickets')}
          />
        )}
      </div>
    </Card>
  );
}
