import { type Announcement, type AnnouncementsPage as Page, can } from '@atendo/shared';
import {
  Badge,
  Link,
  makeStyles,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { useDeleteConfirmation, useEditDialog, useInfiniteRows, useListSearch } from '../../../components/list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListScroller, SearchField } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { selectSessionUser } from '../../auth/auth.slice';
import { absoluteMediaUrl, useBaseUrl } from '../../tickets/media';
import { useDeleteAnnouncementMutation, useListAnnouncementsInfiniteQuery } from '../announcements.api';
import { PRIORITY_BADGE, PRIORITY_KEY } from '../priority';
import { AnnouncementModal } from './AnnouncementModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minHeight: 0, flexGrow: 1 },
});

const recordsOf = (page: Page) => page.records;

/** Spec 2 §6 and §8: super users only; anyone else is told so and sent home. */
export function AnnouncementsPage() {
  const user = useAppSelector(selectSessionUser);
  const { t } = useTranslation();
  const notify = useNotify();
  const allowed = can(user, 'announcements:manage');
  useEffect(() => {
    if (user && !allowed) notify.info(t('announcements.superOnly'));
  }, [user, allowed, notify, t]);
  if (!allowed) return <Navigate to="/" replace />;
  return <AnnouncementsList />;
}

function AnnouncementsList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const base = useBaseUrl();
  const { search, setSearch, searchParam } = useListSearch();
  const query = useListAnnouncementsInfiniteQuery(searchParam);
  const { error, isLoading, isFetching, hasNextPage } = query;
  const { rows: records, scrollerProps } = useInfiniteRows(query, recordsOf);
  const editor = useEditDialog<Announcement>();
  const deletion = useDeleteConfirmation<Announcement>(useDeleteAnnouncementMutation(), t('announcements.deleted'));
  const columns = {
    title: t('announcements.fields.title'),
    priority: t('announcements.fields.priority'),
    attachment: t('announcements.fields.attachment'),
    status: t('announcements.columns.status'),
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('announcements.title')}>
        <SearchField value={search} onChange={setSearch} />
        <AddButton onClick={editor.create}>{t('announcements.add')}</AddButton>
      </PageHeader>
      <ListScroller layout="page" {...scrollerProps}>
        <ResponsiveTable aria-label={t('announcements.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{columns.title}</TableHeaderCell>
              <TableHeaderCell>{columns.priority}</TableHeaderCell>
              <TableHeaderCell>{columns.attachment}</TableHeaderCell>
              <TableHeaderCell>{columns.status}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {records.map((announcement) => (
              <ResponsiveRow key={announcement.id}>
                <ResponsiveCell label={columns.title}>{announcement.title}</ResponsiveCell>
                <ResponsiveCell label={columns.priority}>
                  <Badge appearance="tint" color={PRIORITY_BADGE[announcement.priority]}>
                    {t(PRIORITY_KEY[announcement.priority])}
                  </Badge>
                </ResponsiveCell>
                <ResponsiveCell label={columns.attachment}>
                  {announcement.mediaPath ? (
                    <Link href={absoluteMediaUrl(announcement.mediaPath, base)} target="_blank" rel="noreferrer">
                      {announcement.mediaName}
                    </Link>
                  ) : (
                    t('announcements.noAttachment')
                  )}
                </ResponsiveCell>
                <ResponsiveCell label={columns.status}>
                  <Badge appearance="outline" color={announcement.status ? 'success' : 'subtle'}>
                    {announcement.status ? t('announcements.active') : t('announcements.inactive')}
                  </Badge>
                </ResponsiveCell>
                <ResponsiveCell>
                  <RowActions
                    editLabel={t('announcements.editNamed', { title: announcement.title })}
                    deleteLabel={t('announcements.deleteNamed', { title: announcement.title })}
                    onEdit={() => editor.edit(announcement)}
                    onDelete={() => deletion.ask(announcement)}
                  />
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
        <ListStatus
          loading={isLoading || (isFetching && hasNextPage)}
          error={error}
          empty={records.length === 0 && t('announcements.empty')}
        />
      </ListScroller>
      {editor.open && <AnnouncementModal announcement={editor.record} onClose={editor.close} />}
      <DeleteDialog
        deletion={deletion}
        title={t('announcements.deleteTitle', { title: deletion.target?.title ?? '' })}
        message={t('announcements.deleteMessage')}
      />
    </div>
  );
}
