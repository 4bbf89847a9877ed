import { Logger } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { within } from '../../common/within.js';

// One round trip that counts the hit, starts the window on the first one, and sets the block
// when the limit is passed; atomic, so concurrent nodes count the same window.
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blocked = tonumber(ARGV[3])
end
return { hits, ttl, blocked }
`;

/** A sign-in waits at most this for Redis to count it. */
const REDIS_WAIT_MS = 500;

/**
 * Throttler counters in Redis, so every server node counts the same attempts. Written here
 * because the published Redis storage for @nestjs/throttler does not yet declare NestJS 12.
 *
 * While Redis cannot answer, each node counts in its own memory instead: sign-in keeps working
 * and stays limited, at worst to the limit once per node, rather than failing every attempt (or
 * letting every attempt through). Counting goes back to Redis as soon as it answers.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('Throttler');
  private readonly local = new ThrottlerStorageService();
  private counting: 'redis' | 'local' = 'redis';

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    if (this.redis.status === 'ready') {
      try {
        const record = await within(this.count(key, ttl, limit, blockDuration, throttlerName), REDIS_WAIT_MS);
        this.countIn('redis');
        return record;
      } catch (error) {
        this.countIn('local', error as Error);
      }
    } else {
      this.countIn('local', new Error(`connection ${this.redis.status}`));
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  private countIn(where: 'redis' | 'local', why?: Error): void {
    if (where === this.counting) return;
    this.counting = where;
    if (where === 'local') {
      this.logger.warn(`Redis cannot count attempts (${why?.message}): this node counts its own until it answers`);
    } else {
      this.logger.log('attempts are counted in Redis again');
    }
  }

  private async count(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    const base = `${this.prefix}:throttle:${throttlerName}:${key}`;
    const [hits, ttlMs, blockedMs] = (await this.redis.eval(
      SCRIPT,
      2,
      `${base}:hits`,
      `${base}:block`,
      ttl,
      limit,
      blockDuration || ttl,
    )) as [number, number, number];
    const isBlocked = blockedMs > 0;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockedMs / 1000) : 0,
    };
  }
}
