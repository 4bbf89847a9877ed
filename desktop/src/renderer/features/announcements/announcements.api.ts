import type { Announcement, AnnouncementInput, AnnouncementsPage, CompanyEventPayloads, Id } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';

export const announcementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, 20 a page; the argument is the search text ('' for all). */
    listAnnouncements: build.infiniteQuery<AnnouncementsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/announcements',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    createAnnouncement: build.mutation<Announcement, AnnouncementInput>({
      query: (body) => ({ url: '/announcements', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyAnnouncementEvent({ action: 'create', record: data }));
      },
    }),
    updateAnnouncement: build.mutation<Announcement, { id: Id; changes: AnnouncementInput }>({
      query: ({ id, changes }) => ({ url: `/announcements/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyAnnouncementEvent({ action: 'update', record: data }));
      },
    }),
    deleteAnnouncement: build.mutation<void, Id>({
      query: (id) => ({ url: `/announcements/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyAnnouncementEvent({ action: 'delete', id }));
      },
    }),
    uploadAnnouncementMedia: build.mutation<Announcement, { id: Id; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/announcements/${id}/media-upload`, method: 'POST', body };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyAnnouncementEvent({ action: 'update', record: data }));
      },
    }),
    deleteAnnouncementMedia: build.mutation<Announcement, Id>({
      query: (id) => ({ url: `/announcements/${id}/media-upload`, method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyAnnouncementEvent({ action: 'update', record: data }));
      },
    }),
  }),
});

const announcementsList: PagedRows<AnnouncementsPage, Announcement> = {
  rowsOf: (page) => page.records,
  matches: (record, search) => {
    const needle = search.toLowerCase();
    return !needle || record.title.toLowerCase().includes(needle) || record.text.toLowerCase().includes(needle);
  },
  order: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  // An announcement made active again reaches the other companies as an update.
  updateMayAdd: true,
};

/**
 * Writes an announcement change into every cached search, for live events (from the super-admin,
 * on any company's socket) and our own saves alike, so an echo of our own save changes nothing.
 * The server sends each user only what they may see: a retired one arrives as a delete.
 */
export function applyAnnouncementEvent(event: CompanyEventPayloads['announcement']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<Announcement> =
      event.action === 'delete' ? { action: 'delete', id: event.id } : { action: event.action, row: event.record };
    for (const search of announcementsApi.util.selectCachedArgsForQuery(getState(), 'listAnnouncements')) {
      dispatch(
        announcementsApi.util.updateQueryData('listAnnouncements', search, (draft) =>
          mergePagedChange(draft, change, announcementsList, search),
        ),
      );
    }
  };
}

export const {
  useListAnnouncementsInfiniteQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
  useDeleteAnnouncementMediaMutation,
} = announcementsApi;
