import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

export const REDIS = Symbol('REDIS');

/** Shared ioredis connection, or null when REDIS_URL is unset (everything then runs in-process). */
export function createRedis(config: AppConfig): Redis | null {
  if (!config.redisUrl) return null;
  return new Redis(config.redisUrl, { maxRetriesPerRequest: 3, enableReadyCheck: true, lazyConnect: false });
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [APP_CONFIG], useFactory: createRedis }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
