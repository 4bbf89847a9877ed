import type { Id, Tag } from '@atendo/shared';
import { api } from '../../app/api';

export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTags: build.query<Tag[], void>({
      query: () => '/tags/list',
    }),
    /** Replaces the ticket's tags with the given ones. */
    syncTags: build.mutation<unknown, { ticketId: Id; tags: { id: Id }[] }>({
      query: (body) => ({ url: '/tags/sync', method: 'POST', body }),
    }),
  }),
});

export const { useListTagsQuery, useSyncTagsMutation } = tagsApi;
