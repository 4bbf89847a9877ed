import type { AuthResponse } from '@atendo/shared';
import { sessionCleared, sessionStarted } from '../features/auth/auth.slice';
import { resolveBaseUrl } from './base-url';

type Dispatch = (action: ReturnType<typeof sessionStarted> | ReturnType<typeof sessionCleared>) => unknown;

export type RefreshRequest = () => Promise<AuthResponse>;

export interface SessionRefresher {
  /** The refresh in flight, so new requests can wait for it instead of racing with an old token. */
  pending(): Promise<boolean> | null;
  /** Starts a refresh, or joins the one in flight. Resolves false once the session is cleared. */
  refresh(dispatch: Dispatch): Promise<boolean>;
}

/**
 * One refresh at a time: the server rotates the refresh token on every use and treats a reused one
 * as theft, so concurrent 403s must share a single refresh call.
 */
export function createSessionRefresher(request: RefreshRequest): SessionRefresher {
  let inFlight: Promise<boolean> | null = null;
  return {
    pending: () => inFlight,
    refresh(dispatch) {
      if (!inFlight) {
        inFlight = request()
          .then(
            (answer) => {
              dispatch(sessionStarted(answer));
              return true;
            },
            () => {
              dispatch(sessionCleared());
              return false;
            },
          )
          .finally(() => {
            inFlight = null;
          });
      }
      return inFlight;
    },
  };
}

/** The desktop app keeps the refresh token in the main process; the browser has it in a cookie. */
export const requestTokenRefresh: RefreshRequest = async () => {
  if (window.desktop) return window.desktop.auth.refresh();
  const base = await resolveBaseUrl();
  const response = await fetch(`${base}/auth/refresh_token`, { method: 'POST', credentials: 'include' });
  if (!response.ok) throw new Error(`refresh failed with ${response.status}`);
  return (await response.json()) as AuthResponse;
};

export const sessionRefresher = createSessionRefresher(requestTokenRefresh);
