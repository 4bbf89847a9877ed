import type { Redis } from 'ioredis';

/**
 * How long a lease lives without renewal: a holder that died frees its sessions within this, and
 * another node runs them at most a sweep later, so a session moves in under 10 s.
 */
export const LEASE_TTL_MS = 4_000;
/**
 * Renewal period. A holder that has not renewed for TTL − this stops its sessions itself (its lease
 * may lapse before the next try): it must never run a session another node may have taken.
 */
export const LEASE_RENEW_MS = 1_000;
/** How often nodes look for sessions whose holder died. */
export const TAKEOVER_SWEEP_MS = 1_000;

/** Who may hold a connection's live session. */
export interface SessionLease {
  /** Whether leases are shared between processes (Redis) or this process owns everything. */
  readonly shared: boolean;
  /** How long an acquired or renewed lease lasts. */
  readonly ttlMs: number;
  acquire(whatsappId: number): Promise<boolean>;
  /** False when the lease was lost (expired and taken by another node): stop the session. */
  renew(whatsappId: number): Promise<boolean>;
  release(whatsappId: number): Promise<void>;
  /** The node id holding the lease, or null when nobody does. */
  holder(whatsappId: number): Promise<string | null>;
  /** The holders of several connections' leases, in their order, in one round trip. */
  holders(whatsappIds: number[]): Promise<(string | null)[]>;
}

/** Without Redis there is one process and it holds every session. */
export class LocalLease implements SessionLease {
  readonly shared = false;
  readonly ttlMs = Infinity;
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
  async holders(whatsappIds: number[]): Promise<(string | null)[]> {
    return whatsappIds.map(() => this.nodeId);
  }
}

// Only the holder may extend or drop its lease: a node that stalled past the TTL must not extend
// (or delete) the lease another node has taken since. A lease that lapsed with nobody taking it
// (Redis was unreachable for a moment) is taken back by the node still running the session.
const RENEW = `
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not holder then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0
`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** `${prefix}:wa-lease:${whatsappId}` holds the node id of the session's holder, with a TTL. */
export class RedisLease implements SessionLease {
  readonly shared = true;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nodeId: string,
    readonly ttlMs = LEASE_TTL_MS,
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

  async holders(whatsappIds: number[]): Promise<(string | null)[]> {
    return whatsappIds.length ? this.redis.mget(whatsappIds.map((id) => this.key(id))) : [];
  }
}
