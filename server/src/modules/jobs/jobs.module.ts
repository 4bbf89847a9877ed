import { BullModule, getQueueToken } from '@nestjs/bull';
import { Global, Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import type { Queue } from 'bull';
import type { AppConfig } from '../../config/config.js';
import { Metrics } from '../metrics/metrics.js';
import { BullJobQueue, InProcessJobQueue, type JobQueue } from './job-queue.js';

/** Every queue of the server. A name here is a Bull queue on Redis, or an in-process one. */
export const QUEUE_NAMES = ['housekeeping', 'invoices', 'contact-checks', 'dispatch', 'integrations', 'flows'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const JOB_QUEUES = Symbol('JOB_QUEUES');
export type JobQueues = Record<QueueName, JobQueue<unknown>>;

@Global()
@Module({})
export class JobsModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUES) private readonly queues: JobQueues) {}

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
    return {
      module: JobsModule,
      imports: [
        BullModule.forRoot({ redis: config.redisUrl, prefix: `${config.redisPrefix}:bull` }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [
        {
          provide: JOB_QUEUES,
          inject: [Metrics, ...QUEUE_NAMES.map((name) => getQueueToken(name))],
          useFactory: (metrics: Metrics, ...queues: Queue[]): JobQueues =>
            Object.fromEntries(
              queues.map((queue) => [queue.name, new BullJobQueue(queue, metrics)]),
            ) as unknown as JobQueues,
        },
      ],
      exports: [JOB_QUEUES],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.queues).map((q) => q.close().catch(() => undefined)));
  }
}
