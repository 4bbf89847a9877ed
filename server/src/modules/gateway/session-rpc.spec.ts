import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { BY_REFERENCE_BYTES, decode, encode, SessionRpc } from './session-rpc.js';

describe('the session commands wire format', () => {
  it('keeps Buffers and Dates, and names the large Buffers a stash took', () => {
    const small = Buffer.from('voice');
    const large = Buffer.alloc(BY_REFERENCE_BYTES, 7);
    const when = new Date('2026-11-29T12:00:00Z');
    const stashed = new Map<string, Buffer>();
    const wire = encode({ media: { data: large, thumb: small }, at: when }, (data) => {
      stashed.set('k1', data);
      return 'k1';
    });
    // The large one is not in the message at all.
    expect(JSON.stringify(wire).length).toBeLessThan(200);
    expect(wire).toMatchObject({ media: { data: { $ref: 'k1' }, thumb: { $b64: small.toString('base64') } } });
    expect(decode(JSON.parse(JSON.stringify(wire)), stashed)).toEqual({
      media: { data: large, thumb: small },
      at: when,
    });
  });
});

// Real pub/sub and keys, when REDIS_URL is set (the MariaDB + Redis run).
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('SessionRpc over Redis', () => {
  const prefix = `atendo-rpc-test-${randomBytes(4).toString('hex')}`;
  let redis: Redis;
  let holder: SessionRpc;
  let caller: SessionRpc;
  const received: unknown[] = [];
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    holder = new SessionRpc(redis, prefix, 'holder', async (_id, command) => {
      received.push(command);
      return { echoed: (command as { media: { data: Buffer } }).media.data };
    });
    caller = new SessionRpc(redis, prefix, 'caller', async () => null);
    await holder.open();
    await caller.open();
  });
  afterAll(async () => {
    await holder.close();
    await caller.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('sends 16 MiB of media both ways by reference, and leaves no key behind', async () => {
    const data = randomBytes(16 * 1024 * 1024);
    const published: number[] = [];
    const spy = new Redis(process.env.REDIS_URL!);
    await spy.psubscribe(`${prefix}:wa-rpc:*`);
    spy.on('pmessage', (_pattern, _channel, message: string) => published.push(message.length));
    try {
      const answer = (await caller.request('holder', 1, { media: { data, mimetype: 'video/mp4' } })) as {
        echoed: Buffer;
      };
      expect(answer.echoed.equals(data)).toBe(true);
      expect((received[0] as { media: { data: Buffer; mimetype: string } }).media.data.equals(data)).toBe(true);
      // Request and answer each a small message.
      expect(published).toHaveLength(2);
      expect(Math.max(...published)).toBeLessThan(1_000);
      expect(await redis.keys(`${prefix}:wa-rpc-blob:*`)).toEqual([]);
    } finally {
      await spy.quit();
    }
  });

  it('takes back the bytes of a command nobody received', async () => {
    await expect(
      caller.request('gone', 1, { media: { data: Buffer.alloc(BY_REFERENCE_BYTES) } }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_UNAVAILABLE' });
    expect(await redis.keys(`${prefix}:wa-rpc-blob:*`)).toEqual([]);
  });
});
