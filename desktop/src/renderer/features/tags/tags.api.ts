import type { CompanyEventPayloads, Id, Tag, TagInput, TagsPage } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';

export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every tag, by name: the pickers of the tickets screen. */
    listTags: build.query<Tag[], void>({
      query: () => '/tags/list',
    }),
    /** The tags page: 20 a page by name, with their tickets count. */
    pageTags: build.infiniteQuery<TagsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({ url: '/tags', params: { searchParam: queryArg, pageNumber: pageParam } }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    createTag: build.mutation<Tag, TagInput>({
      query: (body) => ({ url: '/tags', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyTagEvent({ action: 'create', tag: data }));
      },
    }),
    updateTag: build.mutation<Tag, { id: Id; changes: TagInput }>({
      query: ({ id, changes }) => ({ url: `/tags/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyTagEvent({ action: 'update', tag: data }));
      },
    }),
    deleteTag: build.mutation<void, Id>({
      query: (id) => ({ url: `/tags/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyTagEvent({ action: 'delete', tagId: id }));
      },
    }),
    /** Replaces the ticket's tags with the given ones. */
    syncTags: build.mutation<unknown, { ticketId: Id; tags: { id: Id }[] }>({
      query: (body) => ({ url: '/tags/sync', method: 'POST', body }),
    }),
  }),
});

/** The order of both tag lists. */
const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name) || a.id - b.id;

const tagsList: PagedRows<TagsPage, Tag> = {
  rowsOf: (page) => page.tags,
  matches: (tag, search) => !search || tag.name.toLowerCase().includes(search.toLowerCase()),
  order: byName,
};

/**
 * Writes a tag change (a live event, or our own save) into the tags page's searches and into the
 * pickers' full list. A live update carries the tag without its tickets count: the row keeps the
 * count it had.
 */
export function applyTagEvent(event: CompanyEventPayloads['tag']): AppThunk {
  return (dispatch, getState) => {
    // The lanes' order is the board's: the tags lists go by name.
    if (event.action === 'order') return;
    for (const search of tagsApi.util.selectCachedArgsForQuery(getState(), 'pageTags')) {
      dispatch(
        tagsApi.util.updateQueryData('pageTags', search, (draft) => {
          let change: PagedChange<Tag>;
          if (event.action === 'delete') change = { action: 'delete', id: event.tagId };
          else {
            const known = draft.pages.flatMap((page) => page.tags).find((tag) => tag.id === event.tag.id);
            const ticketsCount = event.tag.ticketsCount ?? known?.ticketsCount ?? 0;
            change = { action: event.action, row: { ...event.tag, ticketsCount } };
          }
          mergePagedChange(draft, change, tagsList, search);
        }),
      );
    }
    dispatch(
      tagsApi.util.updateQueryData('listTags', undefined, (draft) => {
        const id = event.action === 'delete' ? event.tagId : event.tag.id;
        const rest = draft.filter((tag) => tag.id !== id);
        return event.action === 'delete' ? rest : [...rest, event.tag].sort(byName);
      }),
    );
  };
}

export const {
  useListTagsQuery,
  usePageTagsInfiniteQuery,
  useCreateTagMutation,
  useUpdateTagMutation,
  useDeleteTagMutation,
  useSyncTagsMutation,
} = tagsApi;
