import { createServer, type Server, type Socket } from 'node:net';
import { ConfigError, type AppConfig } from '../../config/config.js';
import { sharedRedis } from './redis.module.js';

// A start must not hang on a Redis that never answers, nor die on one that refuses with a stack
// trace: it stops within seconds with a message naming REDIS_URL.
const configAt = (port: number) => ({ redisUrl: `redis://user:secret@127.0.0.1:${port}/0` }) as AppConfig;

async function listen(onConnection: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

it('stops at once with a message naming REDIS_URL when the address refuses', async () => {
  // A port that was just free: nothing listens there.
  const { server, port } = await listen(() => undefined);
  await new Promise((resolve) => server.close(resolve));
  const started = Date.now();
  const error = await sharedRedis(configAt(port)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toMatch(new RegExp(`^REDIS_URL: Redis at 127\\.0\\.0\\.1:${port} .*ECONNREFUSED`));
  expect((error as Error).message).not.toContain('secret');
  expect(Date.now() - started).toBeLessThan(2_000);
});

it('stops after the start timeout when Redis accepts connections but never answers', async () => {
  const sockets: Socket[] = [];
  const { server, port } = await listen((socket) => sockets.push(socket));
  try {
    const error = await sharedRedis(configAt(port), 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^REDIS_URL: Redis at 127\.0\.0\.1:\d+ cannot be used \(no answer within 300 ms\)/,
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

it('is not needed without REDIS_URL', async () => {
  expect(await sharedRedis({ redisUrl: null } as AppConfig)).toBeNull();
});
