import type { QuickMessage, QuickMessagesPage as Page } from '@atendo/shared';
import { Badge, Link, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { selectSessionUser } from '../../auth/auth.slice';
import { absoluteMediaUrl, useBaseUrl } from '../../tickets/media';
import { useDeleteQuickMessageMutation, usePageQuickMessagesInfiniteQuery } from '../quick-messages.api';
import { QuickMessageModal } from './QuickMessageModal';

const useStyles = makeStyles({
  message: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '320px' },
});

const recordsOf = (page: Page) => page.records;

/** /quick-messages: the company's shared answers and the user's own, with their attachments. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const base = useBaseUrl();
  const user = useAppSelector(selectSessionUser);
  // The author and the company's admins change a quick message (the server says the same).
  const mayChange = (record: QuickMessage) => record.userId === user?.id || user?.profile === 'admin';
  const columns: ListColumn<QuickMessage>[] = [
    { key: 'shortcode', label: t('quickMessages.fields.shortcode'), cell: (record) => `/${record.shortcode}` },
    {
      key: 'message',
      label: t('quickMessages.fields.message'),
      cell: (record) => (
        <span className={styles.message} title={record.message}>
          {record.message}
        </span>
      ),
    },
    {
      key: 'scope',
      label: t('quickMessages.columns.scope'),
      width: '130px',
      cell: (record) => (
        <Badge appearance="tint" color={record.geral ? 'brand' : 'informative'}>
          {record.geral ? t('quickMessages.shared') : t('quickMessages.personal')}
        </Badge>
      ),
    },
    {
      key: 'attachment',
      label: t('quickMessages.fields.attachment'),
      cell: (record) =>
        record.mediaPath ? (
          <Link href={absoluteMediaUrl(record.mediaPath, base)} target="_blank" rel="noreferrer">
            {record.mediaName}
          </Link>
        ) : (
          t('quickMessages.noAttachment')
        ),
    },
  ];
  return (
    <ListPage
      title={t('quickMessages.title')}
      layout="page"
      useQuery={usePageQuickMessagesInfiniteQuery}
      rowsOf={recordsOf}
      columns={columns}
      addLabel={t('quickMessages.add')}
      dialog={(record, close) => <QuickMessageModal quickMessage={record} onClose={close} />}
      edit={{ label: (record) => t('quickMessages.editNamed', { name: record.shortcode }), allowed: mayChange }}
      remove={{
        useMutation: useDeleteQuickMessageMutation,
        allowed: mayChange,
        label: (record) => t('quickMessages.deleteNamed', { name: record.shortcode }),
        title: (record) => t('quickMessages.deleteTitle', { name: record.shortcode }),
        message: t('quickMessages.deleteMessage'),
        deleted: t('quickMessages.deleted'),
      }}
      empty={t('quickMessages.empty')}
      noMatches={t('quickMessages.noMatches')}
    />
  );
}
