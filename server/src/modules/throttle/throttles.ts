import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { AttemptLimiter, consume, KnownClients, type Budget, type LimiterFactory } from './attempt-limiter.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * How long an IP the account signed in from stays exempt from the account-wide ceiling (the
 * in-process store keeps keys with timers, which cannot wait beyond 24.8 days).
 */
const KNOWN_FOR = 14 * DAY;

/**
 * The throttles of the public routes an attacker repeats: sign-in, the two password-reset steps,
 * sign-up and the send-API token. Counted in Redis when there is one (every node sees the same counts), else in process;
 * if Redis fails, each node goes on counting in its own memory rather than letting attempts through.
 */
@Injectable()
export class Throttles {
  /** Failed sign-ins (a success gives its attempt back and clears the account and IP pair). */
  readonly login: AttemptLimiter;
  /** Reset codes asked: every request counts, since each one mails the address. */
  readonly resetRequest: AttemptLimiter;
  /** Reset codes tried: failures only. */
  readonly resetConfirm: AttemptLimiter;
  private readonly signupIp: RateLimiterAbstract;
  private readonly sendTokenIp: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS) redis: Redis | null) {
    const limiter: LimiterFactory = (name: string, { points, seconds }: Budget) => {
      const options = { keyPrefix: `${config.redisPrefix}:throttle:${name}`, points, duration: seconds };
      if (!redis) return new RateLimiterMemory(options);
      return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
    };
    const known = new KnownClients(limiter('login-known', { points: 1, seconds: KNOWN_FOR }));
    this.login = new AttemptLimiter(
      'login',
      {
        pair: { points: config.loginLimitPerAccount, seconds: MINUTE },
        ip: { points: config.loginLimitPerIp, seconds: MINUTE },
        account: { points: config.loginLimitPerAccountHourly, seconds: HOUR },
      },
      limiter,
      known,
      true,
    );
    const reset = {
      pair: { points: config.resetLimitPerAccount, seconds: HOUR },
      ip: { points: config.resetLimitPerIp, seconds: HOUR },
      account: { points: config.resetLimitPerAccountDaily, seconds: DAY },
    };
    this.resetRequest = new AttemptLimiter('reset-request', reset, limiter, known, false);
    this.resetConfirm = new AttemptLimiter('reset-confirm', reset, limiter, known, true);
    this.signupIp = limiter('signup-ip', { points: config.signupLimitPerIp, seconds: HOUR });
    this.sendTokenIp = limiter('send-token-ip', { points: config.sendTokenFailuresPerIp, seconds: MINUTE });
  }

  /**
   * An attempt that tells whether a send-API token exists (the API itself; a token chosen in the
   * connection form), counted against its IP before it runs so that guesses sent in parallel cannot
   * pass the budget; one that `failed` does not call a wrong token is given back.
   */
  async sendToken<T>(ip: string, attempt: () => Promise<T>, failed: (error: unknown) => boolean): Promise<T> {
    await consume(this.sendTokenIp, ip);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      if (!failed(error)) await this.sendTokenIp.reward(ip);
      throw error;
    }
    await this.sendTokenIp.reward(ip);
    return result;
  }

  /** Every sign-up counts against its IP: creating companies is what is limited, not failing to. */
  signup(ip: string): Promise<void> {
    return consume(this.signupIp, ip);
  }
}

@Global()
@Module({ providers: [Throttles], exports: [Throttles] })
export class ThrottleModule {}
