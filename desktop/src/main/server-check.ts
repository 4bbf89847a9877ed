import type { ServerCheckResult } from '@atendo/shared';

/** The subset of `fetch` the main process needs: Electron's `net.fetch` in the app, a fake in tests. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const PRODUCT_NAME = 'Atendo';
const HEALTH_TIMEOUT_MS = 10_000;
const MAX_URL_LENGTH = 2048;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Turns what a person types on the first-run screen into the base URL every call is built on:
 * https is assumed because agents type bare host names, and trailing slashes go so that
 * `${base}/health` never doubles them. A path is kept because servers may sit behind a reverse
 * proxy under a prefix. Returns null for anything that is not a plain http(s) address.
 */
export function normaliseServerUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return null;
  const candidate = HAS_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname) return null;
  // Credentials in the address would travel on every call and land in logs; a query or fragment
  // cannot be a base for path joins.
  if (url.username || url.password || url.search || url.hash) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

// Node (undici) reports TLS failures as error codes on the cause; Chromium's net.fetch puts
// `net::ERR_CERT_*` in the message. Both are matched so the check works with either stack.
const CERTIFICATE_CODE =
  /(?:^|[^A-Z_])(?:ERR_CERT_[A-Z_]+|CERT_[A-Z_]+|ERR_TLS_CERT_[A-Z_]+|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(?:_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|ERR_SSL_PINNED_KEY_NOT_IN_CERT_CHAIN)(?:$|[^A-Z_])/;

/** Whether a failed request failed on the server's certificate (walks the `cause` chain). */
export function isCertificateError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && CERTIFICATE_CODE.test(code)) return true;
    if (typeof message === 'string' && CERTIFICATE_CODE.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * Asks `<url>/health` whether an Atendo server answers there. Any status counts as an answer,
 * because a server whose database is down answers 503 and is still the right server to remember.
 */
export async function checkServer(
  input: string,
  fetchFn: FetchLike,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<ServerCheckResult> {
  const url = normaliseServerUrl(input);
  if (!url) return { ok: false, error: 'invalid-url' };

  let response: Response;
  try {
    response = await fetchFn(`${url}/health`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, error: isCertificateError(error) ? 'certificate' : 'unreachable' };
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, error: 'not-this-product' };
  }
  const name = body !== null && typeof body === 'object' ? (body as { name?: unknown }).name : undefined;
  if (name !== PRODUCT_NAME) return { ok: false, error: 'not-this-product' };
  return { ok: true, url };
}
