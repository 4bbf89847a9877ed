import { setTimeout as sleep } from 'node:timers/promises';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import type { ConnectionStatus, ErrorCode } from '@atendo/shared';
import type { Redis } from 'ioredis';
import { In, Not, Repository } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { Metrics } from '../metrics/metrics.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { SettingEntity } from '../settings/entities/setting.entity.js';
import { WhatsappAuthKeyEntity } from '../whatsapp/entities/whatsapp-auth-key.entity.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import {
  INBOUND_SINK,
  type InboundSink,
  type OutboundMedia,
  type PeerRef,
  type SendOptions,
  type SessionEvent,
} from './gateway.types.js';
import { LEASE_RENEW_MS, LocalLease, RedisLease, TAKEOVER_SWEEP_MS, type SessionLease } from './lease.js';
import { NodeRegistry, type NodeLoad } from './node-registry.js';
import {
  WHATSAPP_PROVIDERS,
  type ProviderSession,
  type SessionListener,
  type SessionTarget,
  type WhatsappProvider,
} from './provider.js';
import { SessionMovingError, SessionRpc } from './session-rpc.js';
import { nextSessionState, shouldRun } from './session-state.js';

/** What can be asked of a live session, wherever it lives: JSON-safe so it can cross to its holder. */
export type SessionCommand =
  | { op: 'sendText'; to: PeerRef; body: string; options?: SendOptions }
  | { op: 'sendMedia'; to: PeerRef; media: OutboundMedia; options?: SendOptions }
  | { op: 'deleteForEveryone'; to: PeerRef; providerId: string }
  | { op: 'checkNumber'; number: string }
  | { op: 'addressBook' }
  | { op: 'stop' }
  | { op: 'logout' }
  | { op: 'extension'; name: string; args: unknown };

/** A provider-specific command (the sandbox's scan and inbound messages), run on the holder. */
export type SessionExtension = (session: ProviderSession, args: unknown, target: SessionTarget) => Promise<unknown>;

interface LiveSession {
  whatsappId: number;
  companyId: number;
  provider: string;
  target: SessionTarget;
  session: ProviderSession | null;
  /** Settles when the provider's start has finished (either way). */
  ready: Promise<void>;
  status: ConnectionStatus;
  closed: boolean;
  /** Until when this node's lease surely holds, by this node's clock (from when it asked). */
  leaseUntil: number;
  /** Commands running on the session now: a hand-over waits for them before stopping it. */
  running: number;
  /** Set when the hand-over begins: later commands wait for the next holder instead. */
  leaving: boolean;
  /** Messages a minute in and out, decaying (see TRAFFIC_HALF_LIFE_MS), and when it was last updated. */
  traffic: { rate: number; at: number };
}

/**
 * How long a command waits for a session that is moving between nodes (its holder handing it over
 * or gone) before answering ERR_WAPP_UNAVAILABLE: a hand-over takes about a takeover sweep and a
 * dead holder's lease lapses within LEASE_TTL_MS.
 */
export const MOVE_WAIT_MS = 6_000;
/** How long a hand-over waits for the commands already running on a session. */
const HANDOVER_COMMANDS_WAIT_MS = 10_000;

/**
 * Sharing the sessions out. A session weighs 1 plus its messages a minute over TRAFFIC_UNIT, so a
 * busy number counts as several quiet ones; each node aims at the average weight of the nodes.
 */
const TRAFFIC_UNIT = 30;
/** How fast a session's measured traffic forgets the past. */
const TRAFFIC_HALF_LIFE_MS = 60_000;
/** A node gives sessions away only above the average by this much (and at least one session). */
const SHED_MARGIN = 0.05;
/** Sessions a sweep starts at once. */
const START_CONCURRENCY = 16;
/** The most sessions a node gives away in one sweep: the others start them from the stored keys. */
const SHED_BATCH = 100;
/** A session given away is not taken back by the same node for this long (another node's turn). */
const RELEASED_MS = 30_000;

/** How often, without Redis, live sessions re-read their company's settings (ignore groups, reject calls). */
const SETTINGS_REFRESH_MS = 15_000;

/** Which error a provider failure becomes, per command. */
const FAILURE: Partial<Record<SessionCommand['op'], ErrorCode>> = {
  sendText: 'ERR_SENDING_WAPP_MSG',
  sendMedia: 'ERR_SENDING_WAPP_MSG',
  deleteForEveryone: 'ERR_DELETE_WAPP_MSG',
  checkNumber: 'ERR_WAPP_CHECK_CONTACT',
  addressBook: 'ERR_WAPP_CHECK_CONTACT',
};

/**
 * Holds the live WhatsApp sessions of this process, one per connection, and keeps the connection
 * rows in step with them. With Redis each session is held under a lease so exactly one node runs
 * it; commands for a session held elsewhere are forwarded to its holder.
 */
@Injectable()
export class SessionManager implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  readonly nodeId: string;
  private readonly cap: number;
  private readonly logger = new Logger('Sessions');
  /** Every live node as of the last sweep, this one included (only this one without Redis). */
  private view: NodeLoad[] = [];
  private readonly registry: NodeRegistry | null;
  /**
   * What the last sweep found: sessions that should run with no holder, and those held by other
   * nodes (null before the first sweep: the others' beats are taken as they are).
   */
  private counted: { waiting: number; elsewhere: number | null } = { waiting: 0, elsewhere: null };
  /** Sessions this node gave away to even the load out, and until when it leaves them to others. */
  private readonly released = new Map<number, number>();
  private readonly live = new Map<number, LiveSession>();
  /** Session events of one connection are applied in order, one at a time. */
  private readonly eventChains = new Map<number, Promise<unknown>>();
  private readonly extensions = new Map<string, SessionExtension>();
  private readonly lease: SessionLease;
  private readonly rpc: SessionRpc | null;
  private sink: InboundSink | null;
  private timers: NodeJS.Timeout[] = [];
  private resuming: Promise<void> | null = null;
  /** Takeovers on demand under way, one per connection however many commands asked for it. */
  private readonly takingOver = new Map<number, Promise<void>>();
  private shuttingDown = false;
  private lastDropWarning = 0;
  private renewing = false;
  private beating = false;
  private sweeping = false;
  /** Whether the last sweep failed: an outage of Redis is reported once, not every second. */
  private sweepFailing = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis | null,
    @Inject(WHATSAPP_PROVIDERS) private readonly providers: WhatsappProvider[],
    @InjectRepository(WhatsappEntity) private readonly whatsapps: Repository<WhatsappEntity>,
    @InjectRepository(WhatsappAuthKeyEntity) private readonly authKeys: Repository<WhatsappAuthKeyEntity>,
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    private readonly realtime: RealtimeService,
    private readonly moduleRef: ModuleRef,
    private readonly metrics: Metrics,
    @Optional() @Inject(INBOUND_SINK) sink?: InboundSink,
  ) {
    this.sink = sink ?? null;
    this.nodeId = config.nodeId;
    this.cap = config.sessionsPerNode;
    this.registry = redis
      ? new NodeRegistry(redis, config.redisPrefix, this.nodeId, (message) => this.logger.error(message))
      : null;
    this.lease = redis ? new RedisLease(redis, config.redisPrefix, this.nodeId) : new LocalLease(this.nodeId);
    this.rpc = redis
      ? new SessionRpc(redis, config.redisPrefix, this.nodeId, (id, command) =>
          this.executeLocal(id, command as SessionCommand),
        )
      : null;
  }

  async onModuleInit(): Promise<void> {
    // The conversation pipeline provides the sink; looked up across the whole app so neither module
    // has to import the other (the pipeline itself needs this gateway to send).
    if (!this.sink) {
      try {
        this.sink = this.moduleRef.get<InboundSink>(INBOUND_SINK, { strict: false });
      } catch {
        this.logger.warn('No inbound sink is registered: inbound WhatsApp events are dropped');
      }
    }
    await this.rpc?.open();
  }

  onApplicationBootstrap(): void {
    // A restart reconnects every connection that was not disconnected on purpose. In the
    // background: a slow provider must not hold the HTTP server back.
    this.resuming = this.firstSweep().catch((error: unknown) => this.logger.error('Resuming sessions failed', error));
    // Settings changes (ignore groups, reject calls) reach the live sessions.
    this.timers = [setInterval(() => void this.refreshTargets(), SETTINGS_REFRESH_MS)];
    if (this.lease.shared) {
      this.timers.push(
        setInterval(() => void this.renewLeases(), LEASE_RENEW_MS),
        setInterval(() => void this.takeOver(), TAKEOVER_SWEEP_MS),
        // Apart from the sweep, which can take a while (starting or handing over many sessions):
        // a node whose beat lapses drops out of the others' view.
        setInterval(() => void this.beat(), LEASE_RENEW_MS),
      );
    }
    for (const timer of this.timers) timer.unref();
  }

  /**
   * With other nodes, this one first says it is there and waits a sweep's time, so nodes started
   * together see each other and each takes its share instead of the first taking everything.
   */
  private async firstSweep(): Promise<void> {
    // The periodic sweep waits for this one instead of starting the same sessions beside it.
    this.sweeping = true;
    try {
      if (this.registry) {
        await this.beat();
        await sleep(TAKEOVER_SWEEP_MS);
      }
      await this.sweep();
    } finally {
      this.sweeping = false;
    }
  }

  /** Tells the other nodes what this one runs, and learns what they do (kept when Redis does not answer). */
  private async beat(): Promise<void> {
    if (!this.registry || this.shuttingDown || this.beating) return;
    this.beating = true;
    try {
      this.view = await this.registry.beat(this.ownLoad());
    } catch {
      // Redis is away: the sweep fails too, and the renewals decide what keeps running.
    } finally {
      this.beating = false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.shuttingDown = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.resuming;
    // Stopping keeps the connections' statuses: the next start (here or on another node) resumes them.
    await Promise.all([...this.live.values()].map((entry) => this.stopLocal(entry, 'stop')));
    await Promise.all([...this.eventChains.values()]);
    await this.rpc?.close();
  }

  /**
   * Gives this node's sessions up at once for a graceful shutdown, instead of letting their leases
   * lapse: each waits for the commands running on it, stops, and releases its lease, and the other
   * nodes' next takeover sweep starts it from the stored keys. Commands that arrive meanwhile (here
   * or forwarded) wait for the new holder. Without Redis there is nobody to hand over to: the
   * sessions stop and the next start resumes them.
   */
  async handOver(): Promise<number> {
    // The timers run on: the leases of the sessions still waiting for their commands must be
    // renewed (a lapsed one would let another node start the session beside this one), and the
    // sweeps start nothing once shutting down.
    this.shuttingDown = true;
    // The others count without this node from their next sweep, and take its sessions.
    await this.registry?.leave().catch(() => undefined);
    await this.resuming;
    const entries = [...this.live.values()];
    for (const entry of entries) entry.leaving = true;
    await Promise.all(entries.map((entry) => this.leave(entry)));
    await Promise.all([...this.eventChains.values()]);
    if (entries.length) this.logger.log(`Handed over ${entries.length} session(s)`);
    return entries.length;
  }

  /** A session marked `leaving`: waits for the commands running on it, then stops it and frees its lease. */
  private async leave(entry: LiveSession): Promise<void> {
    const since = Date.now();
    const running = entry.running;
    const deadline = since + HANDOVER_COMMANDS_WAIT_MS;
    while (entry.running > 0 && Date.now() < deadline) await sleep(20);
    if (running) {
      this.logger.log(`Connection ${entry.whatsappId}: waited ${Date.now() - since} ms for ${running} command(s)`);
    }
    await this.stopLocal(entry, 'stop');
  }

  /**
   * The node holding each connection's session (null: none runs), for the Connections page. Without
   * Redis this process runs them all; with it, a Redis that does not answer tells nothing.
   */
  async holders(whatsappIds: number[]): Promise<(string | null)[]> {
    if (!this.lease.shared) return whatsappIds.map((id) => (this.live.has(id) ? this.nodeId : null));
    return this.lease.holders(whatsappIds).catch(() => whatsappIds.map(() => null));
  }

  /** The status of each session this node runs, for the metrics. */
  liveStatuses(): ConnectionStatus[] {
    return [...this.live.values()].map((entry) => entry.status);
  }

  /** Lets a provider add commands its sessions understand (run on the node holding the session). */
  registerExtension(name: string, handler: SessionExtension): void {
    this.extensions.set(name, handler);
  }

  /** Whether this process holds the connection's live session. */
  isLocal(whatsappId: number): boolean {
    return this.live.has(whatsappId);
  }

  /**
   * Starts the connection's session unless one runs already (here, or on the node holding its
   * lease). Resolves once the provider has started; QR codes and status follow as events.
   */
  async start(whatsappId: number): Promise<void> {
    const running = this.live.get(whatsappId);
    if (running) return running.ready;
    const row = await this.whatsapps.findOne({
      where: { id: whatsappId },
      select: { id: true, companyId: true, provider: true },
    });
    if (!row) throw new DomainError('ERR_NO_WAPP_FOUND');
    const again = this.live.get(whatsappId);
    if (again) return again.ready;
    if (this.shuttingDown) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    const provider = this.providers.find((p) => p.kind === row.provider);
    if (!provider) {
      this.logger.warn(`Connection ${whatsappId} uses provider "${row.provider}", which this server does not run`);
      await this.record(whatsappId, { kind: 'status', status: 'DISCONNECTED' });
      throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    }
    const entry: LiveSession = {
      whatsappId,
      companyId: row.companyId,
      provider: row.provider,
      target: { whatsappId, companyId: row.companyId, ignoreGroups: true, rejectCalls: false },
      session: null,
      ready: Promise.resolve(),
      status: 'OPENING',
      closed: false,
      leaseUntil: 0,
      running: 0,
      leaving: false,
      traffic: { rate: 0, at: Date.now() },
    };
    this.live.set(whatsappId, entry);
    const opening = this.open(entry, provider);
    entry.ready = opening.then(
      () => undefined,
      () => undefined,
    );
    return opening;
  }

  private async open(entry: LiveSession, provider: WhatsappProvider): Promise<void> {
    const { whatsappId } = entry;
    const asked = Date.now();
    let leased: boolean;
    try {
      leased = await this.lease.acquire(whatsappId);
    } catch (error) {
      // Redis cannot say who holds it: the connection keeps its status and runs once Redis answers.
      this.forget(entry);
      this.logger.warn(`Connection ${whatsappId} waits for Redis to start: ${String(error)}`);
      throw new DomainError('ERR_WAPP_UNAVAILABLE');
    }
    if (!leased) {
      // Another node holds it and runs it: nothing to do here.
      this.forget(entry);
      return;
    }
    entry.leaseUntil = asked + this.lease.ttlMs;
    try {
      Object.assign(entry.target, await this.settingsOf(entry.companyId));
      entry.session = await provider.start(entry.target, this.listenerFor(entry));
    } catch (error) {
      this.forget(entry);
      await this.lease.release(whatsappId).catch(() => undefined);
      this.logger.error(`Connection ${whatsappId} could not start`, error as Error);
      await this.record(whatsappId, { kind: 'status', status: 'DISCONNECTED' });
      throw error instanceof DomainError ? error : new DomainError('ERR_WAPP_NOT_INITIALIZED');
    }
  }

  private forget(entry: LiveSession): void {
    entry.closed = true;
    if (this.live.get(entry.whatsappId) === entry) this.live.delete(entry.whatsappId);
  }

  /** Closes a local session and gives up its lease; statuses are for the caller to set. */
  private async stopLocal(entry: LiveSession, how: 'stop' | 'logout'): Promise<void> {
    this.forget(entry);
    await entry.ready;
    try {
      if (how === 'logout') await entry.session?.logout();
      else await entry.session?.stop();
    } catch (error) {
      this.logger.warn(`Connection ${entry.whatsappId} did not ${how} cleanly: ${String(error)}`);
    }
    await this.lease.release(entry.whatsappId).catch(() => undefined);
  }

  /**
   * Signs the device out wherever its session lives and wipes the auth state: the connection is
   * DISCONNECTED and needs a new QR.
   */
  async logout(whatsappId: number): Promise<void> {
    try {
      await this.invoke(whatsappId, { op: 'logout' });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'ERR_WAPP_NOT_INITIALIZED')) throw error;
      // Not running anywhere: only the stored auth state is left to wipe.
    }
    await this.authKeys.delete({ whatsappId });
    await this.record(whatsappId, { kind: 'loggedOut' });
  }

  /** A new QR: sign out, then start from scratch. */
  async restart(whatsappId: number): Promise<void> {
    await this.logout(whatsappId);
    await this.start(whatsappId);
  }

  /** Before a connection is deleted: sign its device out if it can, wherever it runs. */
  async discard(whatsappId: number): Promise<void> {
    await this.invoke(whatsappId, { op: 'logout' }).catch((error: unknown) => {
      if (!(error instanceof DomainError && error.code === 'ERR_WAPP_NOT_INITIALIZED')) {
        this.logger.warn(`Connection ${whatsappId} could not sign out before deletion: ${String(error)}`);
      }
    });
  }

  /** The company and provider of a session this node holds, or null (not held here). */
  heldHere(whatsappId: number): { companyId: number; provider: string } | null {
    const entry = this.live.get(whatsappId);
    return entry ? { companyId: entry.companyId, provider: entry.provider } : null;
  }

  /**
   * Runs a command on the connection's live session, forwarding it to the node that holds it. A
   * session that should run but whose holder's lease lapsed (it died) is started here first, so a
   * command never waits for the next sweep. While the holder is gone but its lease still runs, or
   * Redis cannot say who holds it, the answer is ERR_WAPP_UNAVAILABLE (503): ask again shortly.
   */
  async invoke<T = unknown>(whatsappId: number, command: SessionCommand): Promise<T> {
    const deadline = Date.now() + MOVE_WAIT_MS;
    for (;;) {
      try {
        return await this.invokeOnce<T>(whatsappId, command);
      } catch (error) {
        // The session is between two holders and the command did not run: ask again shortly.
        if (!(error instanceof SessionMovingError) || Date.now() >= deadline) throw error;
        await sleep(100);
      }
    }
  }

  private async invokeOnce<T>(whatsappId: number, command: SessionCommand): Promise<T> {
    if (this.live.has(whatsappId)) return (await this.executeLocal(whatsappId, command)) as T;
    if (this.rpc) {
      let holder = await this.holderOf(whatsappId);
      if (!holder && command.op !== 'stop' && command.op !== 'logout') {
        // Handing over: another node takes the session; this one must not start it again.
        if (this.shuttingDown || this.leftToOthers(whatsappId)) {
          if (await this.shouldRunNow(whatsappId)) throw new SessionMovingError();
          throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
        }
        await this.takeOverNow(whatsappId);
        if (this.live.has(whatsappId)) return (await this.executeLocal(whatsappId, command)) as T;
        // Another node won the race for the lease: it runs the session now.
        holder = await this.holderOf(whatsappId);
      }
      if (holder && holder !== this.nodeId) return (await this.rpc.request(holder, whatsappId, command)) as T;
    }
    throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  }

  private async holderOf(whatsappId: number): Promise<string | null> {
    try {
      return await this.lease.holder(whatsappId);
    } catch {
      throw new DomainError('ERR_WAPP_UNAVAILABLE');
    }
  }

  /**
   * Starts here a session that should run and has no holder. The commands that pile up while a
   * holder is gone all arrive at once when its lease lapses: they share one lookup and one start.
   */
  private takeOverNow(whatsappId: number): Promise<void> {
    let pending = this.takingOver.get(whatsappId);
    if (!pending) {
      pending = (async () => {
        if (await this.shouldRunNow(whatsappId)) await this.start(whatsappId);
      })().finally(() => this.takingOver.delete(whatsappId));
      this.takingOver.set(whatsappId, pending);
    }
    return pending;
  }

  private async shouldRunNow(whatsappId: number): Promise<boolean> {
    const row = await this.whatsapps.findOne({ where: { id: whatsappId }, select: { id: true, status: true } });
    return !!row && shouldRun(row.status);
  }

  private async executeLocal(whatsappId: number, command: SessionCommand): Promise<unknown> {
    const entry = this.live.get(whatsappId);
    // Gone from here during a hand-over (also when a command forwarded before it arrives after).
    if (!entry || entry.leaving) {
      const moving = this.shuttingDown || !!entry?.leaving || this.leftToOthers(whatsappId);
      if (moving && command.op !== 'stop' && command.op !== 'logout') throw new SessionMovingError();
      if (!entry) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    }
    entry.running += 1;
    try {
      return await this.runOn(entry, command);
    } finally {
      entry.running -= 1;
    }
  }

  private async runOn(entry: LiveSession, command: SessionCommand): Promise<unknown> {
    const { whatsappId } = entry;
    await entry.ready;
    const session = entry.session;
    if (!session || entry.closed) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    switch (command.op) {
      case 'stop':
      case 'logout':
        await this.stopLocal(entry, command.op);
        return null;
      case 'extension': {
        const handler = this.extensions.get(command.name);
        if (!handler) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
        return handler(session, command.args, entry.target);
      }
    }
    if (entry.status !== 'CONNECTED') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    if (command.op === 'sendText' || command.op === 'sendMedia') this.countTraffic(entry);
    try {
      switch (command.op) {
        case 'sendText':
          return await session.sendText(command.to, command.body, command.options);
        case 'sendMedia':
          return await session.sendMedia(command.to, command.media, command.options);
        case 'deleteForEveryone':
          await session.deleteForEveryone(command.to, command.providerId);
          return null;
        case 'checkNumber':
          return await session.checkNumber(command.number);
        case 'addressBook':
          return await session.addressBook();
      }
    } catch (error) {
      if (error instanceof DomainError) throw error;
      this.logger.warn(`Connection ${whatsappId}: ${command.op} failed: ${String(error)}`);
      throw new DomainError(FAILURE[command.op] ?? 'ERR_INTERNAL_SERVER_ERROR');
    }
  }

  private listenerFor(entry: LiveSession): SessionListener {
    const current = () => !entry.closed && this.live.get(entry.whatsappId) === entry;
    return {
      session: async (event) => {
        if (!current()) return;
        const state = await this.record(entry.whatsappId, event);
        if (state && current()) entry.status = state.status;
        if (event.kind === 'loggedOut') {
          await this.authKeys.delete({ whatsappId: entry.whatsappId });
          // Not awaited: the provider is inside its own callback and its stop may wait for it.
          void this.stopLocal(entry, 'stop');
        }
      },
      message: async (message) => {
        if (!current()) return;
        if (message.chat.isGroup && entry.target.ignoreGroups) return;
        if (!message.fromMe) this.metrics.messages.inc({ direction: 'inbound' });
        this.countTraffic(entry);
        const sink = this.sinkOrDrop();
        if (sink) await sink.message(message);
      },
      change: async (change) => {
        if (!current()) return;
        const sink = this.sinkOrDrop();
        if (sink) await sink.change(change);
      },
      call: async (call) => {
        if (!current()) return;
        const sink = this.sinkOrDrop();
        if (sink) await sink.call(call);
      },
    };
  }

  private sinkOrDrop(): InboundSink | null {
    if (!this.sink && Date.now() - this.lastDropWarning > 60_000) {
      this.lastDropWarning = Date.now();
      this.logger.warn('Inbound WhatsApp event dropped: no inbound sink is registered');
    }
    return this.sink;
  }

  /** Applies a session event to the connection row and tells the company's sockets. */
  private record(whatsappId: number, event: SessionEvent) {
    const previous = this.eventChains.get(whatsappId) ?? Promise.resolve();
    const next = previous
      .then(() => this.apply(whatsappId, event))
      .catch((error: unknown) => {
        this.logger.error(`Connection ${whatsappId}: could not record ${event.kind}`, error as Error);
        return null;
      });
    this.eventChains.set(whatsappId, next);
    void next.then(() => {
      if (this.eventChains.get(whatsappId) === next) this.eventChains.delete(whatsappId);
    });
    return next;
  }

  private async apply(whatsappId: number, event: SessionEvent) {
    const row = await this.whatsapps.findOne({
      where: { id: whatsappId },
      select: { id: true, companyId: true, status: true, qrcode: true, retries: true, number: true },
    });
    // Deleted meanwhile: nothing left to update.
    if (!row) return null;
    const state = nextSessionState(row, event);
    const updatedAt = new Date();
    await this.whatsapps.update({ id: whatsappId }, { ...state, updatedAt });
    this.realtime.toCompany(row.companyId, 'whatsappSession', {
      action: 'update',
      session: {
        id: whatsappId,
        status: state.status,
        qrcode: state.qrcode,
        retries: state.retries,
        updatedAt: updatedAt.toISOString(),
        // Sent by the node running the session; null once none does (signed out, failed to start).
        node: this.live.has(whatsappId) ? this.nodeId : null,
      },
    });
    return state;
  }

  /**
   * Renews the leases of the local sessions (all at once). A session whose lease another node has
   * taken stops here; so does one whose lease could not be renewed for so long that it may lapse
   * before the next try (Redis unreachable): running it on would risk two nodes running it. It
   * starts again, here or elsewhere, once Redis answers. `now` is for the tests.
   */
  async renewLeases(now = Date.now()): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      await Promise.all([...this.live.values()].map((entry) => this.renewLease(entry, now)));
    } finally {
      this.renewing = false;
    }
  }

  private async renewLease(entry: LiveSession, now: number): Promise<void> {
    if (!entry.session || entry.closed) return;
    if (now >= entry.leaseUntil - LEASE_RENEW_MS) {
      this.logger.warn(`Connection ${entry.whatsappId} stops: its lease could not be renewed in time`);
      await this.stopLocal(entry, 'stop');
      return;
    }
    const asked = Date.now();
    let kept: boolean;
    try {
      kept = await this.lease.renew(entry.whatsappId);
    } catch {
      // Redis is unreachable: the lease still runs for a while; the next round decides.
      return;
    }
    if (!kept) {
      this.logger.warn(`Lost the lease of connection ${entry.whatsappId}: another node holds it now`);
      await this.stopLocal(entry, 'stop');
    } else if (entry.closed) {
      // Stopped while the renewal was on its way: the lease it may have taken back goes too.
      await this.lease.release(entry.whatsappId).catch(() => undefined);
    } else {
      entry.leaseUntil = asked + this.lease.ttlMs;
    }
  }

  /** The periodic sweep, reporting a failing one (Redis or the database away) once until it works again. */
  private async takeOver(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.sweep();
      if (this.sweepFailing) this.logger.log('Takeover sweep works again');
      this.sweepFailing = false;
    } catch (error) {
      if (!this.sweepFailing) this.logger.warn(`Takeover sweep failed, retrying every second: ${String(error)}`);
      this.sweepFailing = true;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Starts the sessions that should be running but run nowhere: at start-up (a restart resumes
   * its connections), and with Redis periodically, taking over the sessions of a node that died.
   */
  async sweep(): Promise<void> {
    const rows = await this.whatsapps.find({
      where: { status: Not('DISCONNECTED') },
      select: { id: true, status: true },
      order: { id: 'ASC' },
    });
    const idle = rows.filter((row) => shouldRun(row.status) && !this.live.has(row.id)).map((row) => row.id);
    const holders = this.lease.shared ? await this.lease.holders(idle) : idle.map(() => null);
    const free = idle.filter((_, i) => !holders[i]);
    this.counted = { waiting: free.length, elsewhere: idle.length - free.length };
    const now = Date.now();
    for (const [whatsappId, until] of this.released) if (until <= now) this.released.delete(whatsappId);
    // Up to this node's share, a few at a time: the others take the rest, each its own.
    // Whether others would take the sessions this node gave away: asked once, not once a session.
    const takers = this.takers();
    const mine = free.filter((whatsappId) => !this.leftToOthers(whatsappId, takers)).slice(0, this.roomFor());
    let next = 0;
    let started = 0;
    const worker = async () => {
      while (next < mine.length && !this.shuttingDown) {
        const whatsappId = mine[next++];
        started += 1;
        await this.start(whatsappId).catch((error: unknown) => {
          if (!(error instanceof DomainError))
            this.logger.error(`Connection ${whatsappId} could not resume`, error as Error);
        });
      }
    };
    const starting = Date.now();
    const before = this.registry ? this.fairShare() : null;
    await Promise.all(Array.from({ length: Math.min(START_CONCURRENCY, mine.length) }, worker));
    if (started)
      this.logger.log(
        `Started ${started} of ${free.length} waiting session(s) in ${Date.now() - starting} ms` +
          (before
            ? ` (fair share ${before.fair.toFixed(1)}, carrying ${before.own.toFixed(1)}, ${before.others.length} other node(s))`
            : ''),
      );
    await this.shed();
  }

  /** This node's part of the cluster's view: its sessions, their weight and its cap. */
  private ownLoad(): Omit<NodeLoad, 'node'> {
    let load = 0;
    for (const entry of this.live.values()) load += this.weightOf(entry);
    return { sessions: this.live.size, load, cap: this.cap };
  }

  /** The session's messages a minute as of `now`, its rate decayed since it was last updated. */
  private rateOf(entry: LiveSession, now: number): number {
    return entry.traffic.rate * 0.5 ** ((now - entry.traffic.at) / TRAFFIC_HALF_LIFE_MS);
  }

  /** 1, plus the session's messages a minute over TRAFFIC_UNIT. */
  private weightOf(entry: LiveSession, now = Date.now()): number {
    return 1 + this.rateOf(entry, now) / TRAFFIC_UNIT;
  }

  /** One message in or out of the session, into its decaying rate (messages a minute). */
  private countTraffic(entry: LiveSession): void {
    const now = Date.now();
    // A rate whose half-life is H counts each message as ln 2 / H of a message a millisecond.
    entry.traffic = { rate: this.rateOf(entry, now) + (Math.LN2 / TRAFFIC_HALF_LIFE_MS) * 60_000, at: now };
  }

  /**
   * Whether this node leaves the session to another: it gave it away lately and another node with
   * room under its share is there to take it (with none left, the session is this node's again).
   */
  private leftToOthers(whatsappId: number, takers?: boolean): boolean {
    const until = this.released.get(whatsappId);
    if (until === undefined || until <= Date.now()) return false;
    return takers ?? this.takers();
  }

  /** Whether another node would start a waiting session: it has room, and is under its share. */
  private takers({ fair, others } = this.fairShare()): boolean {
    return others.some((node) => node.sessions < node.cap && node.load + 1 <= fair + 0.5);
  }

  /**
   * The average weight a node should carry: everything the nodes run plus the sessions waiting for
   * a holder (a waiting one weighs 1: its traffic is not known here), over the nodes. The others'
   * beats are up to a second old, so their weight is scaled to the sessions the last sweep found
   * held elsewhere: a session another node just started is counted, not lost between two beats.
   */
  private fairShare(): { fair: number; own: number; others: NodeLoad[] } {
    const own = this.ownLoad().load;
    const others = this.view.filter((node) => node.node !== this.nodeId);
    const beaten = others.reduce((sum, node) => sum + node.sessions, 0);
    const weighed = others.reduce((sum, node) => sum + node.load, 0);
    const { waiting, elsewhere } = this.counted;
    const othersLoad = elsewhere === null ? weighed : beaten ? (weighed / beaten) * elsewhere : elsewhere;
    return { fair: (own + othersLoad + waiting) / (others.length + 1), own, others };
  }

  /**
   * How many waiting sessions this node starts: as many as its cap leaves room for, up to its fair
   * share; at least one when it carries no more than the least loaded other node with room
   * (someone must take each session, even when every node is at its share).
   */
  private roomFor(): number {
    const room = this.cap - this.live.size;
    if (room <= 0 || !this.registry) return Math.max(0, room);
    const { fair, own, others } = this.fairShare();
    const share = Math.floor(fair + 0.5 - own);
    if (share >= 1) return Math.min(room, share);
    const roomy = others.filter((node) => node.sessions < node.cap);
    return !roomy.length || own <= Math.min(...roomy.map((node) => node.load)) ? 1 : 0;
  }

  /**
   * Gives sessions away while this node carries more than its fair share (a node joined, or traffic
   * moved), the quietest first: each is handed over as on a graceful shutdown (commands running on
   * it finish, new ones wait for the next holder) and another node's sweep starts it from the
   * stored keys. Only when another node has room to take them.
   */
  private async shed(): Promise<void> {
    if (!this.registry || this.shuttingDown) return;
    const share = this.fairShare();
    if (!this.takers(share)) return;
    const { fair, own } = share;
    let excess = own - fair;
    if (excess <= Math.max(1, fair * SHED_MARGIN)) return;
    const now = Date.now();
    const candidates = [...this.live.values()]
      .filter((entry) => !entry.leaving && entry.session && !entry.closed)
      .map((entry) => ({ entry, weight: this.weightOf(entry, now) }))
      .sort((a, b) => a.weight - b.weight);
    const leaving: LiveSession[] = [];
    for (const { entry, weight } of candidates) {
      if (excess < weight / 2 || leaving.length >= SHED_BATCH) break;
      excess -= weight;
      entry.leaving = true;
      this.released.set(entry.whatsappId, now + RELEASED_MS);
      leaving.push(entry);
    }
    if (!leaving.length) return;
    this.logger.log(
      `Handing ${leaving.length} session(s) to other nodes (this node over its share of ${fair.toFixed(1)})`,
    );
    await Promise.all(leaving.map((entry) => this.leave(entry)));
  }

  /** Company settings the sessions apply (ignore groups, reject calls), re-read for live sessions. */
  private async refreshTargets(): Promise<void> {
    const companies = [...new Set([...this.live.values()].map((e) => e.companyId))];
    if (!companies.length) return;
    const rows = await this.settings
      .find({ where: { companyId: In(companies), key: In(['CheckMsgIsGroup', 'call']) } })
      .catch((error: unknown) => {
        this.logger.warn(`Could not re-read the sessions' settings: ${String(error)}`);
        return null;
      });
    if (!rows) return;
    for (const entry of this.live.values()) {
      Object.assign(entry.target, toTargetSettings(rows.filter((r) => r.companyId === entry.companyId)));
    }
  }

  private async settingsOf(companyId: number): Promise<Pick<SessionTarget, 'ignoreGroups' | 'rejectCalls'>> {
    return toTargetSettings(await this.settings.find({ where: { companyId, key: In(['CheckMsgIsGroup', 'call']) } }));
  }
}

/** `CheckMsgIsGroup` enabled ignores group messages; `call` disabled rejects calls (both by default as the catalogue says). */
export function toTargetSettings(
  rows: { key: string; value: string }[],
): Pick<SessionTarget, 'ignoreGroups' | 'rejectCalls'> {
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return { ignoreGroups: value('CheckMsgIsGroup') !== 'disabled', rejectCalls: value('call') === 'disabled' };
}
