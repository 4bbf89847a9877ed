let baseUrl: Promise<string> | null = null;

/**
 * Where the API lives. The browser build is served by the server itself, so paths stay relative;
 * the desktop app asks the main process for the server the user configured.
 */
export function resolveBaseUrl(): Promise<string> {
  if (!baseUrl) {
    const bridge = window.desktop;
    baseUrl = bridge ? bridge.server.getUrl().then((url) => (url ?? '').replace(/\/+$/, '')) : Promise.resolve('');
  }
  return baseUrl;
}
