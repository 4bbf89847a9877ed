import type { AuthResponse } from '@atendo/shared';
import { sessionCleared, sessionStarted, signedOutReasonOf } from '../features/auth/auth.slice';
import { resolveBaseUrl } from './base-url';

type Dispatch = (action: ReturnType<typeof sessionStarted> | ReturnType<typeof sessionCleared>) => unknown;

export type RefreshRequest = () => Promise<AuthResponse>;

/**
 * The refresh did not get an answer about the session: no network, the server restarting (5xx),
 * throttled, or its certificate failing. The session may well be alive, so it is kept; signing the
 * agent out because the Wi-Fi dropped is the worst way to lose a customer.
 */
export class RefreshUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefreshUnavailable';
  }
}

/** Codes the desktop bridge rejects with when the main process got no verdict on the session. */
const UNAVAILABLE_CODES = new Set([
  'ERR_SERVER_UNREACHABLE',
  'ERR_SERVER_CERTIFICATE',
  'ERR_UNEXPECTED_RESPONSE',
  'ERR_INTERNAL_SERVER_ERROR',
  'ERR_TOO_MANY_REQUESTS',
]);

function isUnavailable(error: unknown): boolean {
  return error instanceof RefreshUnavailable || (error instanceof Error && UNAVAILABLE_CODES.has(error.message));
}

export interface SessionRefresher {
  /** The refresh in flight, so new requests can wait for it instead of racing with an old token. */
  pending(): Promise<boolean> | null;
  /**
   * Starts a refresh, or joins the one in flight. Resolves false when it did not refresh: the
   * session is cleared if the server refused it, and kept if the server could not be asked.
   */
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
            (error: unknown) => {
              if (!isUnavailable(error)) {
                dispatch(sessionCleared(signedOutReasonOf(error instanceof Error ? error.message : null)));
              }
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
  let response: Response;
  try {
    response = await fetch(`${base}/auth/refresh_token`, { method: 'POST', credentials: 'include' });
  } catch {
    throw new RefreshUnavailable('network');
  }
  if (response.status >= 500 || response.status === 429) throw new RefreshUnavailable(`status ${response.status}`);
  if (!response.ok) {
    // The server's code, as the desktop bridge rejects with it: it may say why the session ended.
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === 'string' ? body.error : `refresh failed with ${response.status}`);
  }
  return (await response.json()) as AuthResponse;
};

export const sessionRefresher = createSessionRefresher(requestTokenRefresh);
