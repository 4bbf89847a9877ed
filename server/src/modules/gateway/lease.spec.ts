import { testRedis } from '../../../test/support/test-redis.js';
import { LocalLease, RedisLease } from './lease.js';

// The lease is Redis semantics (SET NX PX, compare-and-renew scripts): it is tested against a real
// Redis when REDIS_URL is set, as the MariaDB + Redis run does.
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('RedisLease', () => {
  const shared = testRedis('lease');
  const prefix = shared.prefix;

  it('lets exactly one node hold a connection, and hands it over once released', async () => {
    const a = new RedisLease(shared.redis, prefix, 'node-a');
    const b = new RedisLease(shared.redis, prefix, 'node-b');
    expect(await a.acquire(1)).toBe(true);
    expect(await b.acquire(1)).toBe(false);
    expect(await a.acquire(1)).toBe(true);
    expect(await a.holder(1)).toBe('node-a');
    await b.release(1);
    expect(await a.holder(1)).toBe('node-a');
    await a.release(1);
    expect(await a.holder(1)).toBeNull();
    expect(await b.acquire(1)).toBe(true);
    expect(await b.holder(1)).toBe('node-b');
  });

  it('renews only its own lease and keeps it alive past the TTL', async () => {
    const a = new RedisLease(shared.redis, prefix, 'node-a', 300);
    const b = new RedisLease(shared.redis, prefix, 'node-b', 300);
    expect(await a.acquire(2)).toBe(true);
    expect(await b.renew(2)).toBe(false);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 150));
      expect(await a.renew(2)).toBe(true);
    }
    expect(await a.holder(2)).toBe('node-a');
    expect(Number(await shared.redis.pttl(a.key(2)))).toBeGreaterThan(100);
  });

  it('expires when the holder dies, so another node takes over and the old holder learns it lost it', async () => {
    const a = new RedisLease(shared.redis, prefix, 'node-a', 150);
    const b = new RedisLease(shared.redis, prefix, 'node-b', 150);
    expect(await a.acquire(3)).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect(await a.holder(3)).toBeNull();
    expect(await b.acquire(3)).toBe(true);
    expect(await a.renew(3)).toBe(false);
    await a.release(3);
    expect(await b.holder(3)).toBe('node-b');
  });

  it('is taken back by its holder when it lapsed and nobody took it (Redis was away a moment)', async () => {
    const a = new RedisLease(shared.redis, prefix, 'node-a', 150);
    const b = new RedisLease(shared.redis, prefix, 'node-b', 150);
    expect(await a.acquire(4)).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect(await a.renew(4)).toBe(true);
    expect(await b.acquire(4)).toBe(false);
    expect(await a.holders([4, 5])).toEqual(['node-a', null]);
  });
});

describe('LocalLease', () => {
  it('makes the only process the holder of everything', async () => {
    const lease = new LocalLease('me');
    expect(lease.shared).toBe(false);
    expect(await lease.acquire()).toBe(true);
    expect(await lease.renew()).toBe(true);
    expect(await lease.holder()).toBe('me');
  });
});
