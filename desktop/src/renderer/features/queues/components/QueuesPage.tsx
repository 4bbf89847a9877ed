import type { Queue } from '@atendo/shared';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import {
  Button,
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
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { useDeleteQueueMutation, useListQueuesQuery } from '../queues.api';
import { QueueModal } from './QueueModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    overflowX: 'auto',
  },
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
  actionsColumn: { width: '110px' },
});

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; queue: Queue };

export function QueuesPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { data: queues = [], isLoading, error } = useListQueuesQuery();
  const [deleteQueue, { isLoading: deleting }] = useDeleteQueueMutation();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Queue | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteQueue(toDelete.id).unwrap();
      notify.success(t('queues.deleted'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setToDelete(null);
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('queues.title')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setModal({ mode: 'create' })}>
          {t('queues.add')}
        </Button>
      </PageHeader>
      <div className={styles.card}>
        <Table aria-label={t('queues.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.idColumn}>{t('queues.columns.id')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.color')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.orderQueue')}</TableHeaderCell>
              <TableHeaderCell>{t('queues.columns.greetingMessage')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionsColumn}>{t('common.actions')}</TableHeaderCell>
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
                    onEdit={() => setModal({ mode: 'edit', queue })}
                    onDelete={() => setToDelete(queue)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isLoading} error={error} empty={queues.length === 0 && t('queues.empty')} />
      </div>
      {modal.mode !== 'closed' && (
        <QueueModal queue={modal.mode === 'edit' ? modal.queue : null} onClose={() => setModal({ mode: 'closed' })} />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('queues.deleteTitle', { name: toDelete?.name ?? '' })}
        message={t('queues.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
