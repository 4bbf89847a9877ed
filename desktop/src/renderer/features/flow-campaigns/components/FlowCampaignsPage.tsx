import type { FlowCampaign } from '@atendo/shared';
import { Badge, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage, wholeList } from '../../../components/ListPage';
import { useDeleteFlowCampaignMutation, useListFlowCampaignsQuery } from '../flow-campaigns.api';
import { FlowCampaignModal } from './FlowCampaignModal';

const useStyles = makeStyles({
  phrase: {
    display: 'block',
    maxWidth: '320px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
});

/** The company's phrase campaigns come whole: a short list. */
const useFlowCampaigns = () => wholeList<FlowCampaign>(useListFlowCampaignsQuery());
const campaignsOf = (campaigns: FlowCampaign[]) => campaigns;

/**
 * /phrase-lists: the phrases that start a flow when a customer writes one on a connection, each
 * active or not (spec 2, Flow campaigns).
 */
export function FlowCampaignsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const columns: ListColumn<FlowCampaign>[] = [
    { key: 'name', label: t('flowCampaigns.columns.name'), cell: (campaign) => campaign.name },
    { key: 'flow', label: t('flowCampaigns.columns.flow'), cell: (campaign) => campaign.flow?.name ?? '—' },
    {
      key: 'connection',
      label: t('flowCampaigns.columns.connection'),
      cell: (campaign) => campaign.whatsapp?.name ?? '—',
    },
    {
      key: 'phrase',
      label: t('flowCampaigns.columns.phrase'),
      cell: (campaign) => (
        <span className={styles.phrase} title={campaign.phrase}>
          {campaign.phrase}
        </span>
      ),
    },
    {
      key: 'status',
      label: t('flowCampaigns.columns.status'),
      width: '130px',
      cell: (campaign) =>
        campaign.status ? (
          <Badge appearance="tint" color="success">
            {t('flowCampaigns.status.active')}
          </Badge>
        ) : (
          <Badge appearance="tint" color="subtle">
            {t('flowCampaigns.status.inactive')}
          </Badge>
        ),
    },
  ];
  return (
    <ListPage
      title={t('flowCampaigns.title')}
      layout="page"
      useQuery={useFlowCampaigns}
      rowsOf={campaignsOf}
      columns={columns}
      rowProps={(campaign) => ({ 'data-status': campaign.status ? 'active' : 'inactive' })}
      searchable={false}
      addLabel={t('flowCampaigns.add')}
      dialog={(campaign, close) => <FlowCampaignModal campaign={campaign} onClose={close} />}
      edit={{ label: (campaign) => t('flowCampaigns.editNamed', { name: campaign.name }), permission: 'flows:manage' }}
      remove={{
        useMutation: useDeleteFlowCampaignMutation,
        permission: 'flows:manage',
        label: (campaign) => t('flowCampaigns.deleteNamed', { name: campaign.name }),
        title: (campaign) => t('flowCampaigns.deleteTitle', { name: campaign.name }),
        message: t('flowCampaigns.deleteMessage'),
        deleted: t('flowCampaigns.deleted'),
      }}
      empty={t('flowCampaigns.empty')}
    />
  );
}
