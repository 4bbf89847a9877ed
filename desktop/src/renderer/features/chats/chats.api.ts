import type {
  Chat,
  ChatInput,
  ChatMessage,
  ChatMessagesPage,
  ChatsPage,
  CompanyEventPayloads,
  Id,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk, RootState } from '../../app/store';
import { selectSessionUser } from '../auth/auth.slice';
import { addMessage, type ChatListKind, mergeChat, previewOf, unreadsOf } from './chat-cache';

const nextPage = (lastPage: { hasMore: boolean }, _all: unknown, lastPageParam: number) =>
  lastPage.hasMore ? lastPageParam + 1 : undefined;

export const chatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user's chats, latest activity first; `unread`: only those with messages not read. */
    listChats: build.infiniteQuery<ChatsPage, ChatListKind, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/chats',
        params: { pageNumber: pageParam, ...(queryArg === 'unread' ? { unread: true } : {}) },
      }),
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
    }),
    /** One chat by the uuid of its route. */
    getChat: build.query<Chat, string>({
      query: (uuid) => `/chats/${encodeURIComponent(uuid)}`,
    }),
    createChat: build.mutation<Chat, ChatInput>({
      query: (body) => ({ url: '/chats', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyChatEvent({ action: 'create', chat: data }));
      },
    }),
    updateChat: build.mutation<Chat, { id: Id; changes: ChatInput }>({
      query: ({ id, changes }) => ({ url: `/chats/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyChatEvent({ action: 'update', chat: data }));
      },
    }),
    deleteChat: build.mutation<void, Id>({
      query: (id) => ({ url: `/chats/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyChatEvent({ action: 'delete', chatId: id, id }));
      },
    }),
    /** The user has seen the chat's messages: their unread count goes back to 0. */
    markChatRead: build.mutation<Chat, Id>({
      query: (id) => ({ url: `/chats/${id}/read`, method: 'POST' }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyChatEvent({ action: 'update', chat: data }));
      },
    }),
    /** A chat's messages, newest first, 20 a page: each next page holds older ones. */
    listChatMessages: build.infiniteQuery<ChatMessagesPage, Id, number>({
      query: ({ queryArg, pageParam }) => ({ url: `/chats/${queryArg}/messages`, params: { pageNumber: pageParam } }),
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
    }),
    sendChatMessage: build.mutation<ChatMessage, { chatId: Id; message: string }>({
      query: ({ chatId, message }) => ({ url: `/chats/${chatId}/messages`, method: 'POST', body: { message } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyOwnMessage(data));
      },
    }),
  }),
});

/** The chat as the cache knows it now (from a list or from its own query). */
function cachedChat(state: RootState, chatId: Id): Chat | undefined {
  for (const kind of chatsApi.util.selectCachedArgsForQuery(state, 'listChats')) {
    const pages = chatsApi.endpoints.listChats.select(kind)(state).data?.pages ?? [];
    const found = pages.flatMap((page) => page.records).find((chat) => chat.id === chatId);
    if (found) return found;
  }
  for (const uuid of chatsApi.util.selectCachedArgsForQuery(state, 'getChat')) {
    const found = chatsApi.endpoints.getChat.select(uuid)(state).data;
    if (found?.id === chatId) return found;
  }
  return undefined;
}

/**
 * A chat change (a live event, or our own call's answer) written into every cached list, the
 * chat's own query and its loaded messages. The same code serves both, so an event that echoes
 * our own call changes nothing more.
 */
export function applyChatEvent(event: CompanyEventPayloads['chat']): AppThunk {
  return (dispatch, getState) => {
    const me = selectSessionUser(getState())?.id;
    if (me === undefined) return;
    const change = event.action === 'delete' ? { chatId: event.chatId } : { chat: event.chat };
    for (const kind of chatsApi.util.selectCachedArgsForQuery(getState(), 'listChats')) {
      dispatch(
        chatsApi.util.updateQueryData('listChats', kind, (draft) =>
          mergeChat(draft, change, (chat) => kind === 'all' || unreadsOf(chat, me) > 0),
        ),
      );
    }
    for (const uuid of chatsApi.util.selectCachedArgsForQuery(getState(), 'getChat')) {
      const known = chatsApi.endpoints.getChat.select(uuid)(getState()).data;
      if (!known) continue;
      if (event.action === 'delete') {
        // Asked again, the server answers that it is gone for this user (404).
        if (known.id === event.chatId)
          void dispatch(chatsApi.endpoints.getChat.initiate(uuid, { forceRefetch: true, subscribe: false }));
      } else if (known.id === event.chat.id) {
        dispatch(chatsApi.util.updateQueryData('getChat', uuid, () => event.chat));
      }
    }
    if (event.action === 'new-message') {
      dispatch(
        chatsApi.util.updateQueryData('listChatMessages', event.chatId, (draft) => addMessage(draft, event.newMessage)),
      );
    }
  };
}

/**
 * Our own message, as the server answered it: shown at once, and its chat moved up with it. The
 * members' event carries the same and may come first: then the chat is already newer than the
 * message and only the message is added.
 */
function applyOwnMessage(message: ChatMessage): AppThunk {
  return (dispatch, getState) => {
    const me = selectSessionUser(getState())?.id;
    const known = cachedChat(getState(), message.chatId);
    if (!known || me === undefined || known.updatedAt >= message.createdAt) {
      dispatch(
        chatsApi.util.updateQueryData('listChatMessages', message.chatId, (draft) => addMessage(draft, message)),
      );
      return;
    }
    const chat: Chat = {
      ...known,
      lastMessage: previewOf(message.message),
      updatedAt: message.createdAt,
      users: known.users.map((member) => (member.userId === me ? { ...member, unreads: 0 } : member)),
    };
    dispatch(applyChatEvent({ action: 'new-message', chatId: message.chatId, newMessage: message, chat }));
  };
}

export const {
  useListChatsInfiniteQuery,
  useGetChatQuery,
  useCreateChatMutation,
  useUpdateChatMutation,
  useDeleteChatMutation,
  useMarkChatReadMutation,
  useListChatMessagesInfiniteQuery,
  useSendChatMessageMutation,
} = chatsApi;
