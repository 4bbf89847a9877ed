import type { Queue } from '@atendo/shared';
import { makeStyles, TableCellLayout, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage, wholeList } from '../../../components/ListPage';
import { useDeleteQueueMutation, useListQueuesQuery } from '../queues.api';
import { QueueModal } from './QueueModal';

const useStyles = makeStyles({
  swatch: {
    display: 'inline-block',
    width: '28px',
    height: '18px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    verticalAlign: 'middle',
  },
  greeting: {
    display: 'block',
    maxWidth: '360px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
});

/** The company's queues come whole, in their order: a short list. */
const useQueues = () => wholeList<Queue>(useListQueuesQuery());
const queuesOf = (queues: Queue[]) => queues;

export function QueuesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const columns: ListColumn<Queue>[] = [
    { key: 'id', label: t('queues.columns.id'), cell: (queue) => queue.id, width: '70px' },
    { key: 'name', label: t('queues.columns.name'), cell: (queue) => queue.name },
    {
      key: 'color',
      label: t('queues.columns.color'),
      cell: (queue) => (
        <TableCellLayout media={<span className={styles.swatch} style={{ backgroundColor: queue.color }} />}>
          {queue.color}
        </TableCellLayout>
      ),
    },
    { key: 'orderQueue', label: t('queues.columns.orderQueue'), cell: (queue) => queue.orderQueue ?? '—' },
    {
      key: 'greetingMessage',
      label: t('queues.columns.greetingMessage'),
      cell: (queue) => (
        <span className={styles.greeting} title={queue.greetingMessage}>
          {queue.greetingMessage}
        </span>
      ),
    },
  ];
  return (
    <ListPage
      title={t('queues.title')}
      layout="page"
      useQuery={useQueues}
      rowsOf={queuesOf}
      columns={columns}
      searchable={false}
      addLabel={t('queues.add')}
      dialog={(queue, close) => <QueueModal queue={queue} onClose={close} />}
      edit={{ label: (queue) => t('queues.editNamed', { name: queue.name }) }}
      remove={{
        useMutation: useDeleteQueueMutation,
        label: (queue) => t('queues.deleteNamed', { name: queue.name }),
        title: (queue) => t('queues.deleteTitle', { name: queue.name }),
        message: t('queues.deleteMessage'),
        deleted: t('queues.deleted'),
      }}
      empty={t('queues.empty')}
    />
  );
}
