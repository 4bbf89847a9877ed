// The renderer on an origin of its own, as the desktop app runs it: its pages come from here
// (SECOND_ORIGIN_PORT), every call it makes goes to the API server (API_URL) across origins, with
// the CORS preflights, credentials and websocket origin checks that implies.
//
// The page gets a `window.desktop` that plays the Electron preload and main process: it answers
// the API server's address and signs in, refreshes and signs out over HTTP, as main does. Its pages
// carry the desktop app's Content-Security-Policy, opened to the API server as app:// opens it. The
// test runner's own API calls (Playwright's `request`, which sends no Sec-Fetch-* headers) are
// passed through to the API server, so the specs run unchanged; a browser request for anything but
// the app's files is refused, so a path the renderer wrongly resolves against its own origin fails
// here as it would in the desktop app.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy } from '@atendo/shared';

const port = Number(process.env.SECOND_ORIGIN_PORT);
const api = new URL(process.env.API_URL);
const webDir = process.env.WEB_DIR ?? fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };
// As desktop/src/main/content-security-policy.ts builds it for the saved server.
const policy = contentSecurityPolicy([api.origin, `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`]);

const preload = `
(() => {
  const server = ${JSON.stringify(api.origin)};
  const answer = async (response) => {
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.error || 'status ' + response.status);
    return body;
  };
  const call = (path, init) => fetch(server + path, { credentials: 'include', ...init });
  const none = () => () => undefined;
  window.desktop = {
    platform: 'linux',
    appVersion: '0.0.0-second-origin',
    server: { getUrl: async () => server, setUrl: async (url) => ({ ok: true, url }) },
    auth: {
      login: async (credentials) =>
        answer(await call('/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(credentials),
        })),
      refresh: async () => answer(await call('/auth/refresh_token', { method: 'POST' })),
      logout: async (token) => {
        await call('/auth/logout', { method: 'DELETE', headers: token ? { Authorization: 'Bearer ' + token } : {} });
      },
      isStorageSecure: async () => true,
    },
    setUnreadCount() {},
    notify() {},
    dismissNotification() {},
    setLanguage() {},
    setComposing() {},
    download() {},
    onNavigate: none,
    onSignOutRequest: none,
    onResume: none,
    onIdleChange: none,
  };
})();
`;

const index = readFileSync(join(webDir, 'index.html'), 'utf8').replace(
  '<head>',
  '<head><script src="/__desktop-preload.js"></script>',
);

function passThrough(req, res) {
  const upstream = forward(
    {
      host: api.hostname,
      port: api.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: api.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (!req.headers['sec-fetch-dest']) return passThrough(req, res);
  if (path === '/__desktop-preload.js') {
    return res.writeHead(200, { 'content-type': 'text/javascript' }).end(preload);
  }
  // A file the build puts at the root (the contact import template), as app:// serves it.
  if (/^\/[\w.-]+\.xlsx$/.test(path) && existsSync(join(webDir, path))) {
    res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    return createReadStream(join(webDir, path)).pipe(res);
  }
  if (path.startsWith('/assets/')) {
    const file = normalize(join(webDir, path));
    if (!file.startsWith(webDir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    return createReadStream(file).pipe(res);
  }
  if (req.headers['sec-fetch-dest'] === 'document') {
    return res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': policy,
        'x-frame-options': 'DENY',
      })
      .end(index);
  }
  res.writeHead(404).end();
}).listen(port, '127.0.0.1');
