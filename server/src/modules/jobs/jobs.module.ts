import { Global, Inject, Module, Optional, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/config.js';
import { Metrics } from '../metrics/metrics.js';
import { BullMqJobQueue, InProcessJobQueue, type JobQueue } from './job-queue.js';

/** Every queue of the server. A name here is a BullMQ queue on Redis, or an in-process one. */
export const QUEUE_NAMES = ['housekeeping', 'invoices', 'contact-checks', 'dispatch', 'integrations', 'flows'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const JOB_QUEUES = Symbol('JOB_QUEUES');
/** The Redis connection the BullMQ queues share (absent in-process), closed after them. */
const JOBS_REDIS = Symbol('JOBS_REDIS');
export type JobQueues = Record<QueueName, JobQueue<unknown>>;

@Global()
@Module({})
export class JobsModule implements OnApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUES) private readonly queues: JobQueues,
    @Optional() @Inject(JOBS_REDIS) private readonly redis?: Redis,
  ) {}

  static forRoot(config: AppConfig): DynamicModule {
    if (!config.redisUrl) {
      return {
        module: JobsModule,
        providers: [
          {
            provide: JOB_QUEUES,
            inject: [Metrics],
            useFactory: (metrics: Metrics): JobQueues =>
              Object.fromEntries(
                QUEUE_NAMES.map((name) => [name, new InProcessJobQueue(name, metrics)]),
              ) as unknown as JobQueues,
          },
        ],
        exports: [JOB_QUEUES],
      };
    }
    const redisUrl = config.redisUrl;
    // Apart from Bull's keys (`{prefix}:bull`), whose layout differs: a node of the version before
    // keeps its own queues through a rolling upgrade. What is scheduled lives in the database and
    // each owner enqueues its pending work again at start, so nothing waits in the old keys.
    const prefix = `${config.redisPrefix}:bullmq`;
    return {
      module: JobsModule,
      providers: [
        {
          // One connection for every queue's commands; each worker opens its own blocking one.
          // BullMQ's workers need commands that wait for Redis instead of failing after retries.
          provide: JOBS_REDIS,
          useFactory: () => new Redis(redisUrl, { maxRetriesPerRequest: null }),
        },
        {
          provide: JOB_QUEUES,
          inject: [Metrics, JOBS_REDIS],
          useFactory: (metrics: Metrics, connection: Redis): JobQueues => {
            return Object.fromEntries(
              QUEUE_NAMES.map((name) => [
                name,
                new BullMqJobQueue(new Queue(name, { connection, prefix }), connection, metrics),
              ]),
            ) as unknown as JobQueues;
          },
        },
      ],
      exports: [JOB_QUEUES],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.queues).map((q) => q.close().catch(() => undefined)));
    await this.redis?.quit().catch(() => undefined);
  }
}
