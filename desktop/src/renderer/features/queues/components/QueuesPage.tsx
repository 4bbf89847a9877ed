import type { Queue } from '@atendo/shared';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
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

  return (
    <div className={styles.page}>
      <PageHeader title={t('queues.title')}>
        <AddButton onClick={editor.create}>{t('queues.add')}</AddButton>
      </PageHeader>
      <ListCard>
        <Table aria-label={t('queues.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.idColumn}>{t('queues.columns.id')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.color')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.orderQueue')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.greetingMessage')}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {queues.map((queue) => (
              <TableRow key={queue.id}>
                <TableCell>{queue.id}</TableCell>
                <TableCell>{queue.name}</TableCell>
                <TableCell>
                  <TableCellLayout media={<span className={styles.swatch} style={{ backgroundColor: queue.color }} />}>
                    {queue.color}
                  </TableCellLayout>
                </TableCell>
                <TableCell>{queue.orderQueue ?? '—'}</TableCell>
                <TableCell>
                  <span className={styles.greeting} title={queue.greetingMessage}>
                    {queue.greetingMessage}
                  </span>
                </TableCell>
                <TableCell>
                  <RowActions
                    editLabel={t('queues.editNamed', { name: queue.name })}
                    deleteLabel={t('queues.deleteNamed', { name: queue.name })}
                    onEdit={() => editor.edit(queue)}
                    onDelete={() => deletion.ask(queue)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
