import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import send from '@fastify/send';
import { Inject, Injectable } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/** The folders under DATA_DIR/public: one per company, and the platform's announcements. */
export type MediaFolder = `company${number}` | 'announcements';

export const companyFolder = (companyId: number): `company${number}` => `company${companyId}`;

// A private file's key: 24 random hex digits and the extension of what its bytes are.
const PRIVATE_KEY = /^[a-f0-9]{24}\.[a-z0-9]{1,8}$/;

/** What file-type reads to tell a type (its own "reasonable detection size"). */
const SNIFF_BYTES = 4100;

/**
 * No script, no plugin, no form, nothing loaded from anywhere: what a stored file may do when
 * opened as a page. The sandbox also takes the page's origin away, so nothing stored on this origin
 * (the web app's token among it) is within reach even if a browser rendered the bytes as HTML.
 */
const SANDBOXED = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
// A browser's own player opened on an audio or video file loads the file again; from a sandbox's
// opaque origin that load would need CORS, so it keeps the origin. Scripts stay off all the same.
const MEDIA_PLAYER = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox allow-same-origin";
// Chromium refuses to start its PDF viewer in any sandbox; the viewer runs apart from the page.
const PDF_VIEWER = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * The types served inline, each with the policy of its page: what browsers show themselves and
 * that cannot run script. Anything else, SVG and HTML first, is a download.
 */
const INLINE = new Map<string, string>([
  ...['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/apng', 'image/bmp'].map(
    (type) => [type, SANDBOXED] as const,
  ),
  ...[
    'audio/ogg',
    'audio/ogg; codecs=opus',
    'audio/mpeg',
    'audio/mp4',
    'audio/x-m4a',
    'audio/aac',
    'audio/wav',
    'audio/flac',
    'video/mp4',
    'video/webm',
    'video/ogg',
    'video/quicktime',
    'video/3gpp',
    'video/x-m4v',
  ].map((type) => [type, MEDIA_PLAYER] as const),
  ['application/pdf', PDF_VIEWER],
]);

/** How a file whose bytes are of `type` (undefined: not recognised) is answered. */
export function servingOf(type: string | undefined): {
  inline: boolean;
  contentType: string;
  policy: string;
} {
  const policy = type === undefined ? undefined : INLINE.get(type);
  return policy && type
    ? { inline: true, contentType: type, policy }
    : { inline: false, contentType: 'application/octet-stream', policy: SANDBOXED };
}

// A stored file's name: 24 random hex digits, then either its type's extension or, when the sender
// named it, a folder of that name holding the file under the sender's name.
const MEDIA_URL = /^\/public\/(company\d+|announcements)\/([a-f0-9]{24})(?:\.[a-z0-9]{1,8}|\/([^/]+))$/;
/** The longest sender's name kept, once percent-encoded: message URLs are up to 500 characters. */
const NAME_MAX_ENCODED = 160;

/**
 * A sender's file name as one path segment every file system takes: no folders, no control or
 * formatting characters (a right-to-left override can disguise "gpj.exe"), none of the characters
 * Windows refuses, no leading dot, and short enough, its extension kept. Empty when nothing is left.
 */
export function storedName(filename: string): string {
  const name = basename(filename.replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '_')
    .trim()
    .replace(/^\.+/, '');
  const fits = (value: string) => encodeURIComponent(value).length <= NAME_MAX_ENCODED;
  if (fits(name)) return name;
  const extension = extname(name);
  const kept = extension.length <= 16 ? extension : '';
  let stem = [...name.slice(0, name.length - kept.length)];
  while (stem.length && !fits(stem.join('') + kept)) stem = stem.slice(0, -1);
  return stem.join('').trimEnd() + kept;
}

async function sniffFile(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return (await fileTypeFromBuffer(buffer.subarray(0, bytesRead)))?.mime;
  } finally {
    await handle.close();
  }
}

/**
 * Every uploaded or received file (messages' media, announcements' attachments): where it is kept,
 * under DATA_DIR/public with random names, and how it may be served under /public. The type a file
 * is served with comes from its bytes, never from its name or the sender's word; only images,
 * audio, video and PDF are shown inline, each under a policy that runs no script on this origin,
 * and everything else is an octet-stream download under the sender's file name.
 *
 * Files a company keeps for itself only (file lists) go under DATA_DIR/private instead, which no
 * URL reaches: a route that has checked the caller's company hands them out (servePrivate).
 */
@Injectable()
export class MediaStore {
  private readonly root: string;
  private readonly privateRoot: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = join(config.dataDir, 'public');
    this.privateRoot = join(config.dataDir, 'private');
  }

  /** The type of these bytes as file-type tells it, or undefined. */
  async typeOf(data: Buffer): Promise<string | undefined> {
    return (await fileTypeFromBuffer(data))?.mime;
  }

  /**
   * Keeps the bytes and answers their URL. With the sender's file name, the URL ends in that name,
   * which downloads then carry; without one, in the extension of what the bytes are.
   */
  async save(folder: MediaFolder, data: Buffer, filename?: string): Promise<string> {
    const id = randomBytes(12).toString('hex');
    const name = storedName(filename ?? '');
    if (name) {
      const dir = join(this.root, folder, id);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), data, { mode: 0o640 });
      return `/public/${folder}/${id}/${encodeURIComponent(name)}`;
    }
    const extension = (await fileTypeFromBuffer(data))?.ext ?? 'bin';
    await mkdir(join(this.root, folder), { recursive: true });
    await writeFile(join(this.root, folder, `${id}.${extension}`), data, { mode: 0o640 });
    return `/public/${folder}/${id}.${extension}`;
  }

  /** Where the file of a URL this store made lies on disk, or null for any other URL. */
  private pathOf(url: string): string | null {
    const match = MEDIA_URL.exec(url);
    if (!match) return null;
    const [, folder, id, encodedName] = match;
    if (encodedName === undefined) return join(this.root, folder, basename(url));
    let name: string;
    try {
      name = decodeURIComponent(encodedName);
    } catch {
      return null;
    }
    return name && storedName(name) === name ? join(this.root, folder, id, name) : null;
  }

  /**
   * The bytes of a file this store made in `folder`, or null: a URL of another folder (another
   * company's file), of no file of ours, or of a file gone since.
   */
  async read(folder: MediaFolder, url: string): Promise<Buffer | null> {
    if (MEDIA_URL.exec(url)?.[1] !== folder) return null;
    const path = this.pathOf(url);
    return path ? readFile(path).catch(() => null) : null;
  }

  /** Best effort: a file left behind by a failed send, a duplicate delivery or a replaced attachment. */
  async remove(url: string | null): Promise<void> {
    const path = this.pathOf(url ?? '');
    if (!path) return;
    await unlink(path).catch(() => undefined);
    // A named file has a folder of its own.
    if (MEDIA_URL.exec(url ?? '')?.[3] !== undefined) await rmdir(join(path, '..')).catch(() => undefined);
  }

  /** A deleted company's files, all of them, public and private. */
  async removeFolder(folder: MediaFolder): Promise<void> {
    await rm(join(this.root, folder), { recursive: true, force: true });
    if (folder !== 'announcements') await rm(join(this.privateRoot, folder), { recursive: true, force: true });
  }

  /** Keeps bytes out of /public's reach and answers their key, named by what the bytes are. */
  async savePrivate(folder: `company${number}`, data: Buffer): Promise<string> {
    const key = `${randomBytes(12).toString('hex')}.${(await fileTypeFromBuffer(data))?.ext ?? 'bin'}`;
    await mkdir(join(this.privateRoot, folder), { recursive: true });
    await writeFile(join(this.privateRoot, folder, key), data, { mode: 0o640 });
    return key;
  }

  /** The bytes of a private file, or null when the key is not one of ours or the file is gone. */
  async readPrivate(folder: `company${number}`, key: string): Promise<Buffer | null> {
    if (!PRIVATE_KEY.test(key)) return null;
    return readFile(join(this.privateRoot, folder, key)).catch(() => null);
  }

  /** Best effort, like remove: a private file whose record is gone or was given another file. */
  async removePrivate(folder: `company${number}`, key: string): Promise<void> {
    if (PRIVATE_KEY.test(key)) await unlink(join(this.privateRoot, folder, key)).catch(() => undefined);
  }

  /**
   * GET and HEAD of a private file, for a route that has already checked the caller may have it:
   * served by the same rules as /public, downloaded under `filename`.
   */
  async servePrivate(
    request: FastifyRequest,
    reply: FastifyReply,
    folder: `company${number}`,
    key: string,
    filename: string,
  ): Promise<void> {
    if (!PRIVATE_KEY.test(key)) return reply.callNotFound();
    await this.sendFile(request, reply, join(this.privateRoot, folder), `/${key}`, {
      filename: storedName(filename) || key,
      // An answer to an authenticated request: no shared cache may keep it for another.
      cacheControl: 'private, no-cache',
    });
  }

  /**
   * GET and HEAD under /public: any file there, including those of older installations with other
   * names, with ranges and conditional requests, and with the type and disposition its bytes earn.
   */
  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Still percent-encoded, as send() expects; it refuses '..', dotfiles and anything outside root.
    await this.sendFile(request, reply, this.root, request.url.slice('/public'.length).split('?')[0]);
  }

  /** Sends the file at `path` under `root`, named `filename` (else its name on disk). */
  private async sendFile(
    request: FastifyRequest,
    reply: FastifyReply,
    root: string,
    path: string,
    { filename, cacheControl }: { filename?: string; cacheControl?: string } = {},
  ): Promise<void> {
    let type: string | undefined;
    const sent = await send(request.raw, path, {
      root,
      cacheControl: cacheControl === undefined,
      index: false,
      dotfiles: 'deny',
      contentType: false,
      onFile: async (file) => {
        type = await sniffFile(file);
      },
    });
    if (sent.type !== 'file') {
      // Missing, a folder or refused: all the same to the client.
      if (sent.type === 'directory' || sent.statusCode === 403 || sent.statusCode === 404) return reply.callNotFound();
      return reply.code(sent.statusCode).headers(sent.headers).send(sent.stream);
    }
    const serving = servingOf(type);
    await reply
      .code(sent.statusCode)
      .headers(sent.headers)
      .headers({
        'content-type': serving.contentType,
        'content-disposition': contentDisposition(filename ?? basename(sent.metadata.path), {
          type: serving.inline ? 'inline' : 'attachment',
        }),
        'content-security-policy': serving.policy,
        'x-content-type-options': 'nosniff',
        ...(cacheControl ? { 'cache-control': cacheControl } : {}),
      })
      .send(sent.stream);
  }
}
