import type { User, UsersPage as Page } from '@atendo/shared';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { makeStyles, TableBody, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { useDeleteConfirmation, useEditDialog, useInfiniteRows, useListSearch } from '../../../components/list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListScroller, SearchField } from '../../../components/ListFrame';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { selectSessionUser } from '../../auth/auth.slice';
import { useDeleteUserMutation, useListUsersInfiniteQuery } from '../users.api';
import { UserModal } from './UserModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minHeight: 0, flexGrow: 1 },
  idColumn: { width: '80px' },
});

const usersOf = (page: Page) => page.users;

export function UsersPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const me = useAppSelector(selectSessionUser);
  const { search, setSearch, searchParam } = useListSearch();
  const query = useListUsersInfiniteQuery(searchParam);
  const { error, isLoading, isFetching } = query;
  const { rows: users, scrollerProps } = useInfiniteRows(query, usersOf);
  const editor = useEditDialog<User>();
  const deletion = useDeleteConfirmation<User>(useDeleteUserMutation(), t('users.deleted'));
  const columns = {
    id: t('users.columns.id'),
    name: t('users.columns.name'),
    email: t('users.columns.email'),
    profile: t('users.columns.profile'),
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('users.title')}>
        <SearchField value={search} onChange={setSearch} />
        <AddButton onClick={editor.create}>{t('users.add')}</AddButton>
      </PageHeader>
      <ListScroller layout="page" {...scrollerProps}>
        <ResponsiveTable aria-label={t('users.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.idColumn}>{columns.id}</TableHeaderCell>
              <TableHeaderCell>{columns.name}</TableHeaderCell>
              <TableHeaderCell>{columns.email}</TableHeaderCell>
              <TableHeaderCell>{columns.profile}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <ResponsiveRow key={user.id}>
                <ResponsiveCell label={columns.id}>{user.id}</ResponsiveCell>
                <ResponsiveCell label={columns.name}>{user.name}</ResponsiveCell>
                <ResponsiveCell label={columns.email}>{user.email}</ResponsiveCell>
                <ResponsiveCell label={columns.profile}>{t(`users.profiles.${user.profile}`)}</ResponsiveCell>
                <ResponsiveCell>
                  <RowActions
                    editLabel={t('users.editNamed', { name: user.name })}
                    deleteLabel={t('users.deleteNamed', { name: user.name })}
                    onEdit={() => editor.edit(user)}
                    onDelete={() => deletion.ask(user)}
                    deleteDisabled={user.id === me?.id}
                  />
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
        <ListStatus
          loading={isLoading || isFetching}
          error={error}
          empty={users.length === 0 && (searchParam ? t('users.noMatches') : t('users.empty'))}
        />
      </ListScroller>
      {editor.open && <UserModal user={editor.record} onClose={editor.close} />}
      <DeleteDialog
        deletion={deletion}
        title={t('users.deleteTitle', { name: deletion.target?.name ?? '' })}
        message={t('users.deleteMessage')}
      />
    </div>
  );
}
