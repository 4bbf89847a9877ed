import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LocalBlobStore, sniff, type BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The folders under `public/`: one per company, and the platform's announcements. */
export type MediaFolder = `company${number}` | 'announcements';

export const companyFolder = (companyId: number): `company${number}` => `company${companyId}`;

// A private file's key: 24 random hex digits and the extension of what its bytes are.
const PRIVATE_KEY = /^[a-f0-9]{24}\.[a-z0-9]{1,8}$/;

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

/**
 * Every uploaded or received file (messages' media, announcements' attachments): where it is kept,
 * with random names under `public/` (in DATA_DIR, or in an S3 bucket with STORAGE=s3, so that every
 * node serves every file), and how it may be served under /public. The type a file
 * is served with comes from its bytes, never from its name or the sender's word; only images,
 * audio, video and PDF are shown inline, each under a policy that runs no script on this origin,
 * and everything else is an octet-stream download under the sender's file name.
 *
 * Files a company keeps for itself only (file lists) go under `private/` instead, which no
 * URL reaches: a route that has checked the caller's company hands them out (servePrivate).
 */
@Injectable()
export class MediaStore {
  private readonly blobs: BlobStore;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.blobs = config.s3 ? new S3BlobStore(config.s3) : new LocalBlobStore(config.dataDir);
  }

  /** `local` or `s3`, for readiness and the metrics. */
  get kind(): BlobStore['kind'] {
    return this.blobs.kind;
  }

  /** Throws when the files cannot be kept (the bucket is unreachable or missing). */
  check(): Promise<void> {
    return this.blobs.check();
  }

  /** The type of these bytes as file-type tells it, or undefined. */
  async typeOf(data: Buffer): Promise<string | undefined> {
    return sniff(data);
  }

  /**
   * Keeps the bytes and answers their URL. With the sender's file name, the URL ends in that name,
   * which downloads then carry; without one, in the extension of what the bytes are.
   */
  async save(folder: MediaFolder, data: Buffer, filename?: string): Promise<string> {
    const id = randomBytes(12).toString('hex');
    const name = storedName(filename ?? '');
    const found = await fileTypeFromBuffer(data);
    if (name) {
      await this.blobs.put(`public/${folder}/${id}/${name}`, data, found?.mime);
      return `/public/${folder}/${id}/${encodeURIComponent(name)}`;
    }
    const extension = found?.ext ?? 'bin';
    await this.blobs.put(`public/${folder}/${id}.${extension}`, data, found?.mime);
    return `/public/${folder}/${id}.${extension}`;
  }

  /** The key of the file of a URL this store made, or null for any other URL. */
  private keyOf(url: string): string | null {
    const match = MEDIA_URL.exec(url);
    if (!match) return null;
    const [, folder, id, encodedName] = match;
    if (encodedName === undefined) return `public/${folder}/${basename(url)}`;
    let name: string;
    try {
      name = decodeURIComponent(encodedName);
    } catch {
      return null;
    }
    return name && storedName(name) === name ? `public/${folder}/${id}/${name}` : null;
  }

  /**
   * The bytes of a file this store made in `folder`, or null: a URL of another folder (another
   * company's file), of no file of ours, or of a file gone since.
   */
  async read(folder: MediaFolder, url: string): Promise<Buffer | null> {
    if (MEDIA_URL.exec(url)?.[1] !== folder) return null;
    const key = this.keyOf(url);
    return key ? this.blobs.get(key) : null;
  }

  /** Best effort: a file left behind by a failed send, a duplicate delivery or a replaced attachment. */
  async remove(url: string | null): Promise<void> {
    const key = this.keyOf(url ?? '');
    if (key) await this.blobs.delete(key);
  }

  /** A deleted company's files, all of them, public and private. */
  async removeFolder(folder: MediaFolder): Promise<void> {
    await this.blobs.deleteFolder(`public/${folder}`);
    if (folder !== 'announcements') await this.blobs.deleteFolder(`private/${folder}`);
  }

  /** Keeps bytes out of /public's reach and answers their key, named by what the bytes are. */
  async savePrivate(folder: `company${number}`, data: Buffer): Promise<string> {
    const found = await fileTypeFromBuffer(data);
    const key = `${randomBytes(12).toString('hex')}.${found?.ext ?? 'bin'}`;
    await this.blobs.put(`private/${folder}/${key}`, data, found?.mime);
    return key;
  }

  /** The bytes of a private file, or null when the key is not one of ours or the file is gone. */
  async readPrivate(folder: `company${number}`, key: string): Promise<Buffer | null> {
    if (!PRIVATE_KEY.test(key)) return null;
    return this.blobs.get(`private/${folder}/${key}`);
  }

  /** Best effort, like remove: a private file whose record is gone or was given another file. */
  async removePrivate(folder: `company${number}`, key: string): Promise<void> {
    if (PRIVATE_KEY.test(key)) await this.blobs.delete(`private/${folder}/${key}`);
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
    await this.sendFile(request, reply, `private/${folder}/${key}`, {
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
    const segments = request.url.slice('/public/'.length).split('?')[0].split('/');
    const names: string[] = [];
    for (const segment of segments) {
      let name: string;
      try {
        name = decodeURIComponent(segment);
      } catch {
        return reply.callNotFound();
      }
      // No empty segment, dotfile or '..', and nothing that names a folder inside one segment.
      if (!name || name.startsWith('.') || /[/\\\0]/.test(name)) return reply.callNotFound();
      names.push(name);
    }
    await this.sendFile(request, reply, `public/${names.join('/')}`);
  }

  /** Answers the file under `key`, named `filename` (else its own name). */
  private async sendFile(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    { filename, cacheControl }: { filename?: string; cacheControl?: string } = {},
  ): Promise<void> {
    const answer = await this.blobs.answer(request, key);
    if (!answer) return reply.callNotFound();
    reply.code(answer.statusCode).headers(answer.headers);
    // The file itself, a range of it or "not modified": with the type and disposition its bytes
    // earn. Errors (412, 416) are answered as they are.
    if ([200, 206, 304].includes(answer.statusCode)) {
      const serving = servingOf(answer.type);
      reply.headers({
        'content-type': serving.contentType,
        'content-disposition': contentDisposition(filename ?? basename(key), {
          type: serving.inline ? 'inline' : 'attachment',
        }),
        'content-security-policy': serving.policy,
        'x-content-type-options': 'nosniff',
        ...(cacheControl ? { 'cache-control': cacheControl } : {}),
      });
    }
    // An empty stream rather than nothing: Fastify's HEAD route would set content-length to 0.
    await reply.send(answer.body ?? Readable.from([]));
  }
}
