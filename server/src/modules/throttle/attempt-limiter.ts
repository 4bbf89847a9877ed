import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError, ThrottledError } from '../../common/domain-error.js';

/** Points allowed per window of `seconds`. */
export interface Budget {
  points: number;
  seconds: number;
}

export type LimiterFactory = (name: string, budget: Budget) => RateLimiterAbstract;

export interface AttemptBudgets {
  /** One account from one IP: the tight one. A success clears it. */
  pair: Budget;
  /** One IP, whatever the account: someone trying many accounts. */
  ip: Budget;
  /**
   * One account from every IP together: slower and higher, against guessing spread over many IPs.
   * An IP the account signed in from lately is not held by it, so nobody can lock the owner out.
   */
  account: Budget;
}

/**
 * Counts the attempts at something an attacker repeats (a password, a reset) per account and IP
 * pair, per IP and per account, so that one IP's failures cannot lock the account's owner out from
 * another. An attempt is counted before it runs, so guesses sent in parallel cannot pass a budget;
 * with `refundSuccess` an attempt that succeeds is given back, so only failures count.
 */
export class AttemptLimiter {
  private readonly pair: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;

  constructor(
    name: string,
    budgets: AttemptBudgets,
    limiter: LimiterFactory,
    private readonly known: KnownClients,
    private readonly refundSuccess: boolean,
  ) {
    this.pair = limiter(`${name}-pair`, budgets.pair);
    this.ip = limiter(`${name}-ip`, budgets.ip);
    this.account = limiter(`${name}-account`, budgets.account);
  }

  /**
   * Runs `attempt` for `account` from `ip` unless a budget is spent (429). `failed` tells which of
   * its errors are a failed attempt; anything else (a result, another error) is a success.
   */
  async run<T>(
    account: string,
    ip: string,
    attempt: () => Promise<T>,
    failed: (error: unknown) => boolean = () => true,
  ): Promise<T> {
    await this.take(account, ip);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      if (!failed(error)) await this.succeeded(account, ip);
      throw error;
    }
    await this.succeeded(account, ip);
    return result;
  }

  private async take(account: string, ip: string): Promise<void> {
    await consume(this.pair, `${account}|${ip}`);
    await consume(this.ip, ip);
    try {
      await consume(this.account, account);
    } catch (error) {
      if (!(error instanceof ThrottledError) || !(await this.known.has(account, ip))) throw error;
    }
  }

  private async succeeded(account: string, ip: string): Promise<void> {
    if (!this.refundSuccess) return;
    await Promise.all([
      this.pair.delete(`${account}|${ip}`),
      this.ip.reward(ip),
      this.account.reward(account),
      this.known.add(account, ip),
    ]);
  }
}

/** The IPs each account signed in from lately: the account-wide ceiling does not hold them. */
export class KnownClients {
  constructor(private readonly store: RateLimiterAbstract) {}

  async has(account: string, ip: string): Promise<boolean> {
    return (await this.store.get(`${account}|${ip}`)) !== null;
  }

  async add(account: string, ip: string): Promise<void> {
    await this.store.set(`${account}|${ip}`, 1, this.store.duration);
  }
}

/** One point of `limiter` for `key`, or 429 with the seconds until the window ends. */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new ThrottledError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}

/** `failed` for sign-in: only a wrong e-mail or password is a failed attempt. */
export const wrongCredentials = (error: unknown) =>
  error instanceof DomainError && error.code === 'ERR_INVALID_CREDENTIALS';
