import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { within } from '../../common/within.js';
import { APP_CONFIG, ConfigError, type AppConfig } from '../../config/config.js';

export const REDIS = Symbol('REDIS');

/** How long a start waits for Redis to answer before it stops, naming REDIS_URL. */
export const REDIS_START_TIMEOUT_MS = 5_000;
/**
 * A command that gets no answer fails after this, so a Redis that stopped answering (paused, or a
 * network that drops packets) costs a request at most this long instead of hanging it.
 */
const COMMAND_TIMEOUT_MS = 2_000;
/** Reconnection delays grow by this per attempt, up to the cap: Redis is tried again every 2 s. */
const RECONNECT_STEP_MS = 100;
const RECONNECT_MAX_MS = 2_000;

const logger = new Logger('Redis');
const opened = new WeakMap<AppConfig, Promise<Redis | null>>();

/**
 * The installation's shared Redis connection, or null when REDIS_URL is unset (everything then runs
 * in-process). Opened once per configuration: `createApp` opens it before Nest starts, so a Redis
 * that refuses or never answers stops the start within seconds with a message naming REDIS_URL;
 * the REDIS provider then hands out the same connection. Once up it reconnects on its own forever,
 * and its commands fail (never hang) while Redis is away.
 */
export function sharedRedis(config: AppConfig, timeoutMs = REDIS_START_TIMEOUT_MS): Promise<Redis | null> {
  let connection = opened.get(config);
  if (!connection) {
    connection = connectRedis(config, timeoutMs);
    opened.set(config, connection);
  }
  return connection;
}

async function connectRedis(config: AppConfig, timeoutMs: number): Promise<Redis | null> {
  if (!config.redisUrl) return null;
  let started = false;
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 3,
    // At start a refusal is final (the start fails and says why); later Redis is retried forever.
    retryStrategy: (attempt) => (started ? Math.min(attempt * RECONNECT_STEP_MS, RECONNECT_MAX_MS) : null),
  });
  // The socket's own error (ECONNREFUSED, ENOTFOUND) says more than the "connection closed" that follows it.
  let cause: Error | null = null;
  const noteCause = (error: Error) => (cause ??= error);
  redis.on('error', noteCause);
  try {
    await within(
      redis.connect().then(() => redis.ping()),
      timeoutMs,
    );
  } catch (error) {
    redis.disconnect();
    const reason = (cause as Error | null)?.message ?? (error as Error).message;
    throw new ConfigError(
      `REDIS_URL: Redis at ${where(config.redisUrl)} cannot be used (${reason}). ` +
        'Start Redis there, correct REDIS_URL, or unset it to run a single process without Redis.',
    );
  }
  started = true;
  redis.off('error', noteCause);
  watch(redis, 'shared connection');
  return redis;
}

/** Host and port of a Redis URL, without its credentials. */
function where(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/**
 * Another connection to the shared Redis (a subscriber, or a publisher of its own), with its
 * errors handled. `blocking` connections (subscribers) get no command timeout: they wait by design.
 */
export function redisConnection(redis: Redis, purpose: string, { blocking = false } = {}): Redis {
  const connection = redis.duplicate(blocking ? { commandTimeout: undefined } : {});
  watch(connection, purpose);
  return connection;
}

/**
 * Gives a connection the error handler every Redis client needs (without one, a lost connection is
 * reported as an unhandled error), logging each outage once when it starts and once when it ends
 * instead of at every reconnection attempt.
 */
function watch(connection: Redis, purpose: string): void {
  let down = false;
  connection.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(`${purpose}: ${error.message}; retrying until Redis answers`);
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log(`${purpose}: Redis answers again`);
  });
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => sharedRedis(config) }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
