import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isErrorCode } from '@atendo/shared';
import { sessionCleared, signedOutReasonOf } from '../features/auth/auth.slice';
import type { SessionRefresher } from './session-refresh';

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

interface WithAuthState {
  auth: { token: string | null };
}

/**
 * A 403 means an expired access token, unless the body names another reason: plan limits and
 * missing permissions also answer 403, and refreshing for them would only delay the real message.
 */
function errorCode(error: FetchBaseQueryError): unknown {
  return (error.data as { error?: unknown } | undefined)?.error;
}

export function needsRefresh(error: FetchBaseQueryError | undefined): boolean {
  if (!error || error.status !== 403) return false;
  const code = errorCode(error);
  return !isErrorCode(code) || code === 'ERR_TOKEN_EXPIRED' || code === 'ERR_SESSION_EXPIRED';
}

/** Wraps a base query so an expired token is refreshed once and the request retried. */
export function withReauth(rawBaseQuery: AppBaseQuery, refresher: SessionRefresher): AppBaseQuery {
  return async (args, api, extraOptions) => {
    const pending = refresher.pending();
    if (pending) await pending;

    const tokenSent = (api.getState() as WithAuthState).auth.token;
    const first = await rawBaseQuery(args, api, extraOptions);
    // A session ended for a reason the user must hear (a reset password) ends here too, not only
    // when the socket or a refresh notices it.
    const ended = first.error?.status === 401 && signedOutReasonOf(errorCode(first.error));
    if (ended && tokenSent && (api.getState() as WithAuthState).auth.token === tokenSent) {
      api.dispatch(sessionCleared(ended));
      return first;
    }
    if (!needsRefresh(first.error) || !tokenSent) return first;

    // A request that was already on the wire while another one refreshed comes back with a 403
    // for the old token: it only needs a retry (new token) or nothing (session already cleared),
    // never a second refresh with a refresh token that has just been rotated.
    const current = (api.getState() as WithAuthState).auth.token;
    const refreshed = current !== tokenSent ? current !== null : await refresher.refresh(api.dispatch);
    if (!refreshed) return first;
    return rawBaseQuery(args, api, extraOptions);
  };
}
