/** The help videos' player (YouTube's privacy-enhanced one) and their thumbnails. */
const HELP_PLAYER = 'https://www.youtube-nocookie.com';
const HELP_THUMBNAILS = 'https://i.ytimg.com';

/**
 * The CSP of every app:// answer. It follows the saved server: the renderer calls the API, opens
 * the socket and shows media and avatars from that origin and nowhere else. Fluent UI (Griffel)
 * injects <style> tags at run time, hence 'unsafe-inline' for styles only; scripts stay 'self'.
 * The one outside exception is the help videos: YouTube's privacy-enhanced player in a frame, and
 * the videos' thumbnails.
 */
export function buildContentSecurityPolicy(serverUrl: string | null): string {
  const server = serverOrigins(serverUrl);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['connect-src', ["'self'", ...server]],
    ['img-src', ["'self'", 'data:', 'blob:', ...server.slice(0, 1), HELP_THUMBNAILS]],
    ['media-src', ["'self'", 'blob:', ...server.slice(0, 1)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['font-src', ["'self'", 'data:']],
    ['frame-src', [HELP_PLAYER]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
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
