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
import { applyAnnouncementEvent } from '../features/announcements/announcements.api';
import { applyCampaignEvent } from '../features/campaigns/campaigns.api';
import { applyChatEvent } from '../features/chats/chats.api';
import { selectSessionUser, selectToken, sessionCleared, signedOutReasonOf } from '../features/auth/auth.slice';
import { applyWhatsappEvent, applyWhatsappSessionEvent } from '../features/connections/connections.api';
import { applyContactListEvent, applyContactListItemEvent } from '../features/contact-lists/contact-lists.api';
import { applyContactsEvent } from '../features/contacts/contacts.api';
import { applyFileListEvent } from '../features/files/files.api';
import {
  applyConnectionToCampaigns,
  applyFlowCampaignEvent,
  applyFlowToCampaigns,
} from '../features/flow-campaigns/flow-campaigns.api';
import { applyFlowEvent } from '../features/flows/flows.api';
import { applyPaymentEvent } from '../features/invoices/invoices.api';
import { applyKanbanTagEvent } from '../features/kanban/kanban.api';
import { applyPlanEvent } from '../features/plans/plans.api';
import { applyPromptEvent } from '../features/prompts/prompts.api';
import { applyQueueIntegrationEvent } from '../features/queue-integrations/queue-integrations.api';
import { applyQueueEvent } from '../features/queues/queues.api';
import { applyQuickMessageEvent } from '../features/quick-messages/quick-messages.api';
import { applyScheduleEvent } from '../features/schedules/schedules.api';
import { applySettingsEvent } from '../features/settings/settings.api';
import { applyMessageEvent, applyTicketEvent, catchUpSince } from '../features/tickets/tickets.realtime';
import { connectionChanged } from '../features/shell/shell.slice';
import { applyTagEvent } from '../features/tags/tags.api';
import { applyUserEvent } from '../features/users/users.api';
import { resolveBaseUrl } from './base-url';
import { refetchFailedQueries } from './refetch-failed';
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
const live: {
  socket: AppSocket | null;
  ready: boolean;
  rooms: Map<string, number>;
  /**
   * When the server was last heard from (an event or a ping), for the session in `heardFor`. It
   * outlives the socket, which is rebuilt on every token refresh: the first `ready` of a rebuilt
   * socket must still catch up on what was sent while the old one was gone.
   */
  lastHeardAt: number | null;
  heardFor: string | null;
  /** The desktop app reports the agent away from the computer: no "I am online" pings then. */
  away: boolean;
} = {
  socket: null,
  ready: false,
  rooms: new Map(),
  lastHeardAt: null,
  heardFor: null,
  away: false,
};

/**
 * Drops the connection and opens a new one at once. For moments when the socket may look connected
 * over a dead link (the computer woke from sleep, the network changed), and for the banner's button
 * while socket.io waits out its reconnection back-off.
 */
export function reconnectNow(): void {
  const socket = live.socket;
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

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

/** A token refresh that could not reach the server is tried again after this long. */
const REFRESH_RETRY_MS = 5000;

/** Spec §4: a session ended by a newer sign-in shows why, then signs out after one second. */
const SESSION_TAKEN_RELOAD_MS = 1000;

/** The server's code in a refused handshake: the error's message, or its data. */
function errorCodeOf(error: Error & { data?: unknown }): unknown {
  const data = error.data as { message?: unknown } | string | undefined;
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data?.message !== undefined) return data.message;
  return error.message;
}

function isTokenExpired(error: Error & { data?: unknown }): boolean {
  return error.message === 'ERR_TOKEN_EXPIRED' || errorCodeOf(error) === 'ERR_TOKEN_EXPIRED';
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

  // Signals that the connection may be dead or is back, from the OS (through the desktop app) and
  // from the browser's own network state.
  useEffect(() => {
    const onOffline = () => dispatch(connectionChanged('offline'));
    window.addEventListener('online', reconnectNow);
    window.addEventListener('offline', onOffline);
    const stops = [
      window.desktop?.onResume(reconnectNow),
      window.desktop?.onIdleChange((idle) => {
        live.away = idle;
        // Back at the computer: say so now rather than at the next interval.
        if (!idle && live.ready) live.socket?.emit('userStatus');
      }),
    ];
    return () => {
      window.removeEventListener('online', reconnectNow);
      window.removeEventListener('offline', onOffline);
      for (const stop of stops) stop?.();
    };
  }, [dispatch]);

  useEffect(() => {
    if (!token || companyId === undefined) return;
    let socket: AppSocket | null = null;
    let statusTimer: number | undefined;
    let retryTimer: number | undefined;
    let cancelled = false;
    const session = `${companyId}:${userId}`;
    if (live.heardFor !== session) {
      live.heardFor = session;
      live.lastHeardAt = null;
    }
    const heard = () => {
      if (live.ready) live.lastHeardAt = Date.now();
    };

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
      dispatch(connectionChanged('connecting'));

      // The server only accepts joins once it has verified the token, and forgets them on reconnect.
      created.on('ready', () => {
        live.ready = true;
        dispatch(connectionChanged('online'));
        created.emit('joinNotification');
        if (!live.away) created.emit('userStatus');
        rejoinRooms();
        // Events sent while we were away are lost: fetch what changed since the server was last
        // heard from (not since the disconnection, which a sleeping computer notices only on waking).
        if (live.lastHeardAt !== null) {
          void dispatch(catchUpSince(new Date(live.lastHeardAt - CATCH_UP_MARGIN_MS).toISOString()));
        }
        dispatch(refetchFailedQueries());
        live.lastHeardAt = Date.now();
      });
      created.io.on('ping', heard);
      created.on('disconnect', (reason) => {
        live.ready = false;
        // Our own disconnect (reconnectNow, or this socket being replaced) is no outage to show.
        if (reason !== 'io client disconnect') dispatch(connectionChanged('offline'));
      });
      statusTimer = window.setInterval(() => {
        if (!live.away) created.emit('userStatus');
      }, USER_STATUS_INTERVAL_MS);

      created.onAny(heard);
      created.on(companyEvent(companyId, 'user'), (payload) => dispatch(applyUserEvent(payload)));
      created.on(companyEvent(companyId, 'queue'), (payload) => dispatch(applyQueueEvent(payload)));
      created.on(companyEvent(companyId, 'tag'), (payload) => {
        dispatch(applyTagEvent(payload));
        dispatch(applyKanbanTagEvent(payload));
      });
      created.on(companyEvent(companyId, 'settings'), (payload) => dispatch(applySettingsEvent(payload)));
      created.on(companyEvent(companyId, 'announcement'), (payload) => dispatch(applyAnnouncementEvent(payload)));
      created.on(companyEvent(companyId, 'ContactList'), (payload) => dispatch(applyContactListEvent(payload)));
      created.on(companyEvent(companyId, 'ContactListItem'), (payload) => dispatch(applyContactListItemEvent(payload)));
      created.on(companyEvent(companyId, 'quickmessage'), (payload) => dispatch(applyQuickMessageEvent(payload)));
      created.on(companyEvent(companyId, 'schedule'), (payload) => dispatch(applyScheduleEvent(payload)));
      created.on(companyEvent(companyId, 'file'), (payload) => dispatch(applyFileListEvent(payload)));
      created.on(companyEvent(companyId, 'prompt'), (payload) => dispatch(applyPromptEvent(payload)));
      created.on(companyEvent(companyId, 'queueIntegration'), (payload) =>
        dispatch(applyQueueIntegrationEvent(payload)),
      );
      created.on(companyEvent(companyId, 'flowbuilder'), (payload) => {
        dispatch(applyFlowEvent(payload));
        dispatch(applyFlowToCampaigns(payload));
      });
      created.on(companyEvent(companyId, 'flowcampaign'), (payload) => dispatch(applyFlowCampaignEvent(payload)));
      created.on(companyEvent(companyId, 'campaign'), (payload) => {
        dispatch(applyCampaignEvent(payload));
        publish('campaign', payload);
      });
      created.on(companyEvent(companyId, 'chat'), (payload) => {
        dispatch(applyChatEvent(payload));
        publish('chat', payload);
      });
      created.on(companyEvent(companyId, 'plan'), (payload) => dispatch(applyPlanEvent(companyId, payload)));
      created.on(companyEvent(companyId, 'payment'), (payload) => {
        dispatch(applyPaymentEvent(payload));
        publish('payment', payload);
      });
      created.on(companyEvent(companyId, 'whatsapp'), (payload) => {
        dispatch(applyWhatsappEvent(payload));
        dispatch(applyConnectionToCampaigns(payload));
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
        dispatch(applyContactsEvent(payload));
        publish('contact', payload);
      });
      created.on(companyEvent(companyId, 'auth'), (payload) => {
        if (payload.user?.id !== undefined && payload.user.id !== userId) return;
        if (payload.reason === 'password-reset') {
          dispatch(sessionCleared('passwordChanged'));
          return;
        }
        // Spec §4: the error, then a fresh start. Only the session goes: the language, theme,
        // volume, queue filter and signature are the person's, not the session's.
        feedback.current.notify.error(feedback.current.t('auth.sessionTakenOver'));
        window.setTimeout(() => dispatch(sessionCleared('takenOver')), SESSION_TAKEN_RELOAD_MS);
      });

      created.on('connect_error', (error) => {
        const ended = signedOutReasonOf(errorCodeOf(error));
        if (ended) {
          dispatch(sessionCleared(ended));
          return;
        }
        if (!isTokenExpired(error)) {
          dispatch(connectionChanged('offline'));
          return;
        }
        created.disconnect();
        // A successful refresh changes the token, which rebuilds this socket; a refused one signs
        // out. When the refresh could not reach the server, this socket tries again later.
        void sessionRefresher.refresh(dispatch).then((refreshed) => {
          if (refreshed || cancelled) return;
          dispatch(connectionChanged('offline'));
          retryTimer = window.setTimeout(() => created.connect(), REFRESH_RETRY_MS);
        });
      });
    });

    return () => {
      cancelled = true;
      window.clearTimeout(retryTimer);
      if (live.socket === socket) {
        live.socket = null;
        live.ready = false;
      }
      window.clearInterval(statusTimer);
      socket?.removeAllListeners();
      socket?.offAny(heard);
      socket?.io.off('ping', heard);
      socket?.disconnect();
    };
  }, [token, companyId, userId, dispatch]);
}
