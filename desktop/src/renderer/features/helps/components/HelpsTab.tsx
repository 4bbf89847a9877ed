import type { Help } from '@atendo/shared';
import { makeStyles, TableBody, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirmation, useEditDialog } from '../../../components/list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListCard } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { useDeleteHelpMutation, useListHelpsQuery } from '../helps.api';
import { HelpModal } from './HelpModal';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  ellipsis: {
    display: 'block',
    maxWidth: '420px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
});

/** Settings, super-admin only: the platform's help videos that every company sees on /helps. */
export function HelpsTab() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: helps = [], isLoading, error } = useListHelpsQuery();
  const editor = useEditDialog<Help>();
  const deletion = useDeleteConfirmation<Help>(useDeleteHelpMutation(), t('helps.deleted'));
  const columns = {
    title: t('helps.fields.title'),
    video: t('helps.fields.video'),
    description: t('helps.fields.description'),
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <AddButton onClick={editor.create}>{t('helps.add')}</AddButton>
      </div>
      <ListCard>
        <ResponsiveTable aria-label={t('helps.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{columns.title}</TableHeaderCell>
              <TableHeaderCell>{columns.video}</TableHeaderCell>
              <TableHeaderCell>{columns.description}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {helps.map((help) => (
              <ResponsiveRow key={help.id}>
                <ResponsiveCell label={columns.title}>{help.title}</ResponsiveCell>
                <ResponsiveCell label={columns.video}>{help.video}</ResponsiveCell>
                <ResponsiveCell label={columns.description}>
                  <span className={styles.ellipsis} title={help.description}>
                    {help.description}
                  </span>
                </ResponsiveCell>
                <ResponsiveCell>
                  <RowActions
                    editLabel={t('helps.editNamed', { title: help.title })}
                    deleteLabel={t('helps.deleteNamed', { title: help.title })}
                    onEdit={() => editor.edit(help)}
                    onDelete={() => deletion.ask(help)}
                  />
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
        <ListStatus loading={isLoading} error={error} empty={helps.length === 0 && t('helps.empty')} />
      </ListCard>
      {editor.open && <HelpModal help={editor.record} onClose={editor.close} />}
      <DeleteDialog
        deletion={deletion}
        title={t('helps.deleteTitle', { title: deletion.target?.title ?? '' })}
        message={t('helps.deleteMessage')}
      />
    </div>
  );
}
