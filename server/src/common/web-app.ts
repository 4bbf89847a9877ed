import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/** Paths that are never the single-page app, even when a browser asks for HTML. */
const NOT_APP = /^\/(assets|public|socket\.io)(\/|$)/;

/** A browser navigation prefers HTML; the API clients ask for JSON or anything. */
export function wantsHtml(request: Pick<FastifyRequest, 'headers'>): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  const best = new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/html']);
  return best === 'text/html';
}

/**
 * Serves the built renderer on the API's own port: hashed assets under /assets (cached for a
 * year), uploaded media under /public, and index.html for any GET a browser navigation makes, so
 * the client's routes and the API's paths can share the root as the existing clients expect.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDir: string; dataDir: string },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(options.dataDir, 'public'),
    prefix: '/public/',
    decorateReply: false,
    index: false,
  });
  const indexFile = join(options.webDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const index = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: join(options.webDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0];
    if (NOT_APP.test(path) || !wantsHtml(request)) return;
    await reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(index);
  });
}
