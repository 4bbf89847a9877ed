import type {
  CompanyEventPayloads,
  Contact,
  ContactImportResult,
  ContactsPage,
  ContactUploadResult,
  Id,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';
import { applyContactEvent } from '../tickets/tickets.realtime';

export interface ContactChanges {
  name: string;
  number: string;
  email: string;
}

/** The contacts page's filters: the search text and whole days of creation (yyyy-MM-dd). */
export interface ContactsFilter {
  searchParam: string;
  dateStart?: string;
  dateEnd?: string;
}

const CONTACTS = 'Contacts';

/** The filters as query parameters: empty days are left out. */
function filterParams({ searchParam, dateStart, dateEnd }: ContactsFilter): Record<string, string> {
  return { searchParam, ...(dateStart ? { dateStart } : {}), ...(dateEnd ? { dateEnd } : {}) };
}

export const contactsApi = api.enhanceEndpoints({ addTagTypes: [CONTACTS] }).injectEndpoints({
  endpoints: (build) => ({
    /** The new-ticket search: contacts whose name or number contains the text. */
    searchContacts: build.query<Contact[], string>({
      query: (searchParam) => ({ url: '/contacts/list', params: { searchParam } }),
    }),
    /** One contact: the schedules page opened for it (`/schedules?contactId=`). */
    getContact: build.query<Contact, Id>({
      query: (id) => `/contacts/${id}`,
    }),
    /** The contacts page: 20 a page by name. */
    pageContacts: build.infiniteQuery<ContactsPage, ContactsFilter, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/contacts',
        params: { ...filterParams(queryArg), pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      providesTags: [CONTACTS],
    }),
    createContact: build.mutation<Contact, ContactChanges>({
      query: (body) => ({ url: '/contacts', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyContactsEvent({ action: 'create', contact: data }));
      },
    }),
    updateContact: build.mutation<Contact, { id: Id; changes: ContactChanges }>({
      query: ({ id, changes }) => ({ url: `/contacts/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyContactsEvent({ action: 'update', contact: data }));
      },
    }),
    deleteContact: build.mutation<void, Id>({
      query: (id) => ({ url: `/contacts/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyContactsEvent({ action: 'delete', contactId: id }));
      },
    }),
    /** A spreadsheet of contacts; the server reads it and answers what it added and which rows it did not. */
    uploadContacts: build.mutation<ContactUploadResult, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/contacts/upload', method: 'POST', body };
      },
      invalidatesTags: (result) => (result?.newContacts.length ? [CONTACTS] : []),
    }),
    /** The address book of a connection (the company's default one without `whatsappId`). */
    importContacts: build.mutation<ContactImportResult, { whatsappId?: Id }>({
      query: (body) => ({ url: '/contacts/import', method: 'POST', body }),
      invalidatesTags: (result) => (result?.created ? [CONTACTS] : []),
    }),
    /**
     * The CSV of the contacts the filters show, fetched with the session (the token goes in the
     * header, never in a URL), as an object URL the caller saves and then revokes.
     */
    exportContacts: build.mutation<string, ContactsFilter>({
      query: (filter) => ({
        url: '/contacts/export',
        params: filterParams(filter),
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
  }),
});

const contactsList: PagedRows<ContactsPage, Contact> = {
  rowsOf: (page) => page.contacts,
  // A new contact joins a search it matches; with days chosen, the list fetches again instead.
  matches: (contact, search) => {
    const text = search.trim().toLowerCase();
    const digits = text.replace(/\D/g, '');
    return (
      !text ||
      contact.name.toLowerCase().includes(text) ||
      contact.email.toLowerCase().includes(text) ||
      (!!digits && /^[\d\s()+.-]+$/.test(text) && contact.number.includes(digits))
    );
  },
  order: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
};

/**
 * Writes a contact change (a live event, or our own save) into the contacts page's lists and the
 * tickets that show the contact. A `reload` (a bulk import) has the lists fetched again.
 */
export function applyContactsEvent(event: CompanyEventPayloads['contact']): AppThunk {
  return (dispatch, getState) => {
    dispatch(applyContactEvent(event));
    if (event.action === 'reload') {
      dispatch(contactsApi.util.invalidateTags([CONTACTS]));
      return;
    }
    const change: PagedChange<Contact> =
      event.action === 'delete'
        ? { action: 'delete', id: event.contactId }
        : { action: event.action, row: event.contact };
    for (const filter of contactsApi.util.selectCachedArgsForQuery(getState(), 'pageContacts')) {
      // Which days a new contact belongs to is the server's to say (its calendar): such a list reloads.
      if (change.action === 'create' && (filter.dateStart || filter.dateEnd)) {
        dispatch(contactsApi.util.invalidateTags([CONTACTS]));
        continue;
      }
      dispatch(
        contactsApi.util.updateQueryData('pageContacts', filter, (draft) =>
          mergePagedChange(draft, change, contactsList, filter.searchParam),
        ),
      );
    }
  };
}

export const {
  useSearchContactsQuery,
  useGetContactQuery,
  usePageContactsInfiniteQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useUploadContactsMutation,
  useImportContactsMutation,
  useExportContactsMutation,
} = contactsApi;
