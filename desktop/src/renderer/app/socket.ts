import {
  type ClientToServerEvents,
  companyEvent,
  type CompanyEventPayloads,
  type CompanyEventSuffix,
  SOCKET_PING_MS,
  type ServerToClientEvents,
  USER_STATUS_INTERVAL_MS,
} from '@atendo/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { selectSessionUser, selectToken } from '../features/auth/auth.slice';
import { applyWhatsappEvent, applyWhatsappSessionEvent } from '../features/connections/connections.api';
import { applyQueueEvent } from '../features/queues/queues.api';
import { applySettingsEvent } from '../features/settings/settings.api';
import {
  applyContactEvent,
  applyMessageEvent,
  applyTicketEvent,
  catchUpSince,
} from '../features/tickets/tickets.realtime';
import { applyUserEvent } from '../features/users/users.api';
import { resolveBaseUrl } from './base-url';
import { sessionRefresher } from './session-refresh';
import { useAppDispatch, useAppSelector } from './store';
import { useNotify } from './toasts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Rooms a screen asks for: the ticket lists of one status, or one conversation. */
export type RoomKind = 'tickets' | 'chatBox';

const JOIN = { tickets: 'joinTickets', chatBox: 'joinChatBox' } as const;
const LEAVE = { tickets: 'joinTicketsLeave', chatBox: 'joinChatBoxLeave' } as const;

/**
 * The one live socket and the rooms the mounted screens want. Joins are counted, so two screens
 * asking for one room share it; every `ready` (first connection and each reconnect, since the
 * server forgets joins) sends them all again.
 */
const live: { socket: AppSocket | null; ready: boolean; rooms: Map<string, number> } = {
  socket: null,
  ready: false,
  rooms: new Map(),
};

function roomKey(kind: RoomKind, value: string | number): string {
  return `${kind}:${value}`;
}

function emitRoom(kind: RoomKind, value: string, join: boolean): void {
  const socket = live.socket;
  if (!socket || !live.ready) return;
  if (kind === 'tickets') socket.emit(join ? JOIN.tickets : LEAVE.tickets, value);
  else socket.emit(join ? JOIN.chatBox : LEAVE.chatBox, value);
}

function rejoinRooms(): void {
  for (const key of live.rooms.keys()) {
    const [kind, ...rest] = key.split(':');
    emitRoom(kind as RoomKind, rest.join(':'), true);
  }
}

/** Joins a room while the calling component is mounted (null joins nothing). */
export function useSocketRoom(kind: RoomKind, value: string | number | null | undefined): void {
  useEffect(() => {
    if (value === null || value === undefined || value === '') return;
    const key = roomKey(kind, value);
    const count = live.rooms.get(key) ?? 0;
    live.rooms.set(key, count + 1);
    if (count === 0) emitRoom(kind, String(value), true);
    return () => {
      const left = (live.rooms.get(key) ?? 1) - 1;
      if (left > 0) {
        live.rooms.set(key, left);
        return;
      }
      live.rooms.delete(key);
      emitRoom(kind, String(value), false);
    };
  }, [kind, value]);
}

type CompanyListener<S extends CompanyEventSuffix> = (payload: CompanyEventPayloads[S]) => void;
const listeners = new Map<CompanyEventSuffix, Set<(payload: unknown) => void>>();

function publish<S extends CompanyEventSuffix>(suffix: S, payload: CompanyEventPayloads[S]): void {
  for (const listener of listeners.get(suffix) ?? []) listener(payload);
}

/**
 * Side effects of live events beyond the cache (sounds, notifications, leaving a deleted ticket).
 * The cache itself is written by the socket's own handlers, so screens never double-apply.
 */
export function useCompanyEvent<S extends CompanyEventSuffix>(suffix: S, listener: CompanyListener<S>): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const wrapped = (payload: unknown) => latest.current(payload as CompanyEventPayloads[S]);
    let set = listeners.get(suffix);
    if (!set) {
      set = new Set();
      listeners.set(suffix, set);
    }
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
    };
  }, [suffix]);
}

/** Catching up after a reconnect starts this long before the disconnection, for clock skew. */
const CATCH_UP_MARGIN_MS = 60_000;

/** Spec §4: a session ended by a newer sign-in shows why, then starts over after one second. */
const SESSION_TAKEN_RELOAD_MS = 1000;

function isTokenExpired(error: Error & { data?: unknown }): boolean {
  const data = error.data as { message?: unknown } | string | undefined;
  return (
    error.message === 'ERR_TOKEN_EXPIRED' ||
    data === 'ERR_TOKEN_EXPIRED' ||
    (typeof data === 'object' && data?.message === 'ERR_TOKEN_EXPIRED')
  );
}

/**
 * The company's live events, written straight into the RTK Query cache. The socket is rebuilt
 * whenever the token changes, because the server authenticates it once, at the handshake.
 */
export function useRealtime(): void {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const notify = useNotify();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectSessionUser);
  const companyId = user?.companyId;
  const userId = user?.id;
  // Read through a ref so a language switch does not tear the socket down.
  const feedback = useRef({ t, notify });
  useEffect(() => {
    feedback.current = { t, notify };
  });

  useEffect(() => {
    if (!token || companyId === undefined) return;
    let socket: AppSocket | null = null;
    let statusTimer: number | undefined;
    let cancelled = false;

    void resolveBaseUrl().then((base) => {
      if (cancelled) return;
      const options = {
        transports: ['websocket'],
        query: { token },
        timeout: SOCKET_PING_MS,
      };
      const created: AppSocket = base ? io(base, options) : io(options);
      socket = created;
      live.socket = created;
      let readyBefore = false;
      let disconnectedAt = Date.now();

      // The server only accepts joins once it has verified the token, and forgets them on reconnect.
      created.on('ready', () => {
        live.ready = true;
        created.emit('joinNotification');
        created.emit('userStatus');
        rejoinRooms();
        // Events sent while we were away are lost: fetch what changed meanwhile.
        if (readyBefore) void dispatch(catchUpSince(new Date(disconnectedAt - CATCH_UP_MARGIN_MS).toISOString()));
        readyBefore = true;
      });
      created.on('disconnect', () => {
        live.ready = false;
        disconnectedAt = Date.now();
      });
      statusTimer = window.setInterval(() => created.emit('userStatus'), USER_STATUS_INTERVAL_MS);

      created.on(companyEvent(companyId, 'user'), (payload) => dispatch(applyUserEvent(payload)));
      created.on(companyEvent(companyId, 'queue'), (payload) => dispatch(applyQueueEvent(payload)));
      created.on(companyEvent(companyId, 'settings'), (payload) => dispatch(applySettingsEvent(payload)));
      created.on(companyEvent(companyId, 'whatsapp'), (payload) => {
        dispatch(applyWhatsappEvent(payload));
        publish('whatsapp', payload);
      });
      created.on(companyEvent(companyId, 'whatsappSession'), (payload) => {
        dispatch(applyWhatsappSessionEvent(payload));
        publish('whatsappSession', payload);
      });
      created.on(companyEvent(companyId, 'ticket'), (payload) => {
        dispatch(applyTicketEvent(payload));
        publish('ticket', payload);
      });
      created.on(companyEvent(companyId, 'appMessage'), (payload) => {
        dispatch(applyMessageEvent(payload));
        publish('appMessage', payload);
      });
      created.on(companyEvent(companyId, 'contact'), (payload) => {
        dispatch(applyContactEvent(payload));
        publish('contact', payload);
      });
      created.on(companyEvent(companyId, 'auth'), (payload) => {
        if (payload.user?.id !== undefined && payload.user.id !== userId) return;
        feedback.current.notify.error(feedback.current.t('auth.sessionTakenOver'));
        window.localStorage.clear();
        window.setTimeout(() => window.location.reload(), SESSION_TAKEN_RELOAD_MS);
      });

      created.on('connect_error', (error) => {
        if (!isTokenExpired(error)) return;
        created.disconnect();
        // A successful refresh changes the token, which rebuilds this socket; a failed one signs out.
        void sessionRefresher.refresh(dispatch);
      });
    });

    return () => {
      cancelled = true;
      if (live.socket === socket) {
        live.socket = null;
        live.ready = false;
      }
      window.clearInterval(statusTimer);
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  }, [token, companyId, userId, dispatch]);
}
