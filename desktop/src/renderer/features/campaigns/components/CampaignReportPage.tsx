import type { CampaignPacing, CampaignReport, CampaignTotals } from '@atendo/shared';
import {
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Subtitle2,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../app/errors';
import { formatTime } from '../../../app/format';
import { useCompanyEvent } from '../../../app/socket';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { AppLink } from '../../../components/AppLink';
import { PHONE_MEDIA } from '../../../components/breakpoints';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { percentOf, reportProgress } from '../campaign-rules';
import { campaignsApi, useGetCampaignReportQuery } from '../campaigns.api';
import { finishReload, type FinishReload } from '../report-reload';
import { CampaignStatusBadge, dateTimeText } from './CampaignStatusBadge';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  progressLine: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  heading: { margin: 0 },
  // Eight figures: four a row on a wide screen, two on a phone.
  figures: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    [PHONE_MEDIA]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  label: { color: tokens.colorNeutralForeground3 },
  value: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  details: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))',
    alignItems: 'start',
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, auto) 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  paused: { color: tokens.colorPaletteDarkOrangeForeground1 },
  failures: { overflowX: 'auto' },
});

/** While a campaign runs, its pacing and failures are asked again this often (its counts come live). */
const RUNNING_POLL_MS = 15_000;

const FIGURES: (keyof CampaignTotals)[] = [
  'valid',
  'sent',
  'delivered',
  'read',
  'failed',
  'invalid',
  'awaitingConfirmation',
  'pending',
];

/** The clock, ticking each second while `active`: the countdown to the next send. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** What the connection's pacing is doing: the next send or why it waits, and the day's sends. */
function PacingPanel({ pacing, running }: { pacing: CampaignPacing; running: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const next = running && !pacing.pausedReason && pacing.nextSendAt ? new Date(pacing.nextSendAt).getTime() : null;
  const now = useNow(next !== null);
  const seconds = next === null ? 0 : Math.max(0, Math.ceil((next - now) / 1000));
  return (
    <Card className={styles.section}>
      <Subtitle2 as="h2" className={styles.heading}>
        {t('campaigns.report.pacing')}
      </Subtitle2>
      <dl className={styles.facts}>
        {running && pacing.pausedReason && (
          <>
            <dt>{t('campaigns.report.pausedLabel')}</dt>
            <dd className={styles.paused}>
              {t(`campaigns.report.paused.${pacing.pausedReason}`)}
              {pacing.pausedUntil && ` ${t('campaigns.report.until', { when: dateTimeText(pacing.pausedUntil) })}`}
            </dd>
          </>
        )}
        {next !== null && (
          <>
            <dt>{t('campaigns.report.nextSend')}</dt>
            <dd>
              {seconds > 0
                ? t('campaigns.report.nextSendAt', { time: formatTime(new Date(next)), seconds })
                : t('campaigns.report.nextSendNow')}
            </dd>
          </>
        )}
        <dt>{t('campaigns.report.sentToday')}</dt>
        <dd>{t('campaigns.report.sentTodayOf', { sent: pacing.sentToday, limit: pacing.dailyLimit })}</dd>
      </dl>
    </Card>
  );
}

function FailuresTable({ report }: { report: CampaignReport }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const columns = {
    number: t('campaigns.report.failureColumns.number'),
    name: t('campaigns.report.failureColumns.name'),
    reason: t('campaigns.report.failureColumns.reason'),
    at: t('campaigns.report.failureColumns.at'),
  };
  // Reasons are error codes: a known one is translated, another shown as the server wrote it.
  const reasonText = (reason: string) => (i18n.exists(`errors.${reason}`) ? t(`errors.${reason}`) : reason);
  return (
    <Card className={styles.section}>
      <Subtitle2 as="h2" className={styles.heading}>
        {t('campaigns.report.failures')}
      </Subtitle2>
      {report.failures.length === 0 ? (
        <Text>{t('campaigns.report.noFailures')}</Text>
      ) : (
        <div className={styles.failures}>
          <ResponsiveTable aria-label={t('campaigns.report.failures')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{columns.number}</TableHeaderCell>
                <TableHeaderCell>{columns.name}</TableHeaderCell>
                <TableHeaderCell>{columns.reason}</TableHeaderCell>
                <TableHeaderCell style={{ width: '150px' }}>{columns.at}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.failures.map((failure, index) => (
                <ResponsiveRow key={`${failure.number}-${failure.at}-${index}`}>
                  <ResponsiveCell label={columns.number}>{failure.number}</ResponsiveCell>
                  <ResponsiveCell label={columns.name}>{failure.name || '—'}</ResponsiveCell>
                  <ResponsiveCell label={columns.reason}>{reasonText(failure.reason)}</ResponsiveCell>
                  <ResponsiveCell label={columns.at}>{dateTimeText(failure.at)}</ResponsiveCell>
                </ResponsiveRow>
              ))}
            </TableBody>
          </ResponsiveTable>
        </div>
      )}
    </Card>
  );
}

function ReportView({ report }: { report: CampaignReport }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { campaign, totals, pacing } = report;
  const progress = reportProgress(totals);
  const running = campaign.status === 'EM_ANDAMENTO';
  const audience =
    campaign.contactList?.name ?? (campaign.tag ? t('campaigns.tagAudience', { name: campaign.tag.name }) : '—');
  return (
    <>
      <Card className={styles.section}>
        <div className={styles.progressLine}>
          <Subtitle2 as="h2" className={styles.heading}>
            {t('campaigns.report.progress')}
          </Subtitle2>
          <Text>
            {t('campaigns.report.progressFigure', {
              percent: percentOf(progress),
              done: progress.done,
              of: progress.of,
            })}
          </Text>
        </div>
        <ProgressBar
          value={progress.ratio}
          thickness="large"
          color={campaign.status === 'FINALIZADA' ? 'success' : 'brand'}
          aria-label={t('campaigns.report.progress')}
        />
      </Card>
      <div className={styles.figures}>
        {FIGURES.map((key) => (
          <Card key={key} className={styles.figure} data-figure={key}>
            <Text className={styles.label}>{t(`campaigns.report.figures.${key}`)}</Text>
            <Text className={styles.value}>{totals[key]}</Text>
          </Card>
        ))}
      </div>
      <div className={styles.details}>
        <Card className={styles.section}>
          <Subtitle2 as="h2" className={styles.heading}>
            {t('campaigns.report.details')}
          </Subtitle2>
          <dl className={styles.facts}>
            <dt>{t('campaigns.columns.status')}</dt>
            <dd>
              <CampaignStatusBadge status={campaign.status} />
            </dd>
            <dt>{t('campaigns.columns.connection')}</dt>
            <dd>{campaign.whatsapp?.name ?? '—'}</dd>
            <dt>{t('campaigns.columns.contactList')}</dt>
            <dd>{audience}</dd>
            <dt>{t('campaigns.columns.scheduledAt')}</dt>
            <dd>{dateTimeText(campaign.scheduledAt)}</dd>
            <dt>{t('campaigns.columns.completedAt')}</dt>
            <dd>{dateTimeText(campaign.completedAt)}</dd>
          </dl>
        </Card>
        {pacing && <PacingPanel pacing={pacing} running={running} />}
      </div>
      <FailuresTable report={report} />
    </>
  );
}

/**
 * /campaign/:campaignId/report: how far the campaign got, contact by contact counted, with the
 * connection's pacing and the latest failures. Its counts follow the campaign's live updates; once
 * it is announced finished, the whole report loads again 5 s later (spec §4).
 */
export function CampaignReportPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const campaignId = Number(useParams().campaignId);
  const valid = Number.isInteger(campaignId) && campaignId > 0;
  const status = useAppSelector((state) => campaignsApi.endpoints.getCampaignReport.select(campaignId)(state).data)
    ?.campaign.status;
  const report = useGetCampaignReportQuery(campaignId, {
    skip: !valid,
    refetchOnMountOrArgChange: true,
    pollingInterval: status === 'EM_ANDAMENTO' ? RUNNING_POLL_MS : 0,
  });

  const refetch = useRef(report.refetch);
  useEffect(() => {
    refetch.current = report.refetch;
  });
  const reloader = useRef<FinishReload | null>(null);
  useEffect(() => {
    const created = finishReload(campaignId, () => void refetch.current());
    reloader.current = created;
    return created.stop;
  }, [campaignId]);
  useCompanyEvent('campaign', (event) => {
    reloader.current?.heard(event);
    if (event.action === 'delete' && event.id === campaignId) {
      notify.info(t('campaigns.report.deleted'));
      void navigate('/campaigns', { replace: true });
    }
  });

  const name = report.data?.campaign.name;
  return (
    <div className={styles.page}>
      <PageHeader title={name ? t('campaigns.report.titleNamed', { name }) : t('campaigns.report.title')}>
        <AppLink to="/campaigns">{t('campaigns.report.back')}</AppLink>
      </PageHeader>
      {valid && report.data ? (
        <ReportView report={report.data} />
      ) : !valid || report.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{valid ? errorText(i18n, report.error) : t('errors.ERR_NO_CAMPAIGN_FOUND')}</MessageBarBody>
          {valid && (
            <MessageBarActions>
              <Button onClick={() => void report.refetch()}>{t('common.retry')}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      ) : (
        <div className={styles.center}>
          <Spinner label={t('common.loading')} />
        </div>
      )}
    </div>
  );
}
