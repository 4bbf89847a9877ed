import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, PRODUCT_NAME, type AppConfig } from '../../config/config.js';
import { Public } from '../../common/decorators.js';
import { within } from '../../common/within.js';
import { REDIS } from '../redis/redis.module.js';

type Probe = 'up' | 'down';

/** For load balancers and the desktop app's server check: who we are and what we depend on. */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, redis] = await Promise.all([this.probeDatabase(), this.probeRedis()]);
    const ok = database === 'up' && redis !== 'down';
    void reply.status(database === 'up' ? 200 : 503).header('cache-control', 'no-store');
    return { name: PRODUCT_NAME, version: this.config.version, status: ok ? 'ok' : 'degraded', database, redis };
  }

  private async probeDatabase(): Promise<Probe> {
    try {
      await this.db.query('SELECT 1');
      return 'up';
    } catch {
      return 'down';
    }
  }

  private async probeRedis(): Promise<Probe | 'disabled'> {
    if (!this.redis) return 'disabled';
    try {
      return (await within(this.redis.ping(), 1_000)) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
