import type { Campaign, CampaignsPage as Page } from '@atendo/shared';
import { Button, Caption1, makeStyles, ProgressBar, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DataBarVerticalRegular, StopRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router';
import { errorText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { campaignRowActions, listProgress } from '../campaign-rules';
import {
  useCancelCampaignMutation,
  useDeleteCampaignMutation,
  usePageCampaignsInfiniteQuery,
  useRestartCampaignMutation,
} from '../campaigns.api';
import { CampaignModal } from './CampaignModal';
import { CampaignStatusBadge, dateTimeText } from './CampaignStatusBadge';

const useStyles = makeStyles({
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  progress: { width: '100%', maxWidth: '120px' },
  figure: { color: tokens.colorNeutralForeground3 },
});

const campaignsOf = (page: Page) => page.records;

/** Status, and while the campaign runs how far it got: sent over valid contacts. */
function StatusCell({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const progress = listProgress(campaign);
  return (
    <div className={styles.status}>
      <CampaignStatusBadge status={campaign.status} />
      {progress && (
        <>
          <ProgressBar className={styles.progress} value={progress.ratio} thickness="medium" />
          <Caption1 className={styles.figure}>
            {t('campaigns.progress', { sent: progress.done, valid: progress.of })}
          </Caption1>
        </>
      )}
    </div>
  );
}

/** The row's own buttons: stop or restart as its status allows (spec §4), and its report. */
function CampaignTools({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [cancel, cancelling] = useCancelCampaignMutation();
  const [restart, restarting] = useRestartCampaignMutation();
  const allowed = campaignRowActions(campaign.status);
  // Spec §8: a refused stop or restart shows the server's reason as a toast.
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(done);
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };
  return (
    <>
      {allowed.cancel && (
        <Button
          appearance="subtle"
          icon={<StopRegular />}
          aria-label={t('campaigns.cancelNamed', { name: campaign.name })}
          disabled={cancelling.isLoading}
          onClick={() => void run(() => cancel(campaign.id).unwrap(), t('campaigns.cancelled'))}
        />
      )}
      {allowed.restart && (
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          aria-label={t('campaigns.restartNamed', { name: campaign.name })}
          disabled={restarting.isLoading}
          onClick={() => void run(() => restart(campaign.id).unwrap(), t('campaigns.restarted'))}
        />
      )}
      <ReportLink campaign={campaign} />
    </>
  );
}

/** The report, as a link: it opens in place, or in a new window with the browser's own gestures. */
function ReportLink({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const to = `/campaign/${campaign.id}/report`;
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      as="a"
      href={href}
      onClick={onClick}
      appearance="subtle"
      icon={<DataBarVerticalRegular />}
      aria-label={t('campaigns.reportNamed', { name: campaign.name })}
    />
  );
}

/** /campaigns: the company's campaigns, newest first, with their progress while they run. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const columns: ListColumn<Campaign>[] = [
    { key: 'name', label: t('campaigns.columns.name'), cell: (campaign) => campaign.name },
    {
      key: 'status',
      label: t('campaigns.columns.status'),
      width: '150px',
      cell: (campaign) => <StatusCell campaign={campaign} />,
    },
    {
      key: 'audience',
      label: t('campaigns.columns.contactList'),
      cell: (campaign) =>
        campaign.contactList?.name ?? (campaign.tag ? t('campaigns.tagAudience', { name: campaign.tag.name }) : '—'),
    },
    { key: 'connection', label: t('campaigns.columns.connection'), cell: (campaign) => campaign.whatsapp?.name ?? '—' },
    {
      key: 'scheduledAt',
      label: t('campaigns.columns.scheduledAt'),
      width: '150px',
      cell: (campaign) => dateTimeText(campaign.scheduledAt),
    },
    {
      key: 'completedAt',
      label: t('campaigns.columns.completedAt'),
      width: '150px',
      cell: (campaign) => dateTimeText(campaign.completedAt),
    },
  ];
  return (
    <ListPage
      title={t('campaigns.title')}
      layout="page"
      useQuery={usePageCampaignsInfiniteQuery}
      rowsOf={campaignsOf}
      columns={columns}
      rowProps={(campaign) => ({ 'data-status': campaign.status })}
      addLabel={t('campaigns.add')}
      dialog={(campaign, close) => <CampaignModal campaign={campaign} onClose={close} />}
      rowTools={(campaign) => <CampaignTools campaign={campaign} />}
      actionsWidth="170px"
      edit={{ label: (campaign) => t('campaigns.editNamed', { name: campaign.name }) }}
      remove={{
        useMutation: useDeleteCampaignMutation,
        label: (campaign) => t('campaigns.deleteNamed', { name: campaign.name }),
        disabled: (campaign) => !campaignRowActions(campaign.status).deletable,
        title: (campaign) => t('campaigns.deleteTitle', { name: campaign.name }),
        message: t('campaigns.deleteMessage'),
        deleted: t('campaigns.deleted'),
      }}
      empty={t('campaigns.empty')}
      noMatches={t('campaigns.noMatches')}
    />
  );
}
