import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { redisConnection } from './redis.module.js';

/**
 * A Redis pub/sub channel this node listens to, on a connection of its own (a subscribing
 * connection can do nothing else). What was published while that connection was down is lost, so
 * after it comes back (and is subscribed again) `onResync` runs: a listener that caches what the
 * messages invalidate drops that cache there, and `live` tells it when it may trust silence.
 */
export class RedisChannel {
  private readonly logger = new Logger('Redis');
  private subscriber: Redis | null = null;
  private lost = false;

  constructor(
    private readonly redis: Redis,
    readonly name: string,
    private readonly onMessage: (message: string) => void,
    private readonly onResync: () => void = () => undefined,
  ) {}

  async open(): Promise<void> {
    const subscriber = redisConnection(this.redis, `channel ${this.name}`, { blocking: true });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.name) this.onMessage(message);
    });
    subscriber.on('close', () => {
      this.lost = true;
    });
    // ioredis subscribes again by itself on reconnection; subscribing here too gives a promise that
    // settles once the subscription is in place, which is when nothing more can be missed.
    subscriber.on('ready', () => {
      if (!this.lost) return;
      subscriber.subscribe(this.name).then(
        () => {
          this.lost = false;
          this.onResync();
        },
        // The connection dropped again: its next 'ready' tries again.
        () => undefined,
      );
    });
    await subscriber.subscribe(this.name);
    this.subscriber = subscriber;
  }

  /** Whether a message published now would reach this node. */
  get live(): boolean {
    return this.subscriber?.status === 'ready' && !this.lost;
  }

  /** Tells every node (this one included); a failure is logged, the caller carries on. */
  async publish(message: string): Promise<void> {
    await this.redis.publish(this.name, message).then(
      () => undefined,
      (error: Error) => this.logger.warn(`could not publish on ${this.name}: ${error.message}`),
    );
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    await subscriber?.quit().catch(() => subscriber.disconnect());
  }
}
