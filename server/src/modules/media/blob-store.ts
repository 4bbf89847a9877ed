import { mkdir, open, readFile, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import send from '@fastify/send';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';

/** What file-type reads to tell a type (its own "reasonable detection size"). */
export const SNIFF_BYTES = 4100;

/** The type of these first bytes of a file as file-type tells it, or undefined. */
export async function sniff(head: Uint8Array): Promise<string | undefined> {
  return (await fileTypeFromBuffer(head))?.mime;
}

/** A stored file as it is to be answered; MediaStore adds the type, disposition and policy. */
export interface BlobAnswer {
  statusCode: number;
  headers: Record<string, string | number>;
  /** The bytes to send (a range of them for 206); null for HEAD, 304 and 412. */
  body: NodeJS.ReadableStream | null;
  /** The type its bytes tell (undefined: not recognised), read off its first bytes. */
  type: string | undefined;
}

/**
 * Where the media store's bytes lie. Keys are slash-separated paths (`public/company7/…`,
 * `private/company7/…`) whose segments the media store has already checked: no empty, dot or
 * dot-dot segment, no slash or backslash inside one.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** `type`: what the bytes are, kept beside them where the store can. */
  put(key: string, data: Buffer, type: string | undefined): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Best effort: nothing happens when the key holds nothing. */
  delete(key: string): Promise<void>;
  /** Every key under `folder` + '/'. */
  deleteFolder(folder: string): Promise<void>;
  /**
   * GET or HEAD of the key with the request's range and conditional headers honoured (ETag and
   * Last-Modified given), or null when no file is there.
   */
  answer(request: FastifyRequest, key: string): Promise<BlobAnswer | null>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

async function sniffFile(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return sniff(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** The embedded default: one file a key under a folder of DATA_DIR. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private path(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data, { mode: 0o640 });
  }

  get(key: string): Promise<Buffer | null> {
    return readFile(this.path(key)).catch(() => null);
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await unlink(path).catch(() => undefined);
    // A file kept under its sender's name has a folder of its own (24 hex digits), which goes with
    // it; rmdir leaves a folder that still holds anything.
    if (/\/[a-f0-9]{24}\/[^/]+$/.test(key)) await rmdir(dirname(path)).catch(() => undefined);
  }

  async deleteFolder(folder: string): Promise<void> {
    await rm(this.path(folder), { recursive: true, force: true });
  }

  /** @fastify/send: ranges, ETags and conditional requests, and a second refusal of '..' and dotfiles. */
  async answer(request: FastifyRequest, key: string): Promise<BlobAnswer | null> {
    let type: string | undefined;
    const sent = await send(request.raw, `/${key.split('/').map(encodeURIComponent).join('/')}`, {
      root: this.root,
      index: false,
      dotfiles: 'deny',
      contentType: false,
      onFile: async (file) => {
        type = await sniffFile(file);
      },
    });
    // Missing, a folder or refused: all the same to the client.
    if (sent.type === 'directory' || sent.statusCode === 403 || sent.statusCode === 404) return null;
    const headers = Object.fromEntries(
      Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    return { statusCode: sent.statusCode, headers, body: sent.stream, type };
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}
