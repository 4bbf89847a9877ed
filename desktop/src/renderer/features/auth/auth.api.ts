import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  type AuthResponse,
  daysUntil,
  type ErrorBody,
  type Id,
  type IsoDate,
  type Language,
  type LoginRequest,
  type SessionUser,
} from '@atendo/shared';
import { api } from '../../app/api';
import { sessionCleared, sessionStarted, sessionUserLoaded, signedOutReasonOf } from './auth.slice';

/**
 * The bridge rejects with the server's error, but an error crossing Electron IPC arrives as an
 * Error whose message wraps the original text; the code is recovered from either shape.
 */
export function bridgeError(error: unknown): FetchBaseQueryError {
  if (error && typeof error === 'object' && typeof (error as ErrorBody).error === 'string') {
    const body = error as ErrorBody & { status?: number };
    return { status: typeof body.status === 'number' ? body.status : 400, data: body };
  }
  const message = error instanceof Error ? error.message : String(error);
  const json = message.match(/\{.*\}/s)?.[0];
  if (json) {
    try {
      const parsed = JSON.parse(json) as ErrorBody & { status?: number };
      if (typeof parsed.error === 'string') return { status: parsed.status ?? 400, data: parsed };
    } catch {
      // Not JSON after all; fall through to the code search.
    }
  }
  const code = message.match(/ERR_[A-Z_]+/)?.[0];
  if (code) return { status: 400, data: { error: code } };
  return { status: 'FETCH_ERROR', error: message };
}

function expiredSubscription(user: SessionUser): FetchBaseQueryError | null {
  const dueDate = user.company?.dueDate;
  if (dueDate && daysUntil(dueDate) < 0) {
    return { status: 402, data: { error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate } };
  }
  return null;
}

export interface SignupRequest {
  name: string;
  email: string;
  phone?: string;
  password: string;
  planId: number;
}

export interface SignupResponse {
  id: Id;
  name: string;
  email: string;
  dueDate: IsoDate;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      async queryFn(credentials, _api, _extra, baseQuery) {
        let answer: AuthResponse;
        if (window.desktop) {
          try {
            answer = await window.desktop.auth.login(credentials);
          } catch (error) {
            return { error: bridgeError(error) };
          }
        } else {
          const result = await baseQuery({ url: '/auth/login', method: 'POST', body: credentials });
          if (result.error) return { error: result.error };
          answer = result.data as AuthResponse;
        }
        // The client refuses a company whose due date has passed, even if the server let it in.
        const expired = expiredSubscription(answer.user);
        return expired ? { error: expired } : { data: answer };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionStarted(data));
        } catch {
          // The login form shows the error from the mutation result.
        }
      },
    }),
    logout: build.mutation<null, void>({
      async queryFn(_arg, { getState }, _extra, baseQuery) {
        const token = (getState() as { auth: { token: string | null } }).auth.token;
        try {
          if (window.desktop) await window.desktop.auth.logout(token);
          else await baseQuery({ url: '/auth/logout', method: 'DELETE' });
        } catch {
          // Signing out locally must work even when the server cannot be reached.
        }
        return { data: null };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(sessionCleared());
      },
    }),
    me: build.query<SessionUser, void>({
      query: () => '/auth/me',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionUserLoaded(data));
        } catch (failure) {
          // 401: the stored token is not a session any more. Network errors keep it for a retry.
          const error = (failure as { error?: FetchBaseQueryError }).error;
          if (error?.status === 401) {
            dispatch(sessionCleared(signedOutReasonOf((error.data as { error?: unknown } | undefined)?.error)));
          }
        }
      },
    }),
    // Self-service signup puts the company on a 3-day trial; it starts no session, so the user signs in next.
    signup: build.mutation<SignupResponse, SignupRequest>({
      query: (body) => ({ url: '/companies/cadastro', method: 'POST', body }),
    }),
    // Password reset (spec 2 §7): public calls, the address, code and password in the path as the old clients send them.
    forgotPassword: build.mutation<{ expiresInMinutes: number }, string>({
      query: (email) => ({ url: `/forgetpassword/${encodeURIComponent(email)}`, method: 'POST' }),
    }),
    resetPassword: build.mutation<null, { email: string; code: string; password: string }>({
      query: ({ email, code, password }) => ({
        url: `/resetpasswords/${[email, code, password].map(encodeURIComponent).join('/')}`,
        method: 'POST',
      }),
    }),
    setLanguage: build.mutation<{ language: Language }, Language>({
      query: (lang) => ({ url: `/users/set-language/${lang}`, method: 'POST' }),
    }),
  }),
});

export const {
  useForgotPasswordMutation,
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useResetPasswordMutation,
  useSetLanguageMutation,
  useSignupMutation,
} = authApi;
