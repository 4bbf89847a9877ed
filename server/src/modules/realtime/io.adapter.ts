import { IoAdapter } from '@nestjs/platform-socket.io';
import type { INestApplicationContext } from '@nestjs/common';
import { SOCKET_PING_MS } from '@atendo/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';
import type { AppConfig } from '../../config/config.js';

/**
 * socket.io as the existing clients expect it: websocket transport, 18 s ping. With Redis, the
 * Redis adapter lets every server node emit to sockets held by the others.
 */
export class AppIoAdapter extends IoAdapter {
  private subscriber: Redis | null = null;

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
    if (this.redis) {
      this.subscriber = this.redis.duplicate();
      server.adapter(createAdapter(this.redis, this.subscriber, { key: `${this.config.redisPrefix}:socket.io` }));
    }
    return server;
  }

  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    await super.close(server);
    await this.subscriber?.quit().catch(() => undefined);
  }
}
