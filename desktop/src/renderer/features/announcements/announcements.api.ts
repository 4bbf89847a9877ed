import type { Announcement, AnnouncementInput, AnnouncementsPage, CompanyEventPayloads, Id } from '@atendo/shared';
import { api } from '../../app/api';
import type { AppThunk } from '../../app/store';

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
        const { data } = await queryFulfilled;
        dispatch(applyAnnouncementEvent({ action: 'create', record: data }));
      },
    }),
    updateAnnouncement: build.mutation<Announcement, { id: Id; changes: AnnouncementInput }>({
      query: ({ id, changes }) => ({ url: `/announcements/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(applyAnnouncementEvent({ action: 'update', record: data }));
      },
    }),
    deleteAnnouncement: build.mutation<void, Id>({
      query: (id) => ({ url: `/announcements/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        await queryFulfilled;
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
        const { data } = await queryFulfilled;
        dispatch(applyAnnouncementEvent({ action: 'update', record: data }));
      },
    }),
    deleteAnnouncementMedia: build.mutation<Announcement, Id>({
      query: (id) => ({ url: `/announcements/${id}/media-upload`, method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(applyAnnouncementEvent({ action: 'update', record: data }));
      },
    }),
  }),
});

function matchesSearch(record: Announcement, search: string): boolean {
  const needle = search.toLowerCase();
  return !needle || record.title.toLowerCase().includes(needle) || record.text.toLowerCase().includes(needle);
}

function newestFirst(a: Announcement, b: Announcement): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

/**
 * Writes an announcement change into every cached search, for live events (from the super-admin,
 * on any company's socket) and our own saves alike, so an echo of our own save changes nothing.
 * The server sends each user only what they may see: a retired one arrives as a delete.
 */
export function applyAnnouncementEvent(event: CompanyEventPayloads['announcement']): AppThunk {
  return (dispatch, getState) => {
    for (const search of announcementsApi.util.selectCachedArgsForQuery(getState(), 'listAnnouncements')) {
      dispatch(
        announcementsApi.util.updateQueryData('listAnnouncements', search, (draft) => {
          if (!draft.pages.length) return;
          const id = event.action === 'delete' ? event.id : event.record.id;
          let found = false;
          for (const page of draft.pages) {
            const index = page.records.findIndex((a) => a.id === id);
            if (index < 0) continue;
            found = true;
            if (event.action === 'delete') page.records.splice(index, 1);
            else page.records[index] = event.record;
          }
          if (event.action === 'delete') {
            if (found) draft.pages[0].count = Math.max(0, draft.pages[0].count - 1);
            return;
          }
          if (!found && matchesSearch(event.record, search)) {
            draft.pages[0].records.push(event.record);
            draft.pages[0].records.sort(newestFirst);
            draft.pages[0].count += 1;
          }
        }),
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
