import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { contentSecurityPolicy } from '@atendo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { MediaStore } from '../modules/media/media-store.js';

/**
 * Paths that are never the single-page app, even when a browser asks for HTML (/api/docs: the API
 * reference; /updates: the desktop app's installers, see updates.ts).
 */
const NOT_APP = /^\/(assets|public|socket\.io|api\/docs|updates)(\/|$)/;

/**
 * The headers of the app's page. The CSP lets only the app's own files run (see
 * contentSecurityPolicy) and forbids framing; X-Frame-Options says the same to browsers that
 * predate frame-ancestors.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'content-security-policy': contentSecurityPolicy(),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  vary: 'Accept-Encoding',
};

/** The encodings the build precompresses every file into, best first (see desktop/vite.config.ts). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Files the build puts at the site root for people to download (the contact import template),
 * by extension: only these types are served from there, always as attachments.
 */
const ROOT_DOWNLOADS: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.csv': 'text/csv; charset=utf-8',
};

/** A browser navigation prefers HTML; the API clients ask for JSON or anything. */
export function wantsHtml(request: Pick<FastifyRequest, 'headers'>): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  const best = new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/html']);
  return best === 'text/html';
}

/** The precompressed copies of a built file, by encoding, best first. */
function compressedCopies(file: string): Map<string, Buffer> {
  const copies = new Map<string, Buffer>();
  for (const { name, suffix } of ENCODINGS)
    if (existsSync(file + suffix)) copies.set(name, readFileSync(file + suffix));
  return copies;
}

/**
 * Serves the built renderer on the API's own port: hashed assets under /assets (cached for a
 * year, sent precompressed with brotli or gzip), uploaded media under /public (as the media store
 * decides), and index.html for any GET a browser navigation makes, so the client's routes and the
 * API's paths can share the root as the existing clients expect.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDir: string; media: MediaStore },
): Promise<void> {
  app.get('/public/*', (request, reply) => options.media.serve(request, reply));
  const indexFile = join(options.webDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const html = readFileSync(indexFile);
  const index = compressedCopies(indexFile);
  await app.register(fastifyStatic, {
    root: join(options.webDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
  });
  const downloads = new Set<string>();
  for (const name of readdirSync(options.webDir)) {
    const type = ROOT_DOWNLOADS[name.slice(name.lastIndexOf('.')).toLowerCase()];
    if (!type || !/^[\w.-]+$/.test(name)) continue;
    const file = readFileSync(join(options.webDir, name));
    downloads.add(`/${name}`);
    app.get(`/${name}`, (_request, reply) =>
      reply
        .headers({
          'content-type': type,
          'content-disposition': `attachment; filename="${name}"`,
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        })
        .send(file),
    );
  }
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0];
    // A link to a download is a navigation too: it gets the file, not the app.
    if (NOT_APP.test(path) || downloads.has(path) || !wantsHtml(request)) return;
    // The build's copies in our order of preference; identity whenever the browser takes neither.
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...index.keys()]);
    if (encoding) reply.header('content-encoding', encoding);
    await reply.headers(PAGE_HEADERS).send(encoding ? index.get(encoding) : html);
  });
}
