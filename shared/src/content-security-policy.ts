import { HELP_PLAYER_ORIGIN, HELP_THUMBNAIL_ORIGIN } from './helps/helps.types.js';

/**
 * The Content-Security-Policy of the web app's pages, wherever they are served from: by the server
 * itself (browsers) or by the desktop app's app:// protocol. Scripts come only from the app's own
 * files, never inline; Fluent UI (Griffel) injects <style> tags at run time, hence 'unsafe-inline'
 * for styles only. The page calls the API, opens the socket and shows media from its own origin
 * or, when the API lives elsewhere, from `server`: the API's http(s) origin and then its ws(s) one.
 * The one outside exception is the help videos: YouTube's privacy-enhanced player in a frame, and
 * the videos' thumbnails. No one may frame the app.
 */
export function contentSecurityPolicy(server: readonly string[] = []): string {
  const api = server.slice(0, 1);
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['connect-src', ["'self'", ...server]],
    ['img-src', ["'self'", 'data:', 'blob:', ...api, HELP_THUMBNAIL_ORIGIN]],
    ['media-src', ["'self'", 'blob:', ...api]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['font-src', ["'self'", 'data:']],
    ['frame-src', [HELP_PLAYER_ORIGIN]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
