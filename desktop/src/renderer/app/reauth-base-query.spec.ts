import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AuthResponse, SessionUser } from '@atendo/shared';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { sessionStarted } from '../features/auth/auth.slice';
import { type AppBaseQuery, withReauth } from './reauth-base-query';
import { createSessionRefresher, RefreshUnavailable } from './session-refresh';
import { createAppStore } from './store';

const user = {
  id: 1,
  name: 'Ana',
  company: { id: 1, name: 'Acme', dueDate: null, settings: [] },
} as unknown as SessionUser;

/** A server that accepts only `validToken` and answers 403 ERR_TOKEN_EXPIRED otherwise. */
function fakeServer(validToken: string, store: ReturnType<typeof createAppStore>) {
  const seen: string[] = [];
  const raw: AppBaseQuery = async (args) => {
    const token = store.getState().auth.token ?? '';
    seen.push(`${typeof args === 'string' ? args : (args as FetchArgs).url}:${token}`);
    // Every request takes a moment, so the three calls overlap like real ones.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (token !== validToken) return { error: { status: 403, data: { error: 'ERR_TOKEN_EXPIRED' } } };
    return { data: { ok: true } };
  };
  return { raw, seen };
}

function baseQueryApi(store: ReturnType<typeof createAppStore>): BaseQueryApi {
  return {
    dispatch: store.dispatch,
    getState: store.getState,
    signal: new AbortController().signal,
    abort: () => undefined,
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

describe('withReauth', () => {
  beforeEach(() => localStorage.clear());

  it('refreshes once for concurrent 403 answers and retries every request', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ token: 'old', user }));
    const { raw } = fakeServer('new', store);
    const refresh = jest.fn(
      () => new Promise<AuthResponse>((resolve) => setTimeout(() => resolve({ token: 'new', user }), 20)),
    );
    const baseQuery = withReauth(raw, createSessionRefresher(refresh));
    const api = baseQueryApi(store);

    const results = await Promise.all(['/a', '/b', '/c'].map((url) => baseQuery(url, api, {})));

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(store.getState().auth.token).toBe('new');
    expect(localStorage.getItem('token')).toBe('new');
  });

  it('lets a request sent during a refresh wait for the new token', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ token: 'old', user }));
    const { raw, seen } = fakeServer('new', store);
    const refresher = createSessionRefresher(
      () => new Promise<AuthResponse>((resolve) => setTimeout(() => resolve({ token: 'new', user }), 20)),
    );
    const baseQuery = withReauth(raw, refresher);
    const api = baseQueryApi(store);

    const first = baseQuery('/a', api, {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(refresher.pending()).not.toBeNull();
    const late = await baseQuery('/late', api, {});

    expect(late.data).toEqual({ ok: true });
    expect(seen.filter((s) => s.startsWith('/late'))).toEqual(['/late:new']);
    expect((await first).data).toEqual({ ok: true });
  });

  it('clears the session when the refresh fails', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ token: 'old', user }));
    expect(localStorage.getItem('token')).toBe('old');
    const { raw } = fakeServer('never', store);
    const refresh = jest.fn(() => Promise.reject(new Error('ERR_SESSION_EXPIRED')));
    const baseQuery = withReauth(raw, createSessionRefresher(refresh));
    const api = baseQueryApi(store);

    const results = await Promise.all(['/a', '/b', '/c'].map((url) => baseQuery(url, api, {})));

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(results.every((r) => r.error?.status === 403)).toBe(true);
    expect(store.getState().auth).toEqual({ token: null, user: null, userFromSnapshot: false, signedOutReason: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([new Error('ERR_SERVER_UNREACHABLE'), new RefreshUnavailable('network')])(
    'keeps the session when the refresh gets no verdict (%p)',
    async (failure) => {
      const store = createAppStore();
      store.dispatch(sessionStarted({ token: 'old', user }));
      const { raw } = fakeServer('never', store);
      const baseQuery = withReauth(
        raw,
        createSessionRefresher(() => Promise.reject(failure)),
      );

      const result = await baseQuery('/a', baseQueryApi(store), {});

      expect(result.error?.status).toBe(403);
      expect(store.getState().auth.token).toBe('old');
      expect(localStorage.getItem('token')).toBe('old');
    },
  );

  it('does not refresh for a 403 that names another reason', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ token: 'old', user }));
    const raw: AppBaseQuery = async () => ({ error: { status: 403, data: { error: 'ERR_PLAN_LIMIT_USERS' } } });
    const refresh = jest.fn(() => Promise.resolve({ token: 'new', user }));
    const result = await withReauth(raw, createSessionRefresher(refresh))('/users', baseQueryApi(store), {});

    expect(refresh).not.toHaveBeenCalled();
    expect(result.error?.data).toEqual({ error: 'ERR_PLAN_LIMIT_USERS' });
  });
});
