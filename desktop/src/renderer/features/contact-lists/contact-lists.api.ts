import type {
  CompanyEventPayloads,
  ContactList,
  ContactListAddContactsInput,
  ContactListAddReport,
  ContactListImportReport,
  ContactListInput,
  ContactListItem,
  ContactListItemInput,
  ContactListItemsPage,
  ContactListsPage,
  Id,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';

/** The items page's query: one list, one search. */
export interface ContactListItemsArg {
  contactListId: Id;
  searchParam: string;
}

const ITEMS = 'ContactListItems' as const;

export const contactListsApi = api.enhanceEndpoints({ addTagTypes: [ITEMS] }).injectEndpoints({
  endpoints: (build) => ({
    /** The lists page: 20 a page by name, with their contacts count. */
    pageContactLists: build.infiniteQuery<ContactListsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/contact-lists',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    /** One list: the items page's title. */
    getContactList: build.query<ContactList, Id>({
      query: (id) => `/contact-lists/${id}`,
    }),
    createContactList: build.mutation<ContactList, ContactListInput>({
      query: (body) => ({ url: '/contact-lists', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyContactListEvent({ action: 'create', record: data }));
      },
    }),
    updateContactList: build.mutation<ContactList, { id: Id; changes: ContactListInput }>({
      query: ({ id, changes }) => ({ url: `/contact-lists/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyContactListEvent({ action: 'update', record: data }));
      },
    }),
    deleteContactList: build.mutation<void, Id>({
      query: (id) => ({ url: `/contact-lists/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyContactListEvent({ action: 'delete', id }));
      },
    }),
    /** A spreadsheet's rows into the list; the items pages of the list load again (as the reload event says). */
    uploadContactList: build.mutation<ContactListImportReport, { id: Id; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/contact-lists/${id}/upload`, method: 'POST', body };
      },
      invalidatesTags: (_result, _error, { id }) => [{ type: ITEMS, id }],
    }),
    /** Existing contacts into the list; its items pages load again (as the reload event says). */
    addContactsToList: build.mutation<ContactListAddReport, { id: Id; body: ContactListAddContactsInput }>({
      query: ({ id, body }) => ({ url: `/contact-lists/${id}/contacts`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: ITEMS, id }],
    }),
    /** The items page: one list's items, 20 a page by name. */
    pageContactListItems: build.infiniteQuery<ContactListItemsPage, ContactListItemsArg, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/contact-list-items',
        params: { ...queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      providesTags: (_result, _error, { contactListId }) => [{ type: ITEMS, id: contactListId }],
    }),
    createContactListItem: build.mutation<ContactListItem, ContactListItemInput>({
      query: (body) => ({ url: '/contact-list-items', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyContactListItemEvent({ action: 'create', record: data }));
      },
    }),
    updateContactListItem: build.mutation<ContactListItem, { id: Id; changes: ContactListItemInput }>({
      query: ({ id, changes }) => ({ url: `/contact-list-items/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyContactListItemEvent({ action: 'update', record: data }));
      },
    }),
    deleteContactListItem: build.mutation<void, Id>({
      query: (id) => ({ url: `/contact-list-items/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(writeItemChange({ action: 'delete', id }));
      },
    }),
  }),
});

const byName = <T extends { id: Id; name: string }>(a: T, b: T) => a.name.localeCompare(b.name) || a.id - b.id;

const listsPages: PagedRows<ContactListsPage, ContactList> = {
  rowsOf: (page) => page.records,
  matches: (list, search) => !search || list.name.toLowerCase().includes(search.toLowerCase()),
  order: byName,
};

/** Where the server's search looks: name, number and e-mail. */
function itemMatches(item: ContactListItem, search: string): boolean {
  const needle = search.toLowerCase();
  return !needle || [item.name, item.number, item.email].some((text) => text.toLowerCase().includes(needle));
}

const itemsPages: PagedRows<ContactListItemsPage, ContactListItem> = {
  rowsOf: (page) => page.contacts,
  matches: itemMatches,
  order: byName,
  // An item moved here from another list arrives as an update.
  updateMayAdd: true,
};

/** Writes a list change (a live event, or our own save) into the lists page's searches and the list's title. */
export function applyContactListEvent(event: CompanyEventPayloads['ContactList']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<ContactList> =
      event.action === 'delete' ? { action: 'delete', id: event.id } : { action: event.action, row: event.record };
    for (const search of contactListsApi.util.selectCachedArgsForQuery(getState(), 'pageContactLists')) {
      dispatch(
        contactListsApi.util.updateQueryData('pageContactLists', search, (draft) =>
          mergePagedChange(draft, change, listsPages, search),
        ),
      );
    }
    if (event.action !== 'delete') {
      dispatch(contactListsApi.util.updateQueryData('getContactList', event.record.id, () => event.record));
    }
  };
}

/**
 * Writes an item change into the cached searches of its list, and out of the others' (an item
 * moved away arrives as an update naming its new list). Ids are unique across lists, so a delete
 * applies wherever the row is.
 */
function writeItemChange(change: PagedChange<ContactListItem>): AppThunk {
  return (dispatch, getState) => {
    for (const arg of contactListsApi.util.selectCachedArgsForQuery(getState(), 'pageContactListItems')) {
      const here =
        change.action === 'delete' || arg.contactListId === change.row.contactListId
          ? change
          : { action: 'delete' as const, id: change.row.id };
      dispatch(
        contactListsApi.util.updateQueryData('pageContactListItems', arg, (draft) =>
          mergePagedChange(draft, here, itemsPages, arg.searchParam),
        ),
      );
    }
  };
}

/** A live item event (or our own save); `reload` (after an import) loads that list's searches again. */
export function applyContactListItemEvent(event: CompanyEventPayloads['ContactListItem']): AppThunk {
  return (dispatch) => {
    if (event.action === 'reload') {
      dispatch(contactListsApi.util.invalidateTags([{ type: ITEMS, id: event.contactListId }]));
    } else if (event.action === 'delete') {
      dispatch(writeItemChange({ action: 'delete', id: event.id }));
    } else {
      dispatch(writeItemChange({ action: event.action, row: event.record }));
    }
  };
}

export const {
  usePageContactListsInfiniteQuery,
  useGetContactListQuery,
  useCreateContactListMutation,
  useUpdateContactListMutation,
  useDeleteContactListMutation,
  useUploadContactListMutation,
  useAddContactsToListMutation,
  usePageContactListItemsInfiniteQuery,
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  useDeleteContactListItemMutation,
} = contactListsApi;
