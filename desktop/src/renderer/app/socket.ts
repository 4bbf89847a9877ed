import {
  type ClientToServerEvents,
  companyEvent,
  SOCKET_PING_MS,
  type ServerToClientEvents,
  USER_STATUS_INTERVAL_MS,
} from '@atendo/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { selectSessionUser, selectToken } from '../features/auth/auth.slice';
import { applyQueueEvent } from '../features/queues/queues.api';
import { applySettingsEvent } from '../features/settings/settings.api';
import { applyUserEvent } from '../features/users/users.api';
import { resolveBaseUrl } from './base-url';
import { sessionRefresher } from './session-refresh';
import { useAppDispatch, useAppSelector } from './store';
import { useNotify } from './toasts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

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

      // The server only accepts joins once it has verified the token, and forgets them on reconnect.
      created.on('ready', () => {
        created.emit('joinNotification');
        created.emit('userStatus');
      });
      statusTimer = window.setInterval(() => created.emit('userStatus'), USER_STATUS_INTERVAL_MS);

      created.on(companyEvent(companyId, 'user'), (payload) => dispatch(applyUserEvent(payload)));
      created.on(companyEvent(companyId, 'queue'), (payload) => dispatch(applyQueueEvent(payload)));
      created.on(companyEvent(companyId, 'settings'), (payload) => dispatch(applySettingsEvent(payload)));
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
      window.clearInterval(statusTimer);
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  }, [token, companyId, userId, dispatch]);
}
