import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LEASE_RENEW_MS, LEASE_TTL_MS } from './lease.js';

/**
 * A node's beat lasts a renewal less than a lease: a node that died is out of everyone's view
 * before its sessions' leases lapse, so the nodes taking them over count the right share at once.
 */
export const BEAT_TTL_MS = LEASE_TTL_MS - LEASE_RENEW_MS;

/** A node of the installation as it last told the others. */
export interface NodeLoad {
  node: string;
  /** WhatsApp sessions it runs. */
  sessions: number;
  /** Those sessions weighed by their traffic (see SessionManager's weightOf). */
  load: number;
  /** The most it may run (Infinity: no cap), so that nobody leaves sessions to a full node. */
  cap: number;
}

/**
 * The nodes of an installation and their loads, for sharing the WhatsApp sessions out fairly. Each
 * node beats every second: `${prefix}:wa-node:${id}` holds what it runs (and a token of this very
 * process, so two processes started with one NODE_ID are told apart) for BEAT_TTL_MS, and
 * the sorted set `${prefix}:wa-nodes` indexes the nodes by their last beat. A node that stops
 * beating drops out of everyone's view before its leases lapse.
 */
export class NodeRegistry {
  private readonly instance = randomUUID();
  private warnedTwin = false;
  private beats = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nodeId: string,
    private readonly onTwin: (message: string) => void,
    private readonly ttlMs = BEAT_TTL_MS,
  ) {}

  private key(node: string): string {
    return `${this.prefix}:wa-node:${node}`;
  }

  /** Tells the others what this node runs; answers every live node, this one included. */
  async beat(own: Omit<NodeLoad, 'node'>): Promise<NodeLoad[]> {
    const now = Date.now();
    const index = `${this.prefix}:wa-nodes`;
    const value = JSON.stringify({ instance: this.instance, ...own, cap: Number.isFinite(own.cap) ? own.cap : null });
    const results = await this.redis
      .multi()
      .set(this.key(this.nodeId), value, 'PX', this.ttlMs, 'GET')
      .zadd(index, now, this.nodeId)
      .zremrangebyscore(index, '-inf', now - this.ttlMs)
      .zrange(index, 0, -1)
      .exec();
    if (!results || results.some(([error]) => error)) throw new Error('the node registry could not be updated');
    const previous = results[0][1] as string | null;
    // At the first beat the previous value may be this node's own before a restart; later, only
    // another process beating under the same id writes one.
    const twin = previous && (JSON.parse(previous) as { instance?: string }).instance !== this.instance;
    if (twin && this.beats > 0 && !this.warnedTwin) {
      this.warnedTwin = true;
      this.onTwin(`Another process runs as node ${this.nodeId}: give each node its own NODE_ID`);
    }
    this.beats += 1;
    const nodes = results[3][1] as string[];
    const values = nodes.length ? await this.redis.mget(nodes.map((node) => this.key(node))) : [];
    const view: NodeLoad[] = [];
    for (const [i, raw] of values.entries()) {
      if (!raw) continue;
      const parsed = JSON.parse(raw) as { sessions: number; load: number; cap: number | null };
      view.push({ node: nodes[i], sessions: parsed.sessions, load: parsed.load, cap: parsed.cap ?? Infinity });
    }
    return view;
  }

  /** Leaves at once (a graceful shutdown), so the others count without this node from their next sweep. */
  async leave(): Promise<void> {
    await this.redis.multi().del(this.key(this.nodeId)).zrem(`${this.prefix}:wa-nodes`, this.nodeId).exec();
  }
}
