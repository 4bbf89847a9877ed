import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Metrics } from './metrics.js';

/**
 * METRICS_PORT: a listener of its own that serves GET /metrics and nothing else, without a token,
 * for a Prometheus on a private network while the API's port faces the public one.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: FastifyInstance | null = null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (!port) return;
    const server = Fastify({ logger: false });
    server.get('/metrics', async (_request, reply) => {
      const { contentType, body } = await this.metrics.exposition();
      void reply.header('content-type', contentType).header('cache-control', 'no-store');
      return body;
    });
    server.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'ERR_NOT_FOUND' }));
    await server.listen({ port, host: this.config.host });
    this.server = server;
    this.logger.log(`Metrics on port ${port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    // Fastify ends idle kept-alive connections (a scraper's) as it closes.
    await server?.close();
  }
}
