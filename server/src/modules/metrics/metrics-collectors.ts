import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { SessionManager } from '../gateway/session-manager.js';
import { JOB_QUEUES, type JobQueues } from '../jobs/jobs.module.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { Metrics } from './metrics.js';

/** mysql2's pool keeps its connections in these queues (not part of its typed API, stable since 1.x). */
interface Mysql2Pool {
  config?: { connectionLimit?: number };
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/** The figures read when Prometheus scrapes: sessions, sockets, job queues and the database pool. */
@Injectable()
export class MetricsCollectors implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly sessions: SessionManager,
    private readonly realtime: RealtimeService,
    @Inject(JOB_QUEUES) private readonly queues: JobQueues,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const { metrics } = this;
    metrics.gauge('atendo_sockets_connected', 'Signed-in socket.io clients connected to this node', [], (g) => {
      g.set(this.realtime.connectedSockets());
    });
    metrics.gauge(
      'atendo_whatsapp_sessions',
      'WhatsApp sessions this node runs, by connection status (node: this process id in the cluster)',
      ['status', 'node'],
      (g) => {
        g.reset();
        const node = this.sessions.nodeId;
        for (const status of this.sessions.liveStatuses()) g.inc({ status, node });
      },
    );
    for (const queue of Object.keys(this.queues)) metrics.jobFailures.inc({ queue }, 0);
    metrics.gauge(
      'atendo_job_queue_jobs',
      'Jobs in each queue by state: waiting (due, no worker yet), active (running), delayed (not due yet)',
      ['queue', 'state'],
      async (g) => {
        // With Redis the counts are the whole cluster's, the same on every node.
        const counted = await Promise.all(
          Object.entries(this.queues).map(
            async ([queue, jobs]) => [queue, await jobs.counts().catch(() => null)] as const,
          ),
        );
        g.reset();
        for (const [queue, counts] of counted) {
          if (!counts) continue;
          for (const [state, value] of Object.entries(counts)) g.set({ queue, state }, value);
        }
      },
    );
    metrics.gauge(
      'atendo_db_pool_connections',
      'Database connections of this node: max (the pool size), open, busy (lent out) and waiting (requests queued for one)',
      ['state'],
      (g) => {
        for (const [state, value] of Object.entries(this.poolFigures())) g.set({ state }, value);
      },
    );
  }

  /** The embedded SQLite has one connection, always open. */
  private poolFigures(): Record<string, number> {
    if (!this.config.dbUrl) return { max: 1, open: 1 };
    const pool = (this.db.driver as unknown as { pool?: Mysql2Pool }).pool;
    const open = pool?._allConnections?.length ?? 0;
    const free = pool?._freeConnections?.length ?? 0;
    return {
      max: pool?.config?.connectionLimit ?? this.config.dbPoolSize,
      open,
      busy: open - free,
      waiting: pool?._connectionQueue?.length ?? 0,
    };
  }
}

/** Times every HTTP answer by its route's pattern (never the raw URL: ids would make endless series). */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions?.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
