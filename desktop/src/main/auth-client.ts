import { REFRESH_COOKIE, type AuthResponse, type LoginRequest } from '@atendo/shared';
import { isCertificateError, type FetchLike } from './server-check.js';
import type { TokenStore } from './token-store.js';

/**
 * Codes of failures that happen before the server answers. They sit next to the server's own
 * `ERR_*` codes so the renderer maps every rejection the same way.
 */
export const CLIENT_ERRORS = {
  noServer: 'ERR_NO_SERVER_URL',
  unreachable: 'ERR_SERVER_UNREACHABLE',
  certificate: 'ERR_SERVER_CERTIFICATE',
  unexpectedResponse: 'ERR_UNEXPECTED_RESPONSE',
  /** The server's own code for "sign in again"; reused when no refresh token is stored at all. */
  sessionExpired: 'ERR_SESSION_EXPIRED',
} as const;

const REQUEST_TIMEOUT_MS = 20_000;

/**
 * An auth failure as it crosses IPC. Electron only carries an Error's message to the renderer, so
 * the message is the whole payload: the bare server code (`ERR_INVALID_CREDENTIALS`), or, when the
 * server's body has details the UI shows (`dueDate` of ERR_SUBSCRIPTION_EXPIRED, `fields` of
 * ERR_VALIDATION), the JSON `{"error":"ERR_…","dueDate":"…"}`. A message starting with `{` is JSON.
 */
export class AuthError extends Error {
  constructor(
    readonly code: string,
    readonly details: { dueDate?: string; fields?: unknown } = {},
  ) {
    super(Object.keys(details).length > 0 ? JSON.stringify({ error: code, ...details }) : code);
    this.name = 'AuthError';
  }
}

export interface AuthClient {
  login(credentials: LoginRequest): Promise<AuthResponse>;
  refresh(): Promise<AuthResponse>;
  logout(accessToken: string | null): Promise<void>;
}

export interface AuthClientDeps {
  fetch: FetchLike;
  tokens: TokenStore;
  getServerUrl(): string | null;
}

interface RefreshCookie {
  value: string;
  /** The server cleared the cookie (empty value or an expiry in the past). */
  cleared: boolean;
}

/** Finds the refresh cookie among the Set-Cookie headers of an answer. */
export function readRefreshCookie(response: Response, now = Date.now()): RefreshCookie | null {
  const headers = response.headers;
  // getSetCookie keeps each cookie apart; the joined `get` form is only a fallback for fetch
  // implementations without it, and is safe here because the server sets a single cookie.
  const lines =
    typeof headers.getSetCookie === 'function'
      ? headers.getSetCookie()
      : (headers.get('set-cookie') ?? '').split(/,(?=\s*[^;=,\s]+=)/);
  for (const line of lines) {
    const [pair, ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== REFRESH_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    let cleared = value.length === 0;
    for (const attribute of attributes) {
      const [rawName, ...rest] = attribute.split('=');
      const name = rawName.trim().toLowerCase();
      const attributeValue = rest.join('=').trim();
      if (name === 'max-age' && Number(attributeValue) <= 0) cleared = true;
      if (name === 'expires' && Date.parse(attributeValue) <= now) cleared = true;
    }
    return { value, cleared };
  }
  return null;
}

function isAuthResponse(body: unknown): body is AuthResponse {
  if (body === null || typeof body !== 'object') return false;
  const { token, user } = body as { token?: unknown; user?: unknown };
  return typeof token === 'string' && token.length > 0 && user !== null && typeof user === 'object';
}

async function errorFromResponse(response: Response): Promise<AuthError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page: there is no server code to report.
  }
  if (body !== null && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    const { error, dueDate, fields } = body as { error: string; dueDate?: unknown; fields?: unknown };
    const details: { dueDate?: string; fields?: unknown } = {};
    if (typeof dueDate === 'string') details.dueDate = dueDate;
    if (Array.isArray(fields)) details.fields = fields;
    return new AuthError(error, details);
  }
  return new AuthError(CLIENT_ERRORS.unexpectedResponse);
}

export function createAuthClient({ fetch, tokens, getServerUrl }: AuthClientDeps): AuthClient {
  let refreshInFlight: Promise<AuthResponse> | null = null;

  function serverUrl(): string {
    const url = getServerUrl();
    if (!url) throw new AuthError(CLIENT_ERRORS.noServer);
    return url;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${serverUrl()}${path}`, {
        ...init,
        // Cookies are handled by hand: Chromium's cookie jar would keep the refresh token
        // unencrypted on disk and send it on requests we do not control.
        credentials: 'omit',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof AuthError) throw error;
      throw new AuthError(isCertificateError(error) ? CLIENT_ERRORS.certificate : CLIENT_ERRORS.unreachable);
    }
  }

  async function acceptSession(response: Response): Promise<AuthResponse> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new AuthError(CLIENT_ERRORS.unexpectedResponse);
    }
    if (!isAuthResponse(body)) throw new AuthError(CLIENT_ERRORS.unexpectedResponse);
    const cookie = readRefreshCookie(response);
    if (cookie && !cookie.cleared) tokens.save(cookie.value);
    else if (cookie?.cleared) tokens.wipe();
    return { token: body.token, user: body.user };
  }

  async function login(credentials: LoginRequest): Promise<AuthResponse> {
    const response = await send('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        email: credentials.email,
        password: credentials.password,
        language: credentials.language,
      }),
    });
    if (!response.ok) throw await errorFromResponse(response);
    return acceptSession(response);
  }

  async function refreshOnce(): Promise<AuthResponse> {
    const refreshToken = tokens.read();
    if (!refreshToken) throw new AuthError(CLIENT_ERRORS.sessionExpired);
    const response = await send('/auth/refresh_token', {
      method: 'POST',
      headers: { Accept: 'application/json', Cookie: `${REFRESH_COOKIE}=${refreshToken}` },
    });
    if (!response.ok) {
      const error = await errorFromResponse(response);
      // A refused token is dead for good, so it goes. A 5xx (or no answer at all, thrown above)
      // says nothing about the token, and wiping it then would sign the agent out because the
      // server was restarting.
      if (response.status < 500) tokens.wipe();
      throw error;
    }
    return acceptSession(response);
  }

  /**
   * Concurrent refreshes share one request. The server rotates the refresh token and treats a
   * second use of the old one as theft (ERR_REFRESH_TOKEN_REUSED), ending the session, so two
   * renderer calls racing after a 403 must not both send it.
   */
  function refresh(): Promise<AuthResponse> {
    refreshInFlight ??= refreshOnce().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function logout(accessToken: string | null): Promise<void> {
    const refreshToken = tokens.read();
    const headers: Record<string, string> = {};
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (refreshToken) headers.Cookie = `${REFRESH_COOKIE}=${refreshToken}`;
    try {
      if (getServerUrl()) await send('/auth/logout', { method: 'DELETE', headers });
    } catch {
      // Signing out must work offline too: the local token goes whatever the server says.
    } finally {
      tokens.wipe();
    }
  }

  return { login, refresh, logout };
}
