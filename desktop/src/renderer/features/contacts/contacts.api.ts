import type { Contact, Id } from '@atendo/shared';
import { api } from '../../app/api';
import { applyContactEvent } from '../tickets/tickets.realtime';

export interface ContactChanges {
  name: string;
  number: string;
  email: string;
}

export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The new-ticket search: contacts whose name or number contains the text. */
    searchContacts: build.query<Contact[], string>({
      query: (searchParam) => ({ url: '/contacts/list', params: { searchParam } }),
    }),
    updateContact: build.mutation<Contact, { id: Id; changes: ContactChanges }>({
      query: ({ id, changes }) => ({ url: `/contacts/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(applyContactEvent({ action: 'update', contact: data }));
      },
    }),
  }),
});

export const { useSearchContactsQuery, useUpdateContactMutation } = contactsApi;
