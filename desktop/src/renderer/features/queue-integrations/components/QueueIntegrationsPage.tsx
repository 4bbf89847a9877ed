import type { QueueIntegration, QueueIntegrationsPage as Page } from '@atendo/shared';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { useDeleteQueueIntegrationMutation, usePageQueueIntegrationsInfiniteQuery } from '../queue-integrations.api';
import { IntegrationTypeBadge } from './IntegrationTypeBadge';
import { QueueIntegrationModal } from './QueueIntegrationModal';

const integrationsOf = (page: Page) => page.queueIntegrations;

/**
 * /queue-integration: what runs a queue's (or a connection's) conversations besides people, a
 * webhook, n8n, Typebot, Dialogflow or a flow; its admins keep them (spec 2 §2).
 */
export function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const columns: ListColumn<QueueIntegration>[] = [
    {
      key: 'type',
      label: t('queueIntegrations.columns.type'),
      width: '72px',
      cell: (integration) => <IntegrationTypeBadge type={integration.type} />,
    },
    { key: 'id', label: t('queueIntegrations.columns.id'), width: '88px', cell: (integration) => integration.id },
    { key: 'name', label: t('queueIntegrations.columns.name'), cell: (integration) => integration.name },
  ];
  return (
    <ListPage
      title={t('queueIntegrations.title')}
      layout="page"
      useQuery={usePageQueueIntegrationsInfiniteQuery}
      rowsOf={integrationsOf}
      columns={columns}
      addLabel={t('queueIntegrations.add')}
      dialog={(integration, close) => <QueueIntegrationModal integration={integration} onClose={close} />}
      edit={{
        label: (integration) => t('queueIntegrations.editNamed', { name: integration.name }),
        permission: 'integrations:manage',
      }}
      remove={{
        useMutation: useDeleteQueueIntegrationMutation,
        permission: 'integrations:manage',
        label: (integration) => t('queueIntegrations.deleteNamed', { name: integration.name }),
        title: (integration) => t('queueIntegrations.deleteTitle', { name: integration.name }),
        message: t('queueIntegrations.deleteMessage'),
        deleted: t('queueIntegrations.deleted'),
      }}
      empty={t('queueIntegrations.empty')}
      noMatches={t('queueIntegrations.noMatches')}
    />
  );
}
