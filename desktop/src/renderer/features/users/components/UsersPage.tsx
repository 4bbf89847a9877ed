import type { User, UsersPage as Page } from '@atendo/shared';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { selectSessionUser } from '../../auth/auth.slice';
import { useDeleteUserMutation, useListUsersInfiniteQuery } from '../users.api';
import { UserModal } from './UserModal';

const usersOf = (page: Page) => page.users;

export function UsersPage() {
  const { t } = useTranslation();
  const me = useAppSelector(selectSessionUser);
  const columns: ListColumn<User>[] = [
    { key: 'id', label: t('users.columns.id'), cell: (user) => user.id, width: '80px' },
    { key: 'name', label: t('users.columns.name'), cell: (user) => user.name },
    { key: 'email', label: t('users.columns.email'), cell: (user) => user.email },
    { key: 'profile', label: t('users.columns.profile'), cell: (user) => t(`users.profiles.${user.profile}`) },
  ];
  return (
    <ListPage
      title={t('users.title')}
      layout="page"
      useQuery={useListUsersInfiniteQuery}
      rowsOf={usersOf}
      columns={columns}
      addLabel={t('users.add')}
      dialog={(user, close) => <UserModal user={user} onClose={close} />}
      edit={{ label: (user) => t('users.editNamed', { name: user.name }) }}
      remove={{
        useMutation: useDeleteUserMutation,
        label: (user) => t('users.deleteNamed', { name: user.name }),
        disabled: (user) => user.id === me?.id,
        title: (user) => t('users.deleteTitle', { name: user.name }),
        message: t('users.deleteMessage'),
        deleted: t('users.deleted'),
      }}
      empty={t('users.empty')}
      noMatches={t('users.noMatches')}
    />
  );
}
