import { type Announcement, type AnnouncementsPage as Page, can } from '@atendo/shared';
import { Badge, Link } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { selectSessionUser } from '../../auth/auth.slice';
import { absoluteMediaUrl, useBaseUrl } from '../../tickets/media';
import { useDeleteAnnouncementMutation, useListAnnouncementsInfiniteQuery } from '../announcements.api';
import { PRIORITY_BADGE, PRIORITY_KEY } from '../priority';
import { AnnouncementModal } from './AnnouncementModal';

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
  const base = useBaseUrl();
  const columns: ListColumn<Announcement>[] = [
    { key: 'title', label: t('announcements.fields.title'), cell: (announcement) => announcement.title },
    {
      key: 'priority',
      label: t('announcements.fields.priority'),
      cell: (announcement) => (
        <Badge appearance="tint" color={PRIORITY_BADGE[announcement.priority]}>
          {t(PRIORITY_KEY[announcement.priority])}
        </Badge>
      ),
    },
    {
      key: 'attachment',
      label: t('announcements.fields.attachment'),
      cell: (announcement) =>
        announcement.mediaPath ? (
          <Link href={absoluteMediaUrl(announcement.mediaPath, base)} target="_blank" rel="noreferrer">
            {announcement.mediaName}
          </Link>
        ) : (
          t('announcements.noAttachment')
        ),
    },
    {
      key: 'status',
      label: t('announcements.columns.status'),
      cell: (announcement) => (
        <Badge appearance="outline" color={announcement.status ? 'success' : 'subtle'}>
          {announcement.status ? t('announcements.active') : t('announcements.inactive')}
        </Badge>
      ),
    },
  ];

  return (
    <ListPage
      title={t('announcements.title')}
      layout="page"
      useQuery={useListAnnouncementsInfiniteQuery}
      rowsOf={recordsOf}
      columns={columns}
      addLabel={t('announcements.add')}
      dialog={(announcement, close) => <AnnouncementModal announcement={announcement} onClose={close} />}
      edit={{ label: (announcement) => t('announcements.editNamed', { title: announcement.title }) }}
      remove={{
        useMutation: useDeleteAnnouncementMutation,
        label: (announcement) => t('announcements.deleteNamed', { title: announcement.title }),
        title: (announcement) => t('announcements.deleteTitle', { title: announcement.title }),
        message: t('announcements.deleteMessage'),
        deleted: t('announcements.deleted'),
      }}
      empty={t('announcements.empty')}
    />
  );
}
