import type { CompanyEventPayloads, Id, Profile, QueueSummary, User, UserInput, UsersPage } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';
import { sessionUserUpdated } from '../auth/auth.slice';

/** One row of GET /users/list: enough to pick an agent (transfer, search filter). */
export interface UserOption {
  id: Id;
  name: string;
  profile: Profile;
  queues: QueueSummary[];
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUserOptions: build.query<UserOption[], void>({
      query: () => '/users/list',
    }),
    listUsers: build.infiniteQuery<UsersPage, string, number>({
      // docs/api.md writes /users/, but this server routes only /users; without the slash both match.
      query: ({ queryArg, pageParam }) => ({ url: '/users', params: { searchParam: queryArg, pageNumber: pageParam } }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    createUser: build.mutation<User, UserInput>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyUserEvent({ action: 'create', user: data }));
      },
    }),
    updateUser: build.mutation<User, { id: Id; changes: Partial<UserInput> }>({
      query: ({ id, changes }) => ({ url: `/users/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyUserEvent({ action: 'update', user: data }));
      },
    }),
    deleteUser: build.mutation<void, Id>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyUserEvent({ action: 'delete', userId: id }));
      },
    }),
  }),
});

const usersList: PagedRows<UsersPage, User> = {
  rowsOf: (page) => page.users,
  matches: (user, search) => {
    const needle = search.toLowerCase();
    return !needle || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
  },
};

/**
 * Applies a user change to every cached page of every search, so live events and our own saves
 * update the list in place without refetching pages the user already scrolled through. The same
 * code serves both paths, which makes an event echoing our own save a no-op.
 */
export function applyUserEvent(event: CompanyEventPayloads['user']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<User> =
      event.action === 'delete' ? { action: 'delete', id: event.userId } : { action: event.action, row: event.user };
    for (const search of usersApi.util.selectCachedArgsForQuery(getState(), 'listUsers')) {
      dispatch(
        usersApi.util.updateQueryData('listUsers', search, (draft) =>
          mergePagedChange(draft, change, usersList, search),
        ),
      );
    }
    if (event.action !== 'delete') dispatch(sessionUserUpdated(event.user));
  };
}

export const {
  useListUserOptionsQuery,
  useListUsersInfiniteQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
} = usersApi;
