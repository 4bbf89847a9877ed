import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from './api';
import type { AppThunk } from './store';

/** No answer, or the server (or a proxy in front of it) failing: worth asking again once back. */
function failedForNetwork(error: unknown): boolean {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500);
}

type Initiate = (arg: unknown, options: { subscribe: false; forceRefetch: true }) => AppThunk<unknown>;

/**
 * After a reconnect, the queries that failed while the server was out of reach (an app started
 * offline has nothing loaded at all) are asked again. Queries that loaded are brought up to date by
 * the socket's catch-up instead, which asks only for what changed.
 */
export function refetchFailedQueries(): AppThunk {
  return (dispatch, getState) => {
    const endpoints = api.endpoints as unknown as Record<string, { initiate?: Initiate } | undefined>;
    for (const entry of Object.values(getState().api.queries)) {
      if (entry?.status !== 'rejected' || !failedForNetwork(entry.error)) continue;
      const initiate = endpoints[entry.endpointName]?.initiate;
      if (initiate) void dispatch(initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }));
    }
  };
}
