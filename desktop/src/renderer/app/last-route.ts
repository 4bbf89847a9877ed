import { isPublicPath } from './public-paths';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Desktop app: remembers the screen the agent is on, for the next launch. The signed-out pages are
 * not remembered: returning to them after a restart means nothing.
 */
export function rememberRoute(path: string): void {
  if (!window.desktop || isPublicPath(path)) return;
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
