import { isAppUrl, isWebUrl } from './app-origin.js';

export interface NavigationDecision {
  allow: boolean;
  /** Set when the target is a web page the agent meant to see: it opens in the system browser. */
  openExternally?: string;
}

/**
 * The window only ever shows the app itself. A link to a web page (a URL a customer sent in a chat)
 * goes to the system browser, where it cannot reach the bridge; anything else (file:, javascript:,
 * other custom schemes) is dropped.
 */
export function decideNavigation(url: string): NavigationDecision {
  if (isAppUrl(url)) return { allow: true };
  return isWebUrl(url) ? { allow: false, openExternally: url } : { allow: false };
}

/** `window.open` and target=_blank never create an Electron window; web links go to the browser. */
export function decideWindowOpen(url: string): { action: 'deny'; openExternally?: string } {
  return isWebUrl(url) ? { action: 'deny', openExternally: url } : { action: 'deny' };
}

export type MediaType = 'audio' | 'video' | 'unknown';

/**
 * Only what the product uses: desktop notifications and the microphone for voice messages. Camera
 * and screen capture are refused even from the app, so a compromised page cannot film the agent.
 */
export function decidePermission(
  permission: string,
  requestingUrl: string | undefined,
  mediaTypes: readonly MediaType[] = [],
): boolean {
  if (!requestingUrl || !isAppUrl(requestingUrl)) return false;
  if (permission === 'notifications') return true;
  if (permission === 'media') return mediaTypes.length > 0 && mediaTypes.every((type) => type === 'audio');
  return false;
}
