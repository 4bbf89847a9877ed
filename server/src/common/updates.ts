import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where the desktop app's updater looks: `<server>/updates/latest.yml` and the files it names. */
export const UPDATES_PREFIX = '/updates/';

export interface UpdatesConfig {
  /** A folder holding electron-builder's output (latest*.yml, installers, blockmaps). */
  dir: string | null;
  /** Or a release URL those files are published under: requests are redirected there. */
  url: string | null;
}

/** electron-builder's update manifests: read on every check, so never cached without asking. */
const MANIFEST = /^latest(-[a-z0-9]+)?\.yml$/i;

/**
 * A file name electron-builder writes ("Atendo Setup 1.2.0.exe", "Atendo-1.2.0.AppImage",
 * "latest-mac.yml", "….blockmap"): one path segment, no leading dot, no control characters.
 */
const FILE_NAME = /^(?!\.)[^/\\\p{Cc}]{1,255}$/u;

/** The headers of every file served from the folder: never rendered by a browser, always revalidated. */
function updateFileHeaders(reply: FastifyReply, path: string): void {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  reply.header('x-content-type-options', 'nosniff');
  // The operator replaces files in place (a new latest.yml, sometimes a rebuilt installer of the
  // same name): the ETag check costs one round trip and never serves a stale manifest.
  reply.header('cache-control', 'no-cache');
  if (MANIFEST.test(name)) {
    reply.header('content-type', 'text/yaml; charset=utf-8');
  } else {
    // Installers, archives and blockmaps: saved, never opened inline, whatever type they map to.
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
}

/**
 * Serves the desktop app's updates (electron-updater's `generic` provider) at /updates/*: the
 * files of UPDATES_DIR, read-only and with range requests (differential downloads ask for the
 * blocks that changed), or a redirect to the same name under UPDATES_URL. With neither, no route:
 * the app's check finds no latest.yml (404) and stays quiet.
 */
export async function registerUpdates(app: FastifyInstance, config: UpdatesConfig): Promise<void> {
  if (config.dir) {
    await app.register(fastifyStatic, {
      root: config.dir,
      prefix: UPDATES_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      // send refuses `..` and paths outside the root; dot files (an editor's swap file, .git) are
      // not the operator's releases.
      dotfiles: 'deny',
      acceptRanges: true,
      // Headers of our own (setHeaders) instead of send's max-age=0 and a guessed inline type.
      cacheControl: false,
      setHeaders: updateFileHeaders,
    });
    return;
  }
  const base = config.url?.replace(/\/+$/, '');
  if (!base) return;
  app.get(`${UPDATES_PREFIX}*`, async (request, reply) => {
    // The router has already decoded the name.
    const name = (request.params as { '*': string })['*'];
    if (!FILE_NAME.test(name)) return reply.callNotFound();
    // 302, not 301: the operator may point UPDATES_URL elsewhere tomorrow.
    return reply.header('cache-control', 'no-cache').redirect(`${base}/${encodeURIComponent(name)}`, 302);
  });
}
