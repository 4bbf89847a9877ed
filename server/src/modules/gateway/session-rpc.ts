import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { isErrorCode } from '@atendo/shared';
import type { Redis } from 'ioredis';
import { DomainError } from '../../common/domain-error.js';
import { RedisChannel } from '../redis/redis-channel.js';

/** How long a node waits for the holder of a session to answer a forwarded command. */
export const RPC_TIMEOUT_MS = 15_000;

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

/** JSON that keeps Buffers (media) and Dates (timestamps) across the wire. */
export function encode(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $b64: value.toString('base64') };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value;
}

export function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$b64 === 'string') return Buffer.from(record.$b64, 'base64');
    if (typeof record.$date === 'string') return new Date(record.$date);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decode(v)]));
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

  async request(holder: string, whatsappId: number, command: unknown): Promise<unknown> {
    const id = randomUUID();
    const message: Request = { t: 'req', id, from: this.nodeId, whatsappId, command: encode(command) };
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
      if (message.ok) call.resolve(decode(message.result));
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
      const result = await this.handle(request.whatsappId, decode(request.command));
      response = { t: 'res', id: request.id, ok: true, result: encode(result ?? null) };
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
