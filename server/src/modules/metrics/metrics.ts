import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The outside services whose failed calls are counted (atendo_outbound_call_failures_total). */
export type OutboundTarget = 'webhook' | 'ai' | 'typebot' | 'dialogflow';

/** What a job queue reports of its jobs' lives (see JobQueue). */
export interface JobObserver {
  /** A job started, `waitedMs` after it was due. */
  started(queue: string, waitedMs: number): void;
  /** A run of a job failed (it may be tried again). */
  failed(queue: string): void;
}

let processRegistry: Registry | null = null;

/**
 * prom-client's process metrics (event-loop lag, heap, GC, CPU, open handles; its standard names, so
 * stock dashboards work), collected once per process: each collection starts an event-loop monitor
 * and a GC observer that run as long as the process, so one per app piled up in a test process
 * running hundreds of apps, every collection slowing the next tests.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This process's Prometheus registry and the metrics the rest of the server moves. Each app has a
 * registry of its own (several run in one test process), so nothing goes to prom-client's global
 * one. Figures sampled on demand (sessions, sockets, queues, the database pool) are registered by
 * MetricsCollectors; docs/operations.md says what each one means.
 */
@Injectable()
export class Metrics implements JobObserver {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'atendo_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly messages = new Counter({
    name: 'atendo_whatsapp_messages_total',
    help: 'WhatsApp messages received from customers (inbound) and sent to them (outbound) by this node',
    labelNames: ['direction'] as const,
    registers: [this.registry],
  });

  readonly sendFailures = new Counter({
    name: 'atendo_whatsapp_send_failures_total',
    help: 'WhatsApp sends that failed (session not connected, number refused, provider error)',
    registers: [this.registry],
  });

  readonly outboundFailures = new Counter({
    name: 'atendo_outbound_call_failures_total',
    help: 'Failed calls to outside services: webhooks, the AI services, Typebot, Dialogflow',
    labelNames: ['target'] as const,
    registers: [this.registry],
  });

  readonly jobWait = new Histogram({
    name: 'atendo_job_wait_seconds',
    help: 'How long jobs waited past their due time before a worker took them, by queue',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'atendo_job_failures_total',
    help: 'Job runs that failed, by queue (a job with tries left is run again)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Counters start at 0 for every label value, so a rate() sees the first increment.
    for (const direction of ['inbound', 'outbound']) this.messages.inc({ direction }, 0);
    for (const target of ['webhook', 'ai', 'typebot', 'dialogflow']) this.outboundFailures.inc({ target }, 0);
  }

  /** What a scrape answers: this app's metrics and the process's. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([this.registry, processMetrics()]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  /** A gauge whose value is read when Prometheus scrapes. */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (gauge: Gauge<L>) => void | Promise<void>,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  outboundFailed(target: OutboundTarget): void {
    this.outboundFailures.inc({ target });
  }

  started(queue: string, waitedMs: number): void {
    this.jobWait.observe({ queue }, Math.max(0, waitedMs) / 1000);
  }

  failed(queue: string): void {
    this.jobFailures.inc({ queue });
  }
}
