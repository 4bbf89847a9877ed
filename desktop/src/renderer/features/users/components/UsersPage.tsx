import type { User } from '@atendo/shared';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import {
  Button,
  Field,
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
import { errorText } from '../../../app/errors';
import { useDebouncedValue } from '../../../app/hooks';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { selectSessionUser } from '../../auth/auth.slice';
import { useDeleteUserMutation, useListUsersInfiniteQuery } from '../users.api';
import { UserModal } from './UserModal';

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
  idColumn: { width: '80px' },
  actionsColumn: { width: '110px' },
});

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: User };

export function UsersPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const me = useAppSelector(selectSessionUser);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, isFetching, hasNextPage, fetchNextPage } = useListUsersInfiniteQuery(searchParam);
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<User | null>(null);

  // Pages can overlap when users are added while scrolling; the first copy of each id wins.
  const users = useMemo(() => {
    const seen = new Set<number>();
    return (data?.pages ?? []).flatMap((page) => page.users).filter((u) => !seen.has(u.id) && !!seen.add(u.id));
  }, [data]);

  const scroller = useRef<HTMLDivElement>(null);
  const loadMoreIfNearBottom = (element: HTMLDivElement) => {
    const { scrollTop, scrollHeight, clientHeight } = element;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_THRESHOLD_PX && hasNextPage && !isFetching) {
      void fetchNextPage();
    }
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget);
  // On a tall window the first page may not fill the list, so no scroll event would ever come.
  useEffect(() => {
    if (scroller.current) loadMoreIfNearBottom(scroller.current);
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteUser(toDelete.id).unwrap();
      notify.success(t('users.deleted'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setToDelete(null);
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('users.title')}>
        <Field label={t('common.search')}>
          <SearchBox value={search} onChange={(_event, value) => setSearch(value.value)} />
        </Field>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setModal({ mode: 'create' })}>
          {t('users.add')}
        </Button>
      </PageHeader>
      <div ref={scroller} className={styles.scroller} onScroll={onScroll}>
        <Table aria-label={t('users.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.idColumn}>{t('users.columns.id')}</TableHeaderCell>
              <TableHeaderCell>{t('users.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('users.columns.email')}</TableHeaderCell>
              <TableHeaderCell>{t('users.columns.profile')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionsColumn}>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id}>
                <TableCell>{user.id}</TableCell>
                <TableCell>{user.name}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{t(`users.profiles.${user.profile}`)}</TableCell>
                <TableCell>
                  <RowActions
                    editLabel={t('users.editNamed', { name: user.name })}
                    deleteLabel={t('users.deleteNamed', { name: user.name })}
                    onEdit={() => setModal({ mode: 'edit', user })}
                    onDelete={() => setToDelete(user)}
                    deleteDisabled={user.id === me?.id}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus
          loading={isLoading || isFetching}
          error={error}
          empty={users.length === 0 && (searchParam ? t('users.noMatches') : t('users.empty'))}
        />
      </div>
      {modal.mode !== 'closed' && (
        <UserModal user={modal.mode === 'edit' ? modal.user : null} onClose={() => setModal({ mode: 'closed' })} />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('users.deleteTitle', { name: toDelete?.name ?? '' })}
        message={t('users.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
