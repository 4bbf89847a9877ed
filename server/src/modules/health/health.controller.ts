import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, PRODUCT_NAME, type AppConfig } from '../../config/config.js';
import { Public } from '../../common/decorators.js';
import { within } from '../../common/within.js';
import { MediaStore } from '../media/media-store.js';
import { REDIS } from '../redis/redis.module.js';
import { Lifecycle } from './lifecycle.js';

type Probe = 'up' | 'down';

/** How long a probe's check of the database may take before it counts as down. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * For load balancers and the desktop app's server check: who we are and what we depend on
 * (`/health`), whether the process runs (`/health/live`) and whether it should get work
 * (`/health/ready`). Public and never throttled: probes call them every few seconds.
 */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: Lifecycle,
    private readonly media: MediaStore,
  ) {}

  /** Once none is pending, this process's migrations stay run: asked again only until then. */
  private migrated = false;

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, redis] = await Promise.all([this.probeDatabase(), this.probeRedis()]);
    const ok = database === 'up' && redis !== 'down';
    void reply.status(database === 'up' ? 200 : 503).header('cache-control', 'no-store');
    return { name: PRODUCT_NAME, version: this.config.version, status: ok ? 'ok' : 'degraded', database, redis };
  }

  /** The process answers: a liveness probe restarts it only when this stops answering. */
  @Public()
  @Get('live')
  live(@Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  }

  /**
   * 503 while this node should get no work: its database, (when configured) Redis or the object
   * storage's bucket does not answer, its migrations have not all run, or it is shutting down.
   * `failed` names the checks.
   */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, redis, migrations, storage] = await Promise.all([
      within(this.probeDatabase(), PROBE_TIMEOUT_MS).catch((): Probe => 'down'),
      this.probeRedis(),
      this.probeMigrations(),
      this.probeStorage(),
    ]);
    const checks = { database, redis, migrations, storage, draining: this.lifecycle.draining };
    const failed = [
      ...(database === 'down' ? ['database'] : []),
      ...(redis === 'down' ? ['redis'] : []),
      ...(storage === 'down' ? ['storage'] : []),
      ...(migrations !== 'done' ? ['migrations'] : []),
      ...(checks.draining ? ['draining'] : []),
    ];
    void reply.status(failed.length ? 503 : 200).header('cache-control', 'no-store');
    return { status: failed.length ? 'unready' : 'ready', checks, failed };
  }

  /** `local`: files on this node's disk, nothing to ask; else the bucket, within the probe's time. */
  private async probeStorage(): Promise<Probe | 'local'> {
    if (this.media.kind === 'local') return 'local';
    return within(this.media.check(), PROBE_TIMEOUT_MS).then(
      (): Probe => 'up',
      (): Probe => 'down',
    );
  }

  private async probeMigrations(): Promise<'done' | 'pending' | 'unknown'> {
    if (this.migrated) return 'done';
    try {
      this.migrated = !(await within(this.db.showMigrations(), PROBE_TIMEOUT_MS));
      return this.migrated ? 'done' : 'pending';
    } catch {
      return 'unknown';
    }
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
