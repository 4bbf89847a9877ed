/** The scheme electron-builder registers (`protocols` in electron-builder.yml). */
export const DEEP_LINK_SCHEME = 'atendo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The app route of a deep link, or null for anything the app does not open. Only
 * `atendo://tickets/<uuid>` is understood (also written `atendo:///tickets/<uuid>`); the uuid is
 * checked strictly because the link comes from anywhere: a web page, a chat, another program.
 */
export function routeFromDeepLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.username || url.password) return null;
  // `atendo://tickets/x` parses with host "tickets"; `atendo:///tickets/x` with an empty host.
  const segments = [url.host, ...url.pathname.split('/')].filter((segment) => segment !== '');
  if (segments.length !== 2 || segments[0] !== 'tickets' || !UUID.test(segments[1])) return null;
  return `/tickets/${segments[1].toLowerCase()}`;
}

/** Windows and Linux start the app (or a second instance) with the link among the arguments. */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  for (const argument of argv) {
    if (!argument.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) continue;
    const route = routeFromDeepLink(argument);
    if (route) return route;
  }
  return null;
}
