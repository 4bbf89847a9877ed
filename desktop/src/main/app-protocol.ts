import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST } from './app-origin.js';
import { buildContentSecurityPolicy } from './content-security-policy.js';

export type AppPathResolution =
  | { kind: 'file'; filePath: string }
  /** An SPA route (`/tickets/42`): the router in index.html takes it from here. */
  | { kind: 'index'; filePath: string }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

export interface FileSystemPort {
  isFile(filePath: string): Promise<boolean>;
  readFile(filePath: string): Promise<Uint8Array>;
}

export const nodeFileSystem: FileSystemPort = {
  async isFile(filePath) {
    try {
      return (await stat(filePath)).isFile();
    } catch {
      return false;
    }
  },
  readFile: (filePath) => readFile(filePath),
};

const INDEX_FILE = 'index.html';
/** Vite puts every built asset here; a missing one is a real 404, not a route to hand to the SPA. */
const ASSETS_DIR = 'assets';

/**
 * Maps an app:// URL to a file of the renderer build. URL parsing already folds `..` segments,
 * but percent-encoded ones (`%2e%2e%2f`, `..%5c` on Windows) only appear after decoding, so the
 * decoded path is resolved and checked to still sit under the root.
 */
export async function resolveAppPath(
  rendererRoot: string,
  requestUrl: string,
  fileSystem: FileSystemPort,
): Promise<AppPathResolution> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'not-found' };
  }
  if (url.host !== APP_HOST) return { kind: 'not-found' };

  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'forbidden' };
  }
  if (decoded.includes('\0')) return { kind: 'forbidden' };

  const root = path.resolve(rendererRoot);
  const indexPath = path.join(root, INDEX_FILE);
  const relative = decoded.replace(/^[/\\]+/, '');
  if (relative === '') return { kind: 'index', filePath: indexPath };

  const filePath = path.resolve(root, relative);
  const fromRoot = path.relative(root, filePath);
  if (fromRoot === '' || fromRoot.startsWith('..') || path.isAbsolute(fromRoot)) return { kind: 'forbidden' };

  if (await fileSystem.isFile(filePath)) return { kind: 'file', filePath };
  const firstSegment = fromRoot.split(path.sep)[0];
  if (firstSegment === ASSETS_DIR) return { kind: 'not-found' };
  return { kind: 'index', filePath: indexPath };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export interface AppProtocolDeps {
  rendererRoot: string;
  getServerUrl(): string | null;
  fileSystem?: FileSystemPort;
}

/** The `protocol.handle('app', …)` handler: serves the renderer build with its CSP. */
export function createAppProtocolHandler({ rendererRoot, getServerUrl, fileSystem = nodeFileSystem }: AppProtocolDeps) {
  return async function handleAppRequest(request: Request): Promise<Response> {
    const headers = new Headers({
      // Computed per answer, so after the server changes the next page load allows the new origin.
      'Content-Security-Policy': buildContentSecurityPolicy(getServerUrl()),
      'X-Content-Type-Options': 'nosniff',
    });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers });

    const resolution = await resolveAppPath(rendererRoot, request.url, fileSystem);
    if (resolution.kind === 'forbidden') return new Response(null, { status: 403, headers });
    if (resolution.kind === 'not-found') return new Response(null, { status: 404, headers });

    let body: Uint8Array;
    try {
      body = await fileSystem.readFile(resolution.filePath);
    } catch {
      // Only reachable for index.html when the renderer was never built.
      return new Response(null, { status: 404, headers });
    }
    headers.set('Content-Type', contentTypeOf(resolution.filePath));
    // Vite names files under assets/ by content hash, so they never change; everything else
    // (index.html above all) must be re-read to pick up a new build.
    const hashed = path
      .relative(path.resolve(rendererRoot), resolution.filePath)
      .startsWith(`${ASSETS_DIR}${path.sep}`);
    headers.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    return new Response(request.method === 'HEAD' ? null : Buffer.from(body), { status: 200, headers });
  };
}
