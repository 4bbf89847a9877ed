import type { Queue } from '@atendo/shared';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import {
  makeStyles,
  TableBody,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirmation, useEditDialog } from '../../../components/list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListCard } from '../../../components/ListFrame';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { useDeleteQueueMutation, useListQueuesQuery } from '../queues.api';
import { QueueModal } from './QueueModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
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
  idColumn: { width: '70px' },
});

export function QueuesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: queues = [], isLoading, error } = useListQueuesQuery();
  const editor = useEditDialog<Queue>();
  const deletion = useDeleteConfirmation<Queue>(useDeleteQueueMutation(), t('queues.deleted'));
  const columns = {
    id: t('queues.columns.id'),
    name: t('queues.columns.name'),
    color: t('queues.columns.color'),
    orderQueue: t('queues.columns.orderQueue'),
    greetingMessage: t('queues.columns.greetingMessage'),
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('queues.title')}>
        <AddButton onClick={editor.create}>{t('queues.add')}</AddButton>
      </PageHeader>
      <ListCard>
        <ResponsiveTable aria-label={t('queues.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.idColumn}>{columns.id}</TableHeaderCell>
              <TableHeaderCell>{columns.name}</TableHeaderCell>
              <TableHeaderCell>{columns.color}</TableHeaderCell>
              <TableHeaderCell>{columns.orderQueue}</TableHeaderCell>
              <TableHeaderCell>{columns.greetingMessage}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {queues.map((queue) => (
              <ResponsiveRow key={queue.id}>
                <ResponsiveCell label={columns.id}>{queue.id}</ResponsiveCell>
                <ResponsiveCell label={columns.name}>{queue.name}</ResponsiveCell>
                <ResponsiveCell label={columns.color}>
                  <TableCellLayout media={<span className={styles.swatch} style={{ backgroundColor: queue.color }} />}>
                    {queue.color}
                  </TableCellLayout>
                </ResponsiveCell>
                <ResponsiveCell label={columns.orderQueue}>{queue.orderQueue ?? '—'}</ResponsiveCell>
                <ResponsiveCell label={columns.greetingMessage}>
                  <span className={styles.greeting} title={queue.greetingMessage}>
                    {queue.greetingMessage}
                  </span>
                </ResponsiveCell>
                <ResponsiveCell>
                  <RowActions
                    editLabel={t('queues.editNamed', { name: queue.name })}
                    deleteLabel={t('queues.deleteNamed', { name: queue.name })}
                    onEdit={() => editor.edit(queue)}
                    onDelete={() => deletion.ask(queue)}
                  />
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
        <ListStatus loading={isLoading} error={error} empty={queues.length === 0 && t('queues.empty')} />
      </ListCard>
      {editor.open && <QueueModal queue={editor.record} onClose={editor.close} />}
      <DeleteDialog
        deletion={deletion}
        title={t('queues.deleteTitle', { name: deletion.target?.name ?? '' })}
        message={t('queues.deleteMessage')}
      />
    </div>
  );
}
