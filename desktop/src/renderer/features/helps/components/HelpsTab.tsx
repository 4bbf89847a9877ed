import type { Help } from '@atendo/shared';
import {
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
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
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { useDeleteHelpMutation, useListHelpsQuery } from '../helps.api';
import { HelpModal } from './HelpModal';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    overflowX: 'auto',
  },
  ellipsis: {
    display: 'block',
    maxWidth: '420px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  actionsColumn: { width: '110px' },
});

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; help: Help };

/** Settings, super-admin only: the platform's help videos that every company sees on /helps. */
export function HelpsTab() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { data: helps = [], isLoading, error } = useListHelpsQuery();
  const [deleteHelp, { isLoading: deleting }] = useDeleteHelpMutation();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Help | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteHelp(toDelete.id).unwrap();
      notify.success(t('helps.deleted'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setToDelete(null);
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setModal({ mode: 'create' })}>
          {t('helps.add')}
        </Button>
      </div>
      <div className={styles.card}>
        <Table aria-label={t('helps.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('helps.fields.title')}</TableHeaderCell>
              <TableHeaderCell>{t('helps.fields.video')}</TableHeaderCell>
              <TableHeaderCell>{t('helps.fields.description')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionsColumn}>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {helps.map((help) => (
              <TableRow key={help.id}>
                <TableCell>{help.title}</TableCell>
                <TableCell>{help.video}</TableCell>
                <TableCell>
                  <span className={styles.ellipsis} title={help.description}>
                    {help.description}
                  </span>
                </TableCell>
                <TableCell>
                  <RowActions
                    editLabel={t('helps.editNamed', { title: help.title })}
                    deleteLabel={t('helps.deleteNamed', { title: help.title })}
                    onEdit={() => setModal({ mode: 'edit', help })}
                    onDelete={() => setToDelete(help)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isLoading} error={error} empty={helps.length === 0 && t('helps.empty')} />
      </div>
      {modal.mode !== 'closed' && (
        <HelpModal help={modal.mode === 'edit' ? modal.help : null} onClose={() => setModal({ mode: 'closed' })} />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('helps.deleteTitle', { title: toDelete?.title ?? '' })}
        message={t('helps.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
