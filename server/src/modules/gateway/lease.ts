import type { Redis } from 'ioredis';

/** How long a lease lives without renewal: a holder that died frees its sessions within this. */
export const LEASE_TTL_MS = 30_000;
/** Renewal period: three chances to renew before the lease runs out. */
export const LEASE_RENEW_MS = 10_000;
/** How often nodes look for sessions whose holder died. */
export const TAKEOVER_SWEEP_MS = 15_000;

/** Who may hold a connection's live session. */
export interface SessionLease {
  /** Whether leases are shared between processes (Redis) or this process owns everything. */
  readonly shared: boolean;
  acquire(whatsappId: number): Promise<boolean>;
  /** False when the lease was lost (expired and taken by another node): stop the session. */
  renew(whatsappId: number): Promise<boolean>;
  release(whatsappId: number): Promise<void>;
  /** The node id holding the lease, or null when nobody does. */
  holder(whatsappId: number): Promise<string | null>;
}

/** Without Redis there is one process and it holds every session. */
export class LocalLease implements SessionLease {
  readonly shared = false;
  constructor(private readonly nodeId: string) {}
  async acquire(): Promise<boolean> {
    return true;
  }
  async renew(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
  async holder(): Promise<string | null> {
    return this.nodeId;
  }
}

// Only the holder may extend or drop its lease: a node that stalled past the TTL must not extend
// (or delete) the lease another node has taken since.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** `${prefix}:wa-lease:${whatsappId}` holds the node id of the session's holder, with a TTL. */
export class RedisLease implements SessionLease {
  readonly shared = true;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nodeId: string,
    private readonly ttlMs = LEASE_TTL_MS,
  ) {}

  key(whatsappId: number): string {
    return `${this.prefix}:wa-lease:${whatsappId}`;
  }

  async acquire(whatsappId: number): Promise<boolean> {
    const key = this.key(whatsappId);
    if ((await this.redis.set(key, this.nodeId, 'PX', this.ttlMs, 'NX')) === 'OK') return true;
    // Already ours (a second start while the first still runs): renewing keeps it ours.
    return this.renew(whatsappId);
  }

  async renew(whatsappId: number): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, this.key(whatsappId), this.nodeId, this.ttlMs)) === 1;
  }

  async release(whatsappId: number): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(whatsappId), this.nodeId);
  }

  async holder(whatsappId: number): Promise<string | null> {
    return this.redis.get(this.key(whatsappId));
  }
}
