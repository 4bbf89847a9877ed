import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { connectionChanged, type ShellState } from '../features/shell/shell.slice';
import { resolveBaseUrl } from './base-url';
import { type AppBaseQuery, withReauth } from './reauth-base-query';
import { sessionRefresher } from './session-refresh';

/**
 * A mutation's answer inside its onQueryStarted, or null when it failed: the mutation's caller
 * shows the failure, so the cache writers only skip their write (an awaited rejection there would
 * go unhandled).
 */
export async function succeeded<T>(queryFulfilled: Promise<T>): Promise<T | null> {
  try {
    return await queryFulfilled;
  } catch {
    return null;
  }
}

/**
 * Public calls go out like the old family's second client: no cookies and no bearer token. Login is
 * not among them because its answer sets the refresh cookie, which needs credentials to be kept.
 * The send API's test forms carry a connection's token of their own instead of the session's.
 */
export const PUBLIC_ENDPOINTS = new Set([
  'listPublicPlans',
  'signup',
  'forgotPassword',
  'resetPassword',
  'sendExternalMessage',
]);

let fetcher: { base: string; query: AppBaseQuery } | null = null;

const rawBaseQuery: AppBaseQuery = async (args, api, extraOptions) => {
  const base = await resolveBaseUrl();
  if (!fetcher || fetcher.base !== base) {
    fetcher = {
      base,
      query: fetchBaseQuery({
        baseUrl: base,
        credentials: 'include',
        prepareHeaders: (headers, { getState, endpoint }) => {
          const token = (getState() as { auth: { token: string | null } }).auth.token;
          if (token && !PUBLIC_ENDPOINTS.has(endpoint)) headers.set('Authorization', `Bearer ${token}`);
          return headers;
        },
      }),
    };
  }
  const request = typeof args === 'string' ? { url: args } : args;
  const isPublic = PUBLIC_ENDPOINTS.has(api.endpoint);
  const result = await fetcher.query(isPublic ? { ...request, credentials: 'omit' } : request, api, extraOptions);
  // While the socket is still trying, a request that got no answer already says the server is out
  // of reach: the banner shows now rather than when the socket's own attempt times out. A failure
  // while the socket is connected is a blip, and the socket's state stays the judge.
  if (
    result.error?.status === 'FETCH_ERROR' &&
    (api.getState() as { shell: ShellState }).shell.connection === 'connecting'
  ) {
    api.dispatch(connectionChanged('offline'));
  }
  return result;
};

/** The one API slice; every feature adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: withReauth(rawBaseQuery, sessionRefresher),
  tagTypes: ['CompanyPlan', 'Connections', 'TicketList', 'Ticket', 'Messages', 'Invoices', 'Subscription', 'Dashboard'],
  endpoints: () => ({}),
});
