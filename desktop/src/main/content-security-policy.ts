import { contentSecurityPolicy } from '@atendo/shared';

/**
 * The CSP of every app:// answer: the web app's own policy, opened to the saved server, which the
 * renderer calls, opens the socket to and shows media and avatars from.
 */
export function buildContentSecurityPolicy(serverUrl: string | null): string {
  return contentSecurityPolicy(serverOrigins(serverUrl));
}

/** [http(s) origin, ws(s) origin] of the server, or nothing before one is set. */
function serverOrigins(serverUrl: string | null): string[] {
  if (!serverUrl) return [];
  try {
    const url = new URL(serverUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
    const socketScheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return [url.origin, `${socketScheme}//${url.host}`];
  } catch {
    return [];
  }
}
