import type { Announcement } from '@atendo/shared';
import {
  Badge,
  Button,
  Field,
  Link,
  makeStyles,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorText } from '../../../app/errors';
import { useDebouncedValue } from '../../../app/hooks';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStatus } from '../../../components/ListStatus';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { selectSessionUser } from '../../auth/auth.slice';
import { absoluteMediaUrl, useBaseUrl } from '../../tickets/media';
import { useDeleteAnnouncementMutation, useListAnnouncementsInfiniteQuery } from '../announcements.api';
import { PRIORITY_BADGE, PRIORITY_KEY } from '../priority';
import { AnnouncementModal } from './AnnouncementModal';

/** Spec §9: searches wait 500 ms; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;
const LOAD_MORE_THRESHOLD_PX = 100;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minHeight: 0, flexGrow: 1 },
  scroller: {
    flexGrow: 1,
    minHeight: '240px',
    maxHeight: 'calc(100vh - 220px)',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  actionsColumn: { width: '110px' },
});

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; announcement: Announcement };

/** Spec 2 §6 and §8: super users only; anyone else is told so and sent home. */
export function AnnouncementsPage() {
  const user = useAppSelector(selectSessionUser);
  const { t } = useTranslation();
  const notify = useNotify();
  const allowed = !!user?.super;
  useEffect(() => {
    if (user && !allowed) notify.info(t('announcements.superOnly'));
  }, [user, allowed, notify, t]);
  if (!allowed) return <Navigate to="/" replace />;
  return <AnnouncementsList />;
}

function AnnouncementsList() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const base = useBaseUrl();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, isFetching, hasNextPage, fetchNextPage } =
    useListAnnouncementsInfiniteQuery(searchParam);
  const [deleteAnnouncement, { isLoading: deleting }] = useDeleteAnnouncementMutation();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Announcement | null>(null);

  // Pages can overlap when announcements are added while scrolling; the first copy of each id wins.
  const records = useMemo(() => {
    const seen = new Set<number>();
    return (data?.pages ?? []).flatMap((page) => page.records).filter((a) => !seen.has(a.id) && !!seen.add(a.id));
  }, [data]);

  const scroller = useRef<HTMLDivElement>(null);
  const loadMoreIfNearBottom = (element: HTMLDivElement) => {
    const { scrollTop, scrollHeight, clientHeight } = element;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_THRESHOLD_PX && hasNextPage && !isFetching) {
      void fetchNextPage();
    }
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget);
  useEffect(() => {
    if (scroller.current) loadMoreIfNearBottom(scroller.current);
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteAnnouncement(toDelete.id).unwrap();
      notify.success(t('announcements.deleted'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setToDelete(null);
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('announcements.title')}>
        <Field label={t('common.search')}>
          <SearchBox value={search} onChange={(_event, value) => setSearch(value.value)} />
        </Field>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setModal({ mode: 'create' })}>
          {t('announcements.add')}
        </Button>
      </PageHeader>
      <div ref={scroller} className={styles.scroller} onScroll={onScroll}>
        <Table aria-label={t('announcements.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('announcements.fields.title')}</TableHeaderCell>
              <TableHeaderCell>{t('announcements.fields.priority')}</TableHeaderCell>
              <TableHeaderCell>{t('announcements.fields.attachment')}</TableHeaderCell>
              <TableHeaderCell>{t('announcements.columns.status')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionsColumn}>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {records.map((announcement) => (
              <TableRow key={announcement.id}>
                <TableCell>{announcement.title}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={PRIORITY_BADGE[announcement.priority]}>
                    {t(PRIORITY_KEY[announcement.priority])}
                  </Badge>
                </TableCell>
                <TableCell>
                  {announcement.mediaPath ? (
                    <Link href={absoluteMediaUrl(announcement.mediaPath, base)} target="_blank" rel="noreferrer">
                      {announcement.mediaName}
                    </Link>
                  ) : (
                    t('announcements.noAttachment')
                  )}
                </TableCell>
                <TableCell>
                  <Badge appearance="outline" color={announcement.status ? 'success' : 'subtle'}>
                    {announcement.status ? t('announcements.active') : t('announcements.inactive')}
                  </Badge>
                </TableCell>
                <TableCell>
                  <RowActions
                    editLabel={t('announcements.editNamed', { title: announcement.title })}
                    deleteLabel={t('announcements.deleteNamed', { title: announcement.title })}
                    onEdit={() => setModal({ mode: 'edit', announcement })}
                    onDelete={() => setToDelete(announcement)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus
          loading={isLoading || (isFetching && hasNextPage)}
          error={error}
          empty={records.length === 0 && t('announcements.empty')}
        />
      </div>
      {modal.mode !== 'closed' && (
        <AnnouncementModal
          announcement={modal.mode === 'edit' ? modal.announcement : null}
          onClose={() => setModal({ mode: 'closed' })}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('announcements.deleteTitle', { title: toDelete?.title ?? '' })}
        message={t('announcements.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
