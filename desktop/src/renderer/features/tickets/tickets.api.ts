import type { Contact, Id, Message, Ticket, TicketNote, TicketStatus } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import { type MessagePageParam, type MessagesPage, nextMessagePage } from './thread';
import {
  nextTicketPage,
  type TicketListArgs,
  type TicketPageParam,
  type TicketsPage,
  ticketListParams,
} from './ticket-lists';
import { applyMessageEvent, applyTicketEvent } from './tickets.realtime';

export interface MessagesAnswer extends MessagesPage {
  ticket?: Ticket;
}

export interface TicketChanges {
  status?: TicketStatus;
  userId?: Id | null;
  queueId?: Id | null;
  whatsappId?: Id | null;
  /** Accepting: the server sends the company's greeting (when sendGreetingAccepted is on), once. */
  greeting?: boolean;
}

export interface NewTicket {
  contactId: Id;
  queueId: Id | null;
  whatsappId: Id | null;
  userId: Id | null;
  status: 'open';
}

/** The 409 body of POST /tickets when the contact already has a ticket (spec §8). */
export interface OtherOpenTicketBody {
  error: 'ERR_OTHER_OPEN_TICKET';
  ticket?: { id: Id; uuid: string; user?: { name: string } | null; queue?: { name: string } | null };
}

function isMessage(value: unknown): value is Message {
  return !!value && typeof value === 'object' && 'id' in value && 'ticketId' in value && 'body' in value;
}

export const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTickets: build.infiniteQuery<TicketsPage, TicketListArgs, TicketPageParam>({
      query: ({ queryArg, pageParam }) => ({ url: '/tickets', params: ticketListParams(queryArg, pageParam) }),
      infiniteQueryOptions: {
        initialPageParam: { page: 1 },
        getNextPageParam: (lastPage, _allPages, lastPageParam) => nextTicketPage(lastPage, lastPageParam),
      },
      providesTags: ['TicketList'],
    }),
    getTicketByUuid: build.query<Ticket, string>({
      query: (uuid) => `/tickets/u/${encodeURIComponent(uuid)}`,
      providesTags: ['Ticket'],
    }),
    updateTicket: build.mutation<Ticket, { id: Id; changes: TicketChanges }>({
      query: ({ id, changes }) => ({ url: `/tickets/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        if (data && typeof data === 'object' && 'id' in data)
          dispatch(applyTicketEvent({ action: 'update', ticket: data }));
      },
    }),
    createTicket: build.mutation<Ticket, NewTicket>({
      query: (body) => ({ url: '/tickets', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyTicketEvent({ action: 'update', ticket: data }));
      },
    }),
    deleteTicket: build.mutation<void, Id>({
      query: (id) => ({ url: `/tickets/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyTicketEvent({ action: 'delete', ticketId: id }));
      },
    }),
    listMessages: build.infiniteQuery<MessagesAnswer, Id, MessagePageParam>({
      query: ({ queryArg, pageParam }) => ({
        url: `/messages/${queryArg}`,
        params: pageParam.before ? { before: pageParam.before } : { pageNumber: pageParam.page },
      }),
      infiniteQueryOptions: {
        initialPageParam: { page: 1 },
        getNextPageParam: (lastPage, _allPages, lastPageParam) => nextMessagePage(lastPage, lastPageParam),
      },
      providesTags: ['Messages'],
    }),
    /**
     * Reads the newest page again so the server clears the unread count (it does for the ticket's
     * agent, never for a peeking admin): for messages that arrive while the conversation is open.
     */
    markConversationRead: build.mutation<MessagesAnswer, Id>({
      query: (ticketId) => ({ url: `/messages/${ticketId}`, params: { pageNumber: 1 } }),
    }),
    /** What changed since an instant, for a client coming back from a disconnection. */
    changedTickets: build.query<TicketsPage, { since: string; showAll: boolean }>({
      query: ({ since, showAll }) => ({
        url: '/tickets',
        params: { updatedAt: since, ...(showAll ? { showAll: 'true' } : {}) },
      }),
    }),
    changedMessages: build.query<MessagesAnswer, { ticketId: Id; since: string }>({
      query: ({ ticketId, since }) => ({ url: `/messages/${ticketId}`, params: { since } }),
    }),
    sendMessage: build.mutation<unknown, { ticketId: Id; body: string; quotedMsgId?: Id | null }>({
      query: ({ ticketId, body, quotedMsgId }) => ({
        url: `/messages/${ticketId}`,
        method: 'POST',
        body: { body, fromMe: true, read: true, ...(quotedMsgId ? { quotedMsgId } : {}) },
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        // The socket brings the message too; the same id is merged, never duplicated.
        if (isMessage(data)) dispatch(applyMessageEvent({ action: 'update', message: data }, true));
      },
    }),
    /** Files go as multipart `medias`, each with its name as body (spec §3 Message send payload). */
    sendMedia: build.mutation<unknown, { ticketId: Id; form: FormData }>({
      query: ({ ticketId, form }) => ({ url: `/messages/${ticketId}`, method: 'POST', body: form }),
    }),
    deleteMessage: build.mutation<void, Id>({
      query: (id) => ({ url: `/messages/${id}`, method: 'DELETE' }),
    }),
    listNotes: build.query<TicketNote[], { ticketId: Id; contactId: Id }>({
      query: (params) => ({ url: '/ticket-notes/list', params }),
    }),
    addNote: build.mutation<TicketNote, { note: string; ticketId: Id; contactId: Id }>({
      query: (body) => ({ url: '/ticket-notes', method: 'POST', body }),
      async onQueryStarted({ ticketId, contactId }, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(
          ticketsApi.util.updateQueryData('listNotes', { ticketId, contactId }, (draft) => {
            if (!draft.some((n) => n.id === data.id)) draft.unshift(data);
          }),
        );
      },
    }),
    deleteNote: build.mutation<void, { id: Id; ticketId: Id; contactId: Id }>({
      query: ({ id }) => ({ url: `/ticket-notes/${id}`, method: 'DELETE' }),
      async onQueryStarted({ id, ticketId, contactId }, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          ticketsApi.util.updateQueryData('listNotes', { ticketId, contactId }, (draft) =>
            draft.filter((n) => n.id !== id),
          ),
        );
      },
    }),
  }),
});

export type { Contact };

export const {
  useListTicketsInfiniteQuery,
  useGetTicketByUuidQuery,
  useUpdateTicketMutation,
  useCreateTicketMutation,
  useDeleteTicketMutation,
  useListMessagesInfiniteQuery,
  useMarkConversationReadMutation,
  useSendMessageMutation,
  useSendMediaMutation,
  useDeleteMessageMutation,
  useListNotesQuery,
  useAddNoteMutation,
  useDeleteNoteMutation,
} = ticketsApi;
