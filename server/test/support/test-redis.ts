import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * For a describe block of specs of Redis semantics: a client on REDIS_URL and a key prefix of its
 * own, whose keys are deleted when the block is done. Registers the block's beforeAll and afterAll.
 */
export function testRedis(name: string): { readonly prefix: string; readonly redis: Redis } {
  const prefix = `atendo-${name}-test-${randomBytes(4).toString('hex')}`;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  return {
    prefix,
    get redis() {
      return redis;
    },
  };
}
