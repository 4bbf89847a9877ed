import { IoAdapter } from '@nestjs/platform-socket.io';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { SOCKET_PING_MS } from '@atendo/shared';
import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Namespace, ServerOptions } from 'socket.io';
import type { Adapter } from 'socket.io-adapter';
import { clientAddress, trustFunction, type IncomingRequest } from '../../common/client-address.js';
import type { AppConfig } from '../../config/config.js';
import { redisConnection } from '../redis/redis.module.js';
import { directFanOut } from './fan-out.js';

/**
 * socket.io as the existing clients expect it: websocket transport, 18 s ping. With Redis, the
 * Redis adapter lets every server node emit to sockets held by the others. Either adapter writes
 * broadcasts to this node's sockets directly (see directFanOut).
 */
export class AppIoAdapter extends IoAdapter {
  private readonly log = new Logger('Realtime');
  private connections: Redis[] = [];
  private lastPublishWarning = 0;

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly redis: Redis | null,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>) {
    const server = super.createIOServer(port, {
      ...(options as ServerOptions),
      transports: ['websocket'],
      pingInterval: SOCKET_PING_MS,
      pingTimeout: SOCKET_PING_MS,
      maxHttpBufferSize: 1_000_000,
      cors: { origin: this.config.corsOrigins, credentials: true },
    });
    // The handshake's address follows TRUST_PROXY as req.ip does. Set as the connection is accepted,
    // before its first packet, from which socket.io copies it into every socket's handshake.
    const trust = trustFunction(this.config.trustProxy);
    server.engine.prependListener('connection', (connection: { request: IncomingRequest; remoteAddress: string }) => {
      connection.remoteAddress = clientAddress(connection.request, trust);
    });
    if (this.redis) {
      const publisher = this.publisher(this.redis);
      const subscriber = redisConnection(this.redis, 'socket.io subscriber', { blocking: true });
      this.connections = [publisher, subscriber];
      const Fanned = directFanOut(RedisAdapter);
      const key = `${this.config.redisPrefix}:socket.io`;
      // socket.io calls it with `new`, which an arrow function refuses.
      server.adapter(function (nsp: Namespace) {
        return new Fanned(nsp, publisher, subscriber, { key });
      });
    } else {
      // socket.io's own in-memory adapter, the default one.
      server.adapter(directFanOut(server.adapter() as typeof Adapter));
    }
    return server;
  }

  /**
   * The adapter publishes without awaiting the answer, so a publish that fails while Redis is away
   * would be an unhandled rejection, which ends the process. Its own connection publishes here
   * with the failure logged (at most every 10 s): while Redis is away, emits reach this node's
   * sockets only, and clients catch up on what they missed when they next reconnect.
   */
  private publisher(redis: Redis): Redis {
    const publisher = redisConnection(redis, 'socket.io publisher');
    const publish = publisher.publish.bind(publisher) as (channel: string, message: string | Buffer) => Promise<number>;
    publisher.publish = ((channel: string, message: string | Buffer) =>
      publish(channel, message).catch((error: Error) => {
        if (Date.now() - this.lastPublishWarning > 10_000) {
          this.lastPublishWarning = Date.now();
          this.log.warn(`events reach this node's sockets only: ${error.message}`);
        }
        return 0;
      })) as Redis['publish'];
    return publisher;
  }

  /**
   * Nest makes each socket a disconnect observable, subscribed by the handlers it binds; the
   * gateway has its clients' events handled without Nest (see RealtimeGateway), so it would only
   * take memory.
   */
  override bindMessageHandlers(...args: Parameters<IoAdapter['bindMessageHandlers']>): void {
    if (args[1].length) super.bindMessageHandlers(...args);
  }

  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    await super.close(server);
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
