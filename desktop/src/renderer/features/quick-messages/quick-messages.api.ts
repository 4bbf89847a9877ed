import type {
  CompanyEventPayloads,
  Id,
  Message,
  QuickMessage,
  QuickMessageInput,
  QuickMessagesPage,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';
import { selectSessionUser } from '../auth/auth.slice';
import { applyMessageEvent } from '../tickets/tickets.realtime';

export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every quick message the user may use: the composer's suggestions. */
    listQuickMessages: build.query<QuickMessage[], void>({
      query: () => '/quick-messages/list',
    }),
    /** The quick messages page: 20 a page by shortcode; the argument is the search text. */
    pageQuickMessages: build.infiniteQuery<QuickMessagesPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/quick-messages',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    createQuickMessage: build.mutation<QuickMessage, QuickMessageInput>({
      query: (body) => ({ url: '/quick-messages', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyQuickMessageEvent({ action: 'create', record: data }));
      },
    }),
    updateQuickMessage: build.mutation<QuickMessage, { id: Id; changes: QuickMessageInput }>({
      query: ({ id, changes }) => ({ url: `/quick-messages/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyOwnSave(data));
      },
    }),
    deleteQuickMessage: build.mutation<void, Id>({
      query: (id) => ({ url: `/quick-messages/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyQuickMessageEvent({ action: 'delete', id }));
      },
    }),
    uploadQuickMessageMedia: build.mutation<QuickMessage, { id: Id; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('typeArch', 'quickMessage');
        body.append('file', file, file.name);
        return { url: `/quick-messages/${id}/media-upload`, method: 'POST', body };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyOwnSave(data));
      },
    }),
    deleteQuickMessageMedia: build.mutation<QuickMessage, Id>({
      query: (id) => ({ url: `/quick-messages/${id}/media-upload`, method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyOwnSave(data));
      },
    }),
    /** The quick message's attachment into a ticket, sent by the server from its stored file. */
    sendQuickMessage: build.mutation<Message, { id: Id; ticketId: Id; body: string; quotedMsgId?: Id | null }>({
      query: ({ id, ticketId, body, quotedMsgId }) => ({
        url: `/quick-messages/${id}/send`,
        method: 'POST',
        body: { ticketId, body, ...(quotedMsgId ? { quotedMsgId } : {}) },
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        // The socket brings the message too; the same id is merged, never duplicated.
        dispatch(applyMessageEvent({ action: 'update', message: data }, true));
      },
    }),
  }),
});

const byShortcode = (a: QuickMessage, b: QuickMessage) => a.shortcode.localeCompare(b.shortcode) || a.id - b.id;

const quickMessagesList: PagedRows<QuickMessagesPage, QuickMessage> = {
  rowsOf: (page) => page.records,
  matches: (record, search) => {
    const needle = search.toLowerCase();
    return !needle || record.shortcode.toLowerCase().includes(needle) || record.message.toLowerCase().includes(needle);
  },
  order: byShortcode,
  // A quick message made shared reaches the rest of the company as an update.
  updateMayAdd: true,
};

/**
 * A save of ours as the server would tell it to us: an admin who makes another user's shared
 * message personal no longer sees it, so for them it is a deletion.
 */
function applyOwnSave(record: QuickMessage): AppThunk {
  return (dispatch, getState) => {
    const me = selectSessionUser(getState())?.id;
    dispatch(
      applyQuickMessageEvent(
        record.geral || record.userId === me ? { action: 'update', record } : { action: 'delete', id: record.id },
      ),
    );
  };
}

/**
 * Writes a quick message change (a live event, or our own save) into the page's searches and the
 * composer's list. The server sends each user only the quick messages they may see.
 */
export function applyQuickMessageEvent(event: CompanyEventPayloads['quickmessage']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<QuickMessage> =
      event.action === 'delete' ? { action: 'delete', id: event.id } : { action: event.action, row: event.record };
    for (const search of quickMessagesApi.util.selectCachedArgsForQuery(getState(), 'pageQuickMessages')) {
      dispatch(
        quickMessagesApi.util.updateQueryData('pageQuickMessages', search, (draft) =>
          mergePagedChange(draft, change, quickMessagesList, search),
        ),
      );
    }
    dispatch(
      quickMessagesApi.util.updateQueryData('listQuickMessages', undefined, (draft) => {
        const id = event.action === 'delete' ? event.id : event.record.id;
        const rest = draft.filter((record) => record.id !== id);
        return event.action === 'delete' ? rest : [...rest, event.record].sort(byShortcode);
      }),
    );
  };
}

export const {
  useListQuickMessagesQuery,
  usePageQuickMessagesInfiniteQuery,
  useCreateQuickMessageMutation,
  useUpdateQuickMessageMutation,
  useDeleteQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  useDeleteQuickMessageMediaMutation,
  useSendQuickMessageMutation,
} = quickMessagesApi;
