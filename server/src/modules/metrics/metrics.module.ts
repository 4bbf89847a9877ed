import { Global, Module } from '@nestjs/common';
import { MetricsCollectors } from './metrics-collectors.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsServer } from './metrics-server.js';
import { Metrics } from './metrics.js';

/**
 * Prometheus metrics: `Metrics` (the registry and the counters other modules move) is global, so
 * any module injects it; GET /metrics (METRICS_TOKEN) and METRICS_PORT serve it. Each node of a
 * cluster serves its own figures.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics, MetricsCollectors, MetricsServer],
  exports: [Metrics],
})
export class MetricsModule {}
