import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { isErrorCode } from '@atendo/shared';
import type { Redis } from 'ioredis';
import { DomainError } from '../../common/domain-error.js';
import { RedisChannel } from '../redis/redis-channel.js';

/** How long a node waits for the holder of a session to answer a forwarded command. */
export const RPC_TIMEOUT_MS = 15_000;
/** How much longer than a call may wait the bytes it sends by reference are kept. */
const BLOB_GRACE_MS = 5_000;

type Request = { t: 'req'; id: string; from: string; whatsappId: number; command: unknown };
type Response =
  | { t: 'res'; id: string; ok: true; result: unknown }
  | { t: 'res'; id: string; ok: false; code: string; extra?: DomainError['extra']; moving?: true };

/**
 * The session is on its way to another node and the command did not run: its holder is handing it
 * over (a graceful shutdown). Unlike a timeout, sending the command again cannot run it twice, so
 * the caller waits for the new holder and retries. (A holder whose process is gone answers at once
 * with a plain ERR_WAPP_UNAVAILABLE: its lease takes seconds to lapse, the client sends again.)
 * Escaping to a client it is the same 503 ERR_WAPP_UNAVAILABLE.
 */
export class SessionMovingError extends DomainError {
  constructor() {
    super('ERR_WAPP_UNAVAILABLE');
  }
}

/**
 * Buffers from this size on (media to send) cross by reference: their bytes go under a Redis key of
 * their own and the message names the key. Inside one publish, base64 would make a 16 MiB file 21 MiB
 * of one message, which Redis's pub/sub output limit (32 MB, or 8 MB for a minute) can cut off.
 */
export const BY_REFERENCE_BYTES = 64 * 1024;

/**
 * JSON that keeps Buffers (media) and Dates (timestamps) across the wire. `stash` takes a large
 * Buffer's bytes away and answers the key they will be under.
 */
export function encode(value: unknown, stash?: (data: Buffer) => string): unknown {
  if (Buffer.isBuffer(value)) {
    return stash && value.length >= BY_REFERENCE_BYTES ? { $ref: stash(value) } : { $b64: value.toString('base64') };
  }
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map((item) => encode(item, stash));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v, stash)]));
  }
  return value;
}

/** The keys of the Buffers an encoded value holds by reference. */
function referencesOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesOf(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$ref === 'string') found.push(record.$ref);
    else for (const item of Object.values(record)) referencesOf(item, found);
  }
  return found;
}

/** `blobs`: the bytes of the references the value holds, by key. */
export function decode(value: unknown, blobs: Map<string, Buffer> = new Map()): unknown {
  if (Array.isArray(value)) return value.map((item) => decode(item, blobs));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$b64 === 'string') return Buffer.from(record.$b64, 'base64');
    if (typeof record.$ref === 'string') return blobs.get(record.$ref);
    if (typeof record.$date === 'string') return new Date(record.$date);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decode(v, blobs)]));
  }
  return value;
}

/**
 * Request/response over Redis pub/sub between server nodes: a command for a session another node
 * holds is published on that node's channel with a correlation id, and the answer comes back on
 * the caller's channel. Only DomainError codes cross the wire; anything else is an internal error.
 * A holder that is gone, silent or out of reach answers ERR_WAPP_UNAVAILABLE: the session is
 * moving to another node (or Redis is away), so the same command may be sent again shortly.
 */
export class SessionRpc {
  private readonly logger = new Logger('SessionRpc');
  private channel: RedisChannel | null = null;
  private readonly pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; timer: NodeJS.Timeout }
  >();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nodeId: string,
    private readonly handle: (whatsappId: number, command: unknown) => Promise<unknown>,
    private readonly timeoutMs = RPC_TIMEOUT_MS,
  ) {}

  private channelOf(nodeId: string): string {
    return `${this.prefix}:wa-rpc:${nodeId}`;
  }

  async open(): Promise<void> {
    this.channel = new RedisChannel(this.redis, this.channelOf(this.nodeId), (raw) => this.receive(raw));
    await this.channel.open();
  }

  async close(): Promise<void> {
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new DomainError('ERR_WAPP_UNAVAILABLE'));
      this.pending.delete(id);
    }
    await this.channel?.close();
    this.channel = null;
  }

  /**
   * The value as it goes on the wire, its large Buffers put under keys of their own first. They
   * live a little longer than a call may wait; the receiver takes them away as it reads them.
   */
  private async toWire(value: unknown): Promise<{ wire: unknown; keys: string[] }> {
    const blobs: [string, Buffer][] = [];
    const wire = encode(value, (data) => {
      const key = `${this.prefix}:wa-rpc-blob:${randomUUID()}`;
      blobs.push([key, data]);
      return key;
    });
    if (blobs.length) {
      const batch = this.redis.multi();
      for (const [key, data] of blobs) batch.set(key, data, 'PX', this.timeoutMs + BLOB_GRACE_MS);
      await batch.exec();
    }
    return { wire, keys: blobs.map(([key]) => key) };
  }

  /** The value a wire message holds, with the bytes of its references; ERR_WAPP_UNAVAILABLE when they are gone. */
  private async fromWire(wire: unknown): Promise<unknown> {
    const keys = referencesOf(wire);
    const blobs = new Map<string, Buffer>();
    for (const key of keys) {
      if (!key.startsWith(`${this.prefix}:wa-rpc-blob:`)) throw new DomainError('ERR_WAPP_UNAVAILABLE');
      const data = await this.redis.getdelBuffer(key);
      if (!data) throw new DomainError('ERR_WAPP_UNAVAILABLE');
      blobs.set(key, data);
    }
    return decode(wire, blobs);
  }

  async request(holder: string, whatsappId: number, command: unknown): Promise<unknown> {
    const id = randomUUID();
    const { wire, keys } = await this.toWire(command).catch(() => {
      throw new DomainError('ERR_WAPP_UNAVAILABLE');
    });
    const message: Request = { t: 'req', id, from: this.nodeId, whatsappId, command: wire };
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new DomainError('ERR_WAPP_UNAVAILABLE'));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
    // The holder's process is gone (nobody listens on its channel; its lease will lapse and another
    // node take over), or Redis cannot carry the command.
    const receivers = await this.redis.publish(this.channelOf(holder), JSON.stringify(message)).catch(() => 0);
    if (receivers === 0) {
      if (keys.length) await this.redis.del(...keys).catch(() => undefined);
      const call = this.pending.get(id);
      if (call) {
        clearTimeout(call.timer);
        this.pending.delete(id);
        call.reject(new DomainError('ERR_WAPP_UNAVAILABLE'));
      }
    }
    return answer;
  }

  private receive(raw: string): void {
    let message: Request | Response;
    try {
      message = JSON.parse(raw) as Request | Response;
    } catch {
      this.logger.warn('Dropped a malformed session command');
      return;
    }
    if (message.t === 'res') {
      const call = this.pending.get(message.id);
      if (!call) return;
      clearTimeout(call.timer);
      this.pending.delete(message.id);
      if (message.ok) this.fromWire(message.result).then(call.resolve, call.reject);
      else if (message.moving) call.reject(new SessionMovingError());
      else
        call.reject(
          new DomainError(isErrorCode(message.code) ? message.code : 'ERR_INTERNAL_SERVER_ERROR', message.extra),
        );
      return;
    }
    void this.answer(message);
  }

  private async answer(request: Request): Promise<void> {
    let response: Response;
    try {
      const result = await this.handle(request.whatsappId, await this.fromWire(request.command));
      response = { t: 'res', id: request.id, ok: true, result: (await this.toWire(result ?? null)).wire };
    } catch (error) {
      if (!(error instanceof DomainError)) this.logger.error('A forwarded session command failed', error as Error);
      response =
        error instanceof SessionMovingError
          ? { t: 'res', id: request.id, ok: false, code: error.code, moving: true }
          : error instanceof DomainError
            ? { t: 'res', id: request.id, ok: false, code: error.code, extra: error.extra }
            : { t: 'res', id: request.id, ok: false, code: 'ERR_INTERNAL_SERVER_ERROR' };
    }
    await this.redis.publish(this.channelOf(request.from), JSON.stringify(response)).catch((error: unknown) => {
      this.logger.warn(`Could not answer a forwarded session command: ${String(error)}`);
    });
  }
}
