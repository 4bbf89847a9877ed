import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** Pages a signed-out visitor sees; returning to them after a restart means nothing. */
const PUBLIC_PATHS = new Set(['/login', '/signup']);

/** Desktop app: remembers the screen the agent is on, for the next launch. */
export function rememberRoute(path: string): void {
  if (!window.desktop || PUBLIC_PATHS.has(path)) return;
  writeStored(STORAGE_KEYS.lastRoute, path);
}

/**
 * Desktop app: every launch loads the app's root, so the last screen is put back into the address
 * before the router starts. A launch on a specific route (a deep link) keeps that route.
 */
export function restoreLastRoute(): void {
  if (!window.desktop || window.location.pathname !== '/') return;
  const route = readStored(STORAGE_KEYS.lastRoute);
  if (route && route.startsWith('/') && !route.startsWith('//')) window.history.replaceState(null, '', route);
}
