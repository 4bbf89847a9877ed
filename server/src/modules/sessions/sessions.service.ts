import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { rooms, type Profile } from '@atendo/shared';
import type { Redis } from 'ioredis';
import { DataSource, IsNull, LessThan, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { RedisChannel } from '../redis/redis-channel.js';
import { REDIS } from '../redis/redis.module.js';
import { RefreshTokenEntity } from './entities/refresh-token.entity.js';
import { SessionEntity } from './entities/session.entity.js';
import { TokensService } from './tokens.service.js';

const DAY = 86_400_000;
/** A refresh token is good for 7 days; a session for 30 days at most, however often it rotates. */
export const REFRESH_TTL_MS = 7 * DAY;
const SESSION_MAX_MS = 30 * DAY;
/**
 * Two tabs of one browser share the refresh cookie and may refresh at the same moment. The loser
 * presents a token used a moment ago; within this window it gets an access token (the cookie jar
 * already holds the successor) instead of tripping reuse detection.
 */
const CONCURRENT_REFRESH_GRACE_MS = 10_000;
/**
 * How long a node trusts its last look at a session before reading it again. Ends and changes are
 * announced to every node at once (see Forget), so this only bounds what a lost announcement leaves.
 */
const SESSION_CACHE_MS = 5_000;

/** The reason a password reset ends the account's sessions with. */
export const PASSWORD_RESET = 'password-reset';

/** A session that ended answers why, where the reason is the user's business: a new password. */
function endedSessionError(reason: string | null): DomainError {
  return new DomainError(reason === PASSWORD_RESET ? 'ERR_PASSWORD_CHANGED' : 'ERR_SESSION_EXPIRED');
}

interface CachedSession {
  auth: AuthUser | null;
  at: number;
}

/** What the nodes must stop believing: these sessions, a user's sessions, a company's sessions. */
interface Forget {
  sessions?: string[];
  user?: number;
  company?: number;
  everything?: boolean;
}

export interface Rotation {
  sessionId: string;
  userId: number;
  /** Null when the grace window answered: the browser already holds the newest token. */
  refreshToken: string | null;
}

@Injectable()
export class SessionsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly cache = new Map<string, CachedSession>();
  /**
   * Bumped whenever something is forgotten: a lookup that started before cannot tell whether it read
   * the row before or after the change, so its answer is used but not cached.
   */
  private generation = 0;
  /** With Redis, how every node hears of ended sessions and changed users at once. */
  private readonly channel: RedisChannel | null;

  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly tokensService: TokensService,
    private readonly realtime: RealtimeService,
    @Inject(REDIS) redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = redis
      ? new RedisChannel(
          redis,
          `${config.redisPrefix}:sessions-changed`,
          (message) => this.forgetLocal(parseForget(message)),
          () => void this.resync(),
        )
      : null;
  }

  async onModuleInit(): Promise<void> {
    await this.channel?.open();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.channel?.close();
  }

  /**
   * The cache is only as good as the announcements: without Redis this process is the only node and
   * forgets locally; with Redis it is trusted only while this node hears the channel.
   */
  private get cacheTrusted(): boolean {
    return !this.channel || this.channel.live;
  }

  private forget(what: Forget): void {
    this.forgetLocal(what);
    if (this.channel) void this.channel.publish(JSON.stringify(what));
  }

  private forgetLocal(what: Forget): void {
    this.generation += 1;
    if (what.everything) this.cache.clear();
    for (const id of what.sessions ?? []) this.cache.delete(id);
    if (what.user === undefined && what.company === undefined) return;
    for (const [id, entry] of this.cache) {
      if (entry.auth && (entry.auth.userId === what.user || entry.auth.companyId === what.company))
        this.cache.delete(id);
    }
  }

  /**
   * The channel is back after an outage: what it carried meanwhile is lost, so the cache goes and
   * this node's sockets are checked again; one whose session ended meanwhile is dropped.
   */
  private async resync(): Promise<void> {
    this.generation += 1;
    this.cache.clear();
    await this.realtime
      .dropSocketsWhere(async (auth) => (await this.resolve(auth.sessionId))?.userId !== auth.userId)
      .catch((error: unknown) => this.logger.warn(`could not check the sockets again: ${String(error)}`));
  }

  /** Starts a session and ends every other session of the user (one sign-in at a time). */
  async start(
    user: { id: number; companyId: number },
    meta: { userAgent: string; ip: string },
  ): Promise<{ sessionId: string; refreshToken: string }> {
    const others = await this.sessions.find({
      where: { userId: user.id, revokedAt: IsNull() },
      select: { id: true, companyId: true },
    });
    const sessionId = randomUUID();
    const refreshToken = this.tokensService.newRefreshToken();
    const now = Date.now();
    await this.db.transaction(async (em) => {
      await em.insert(SessionEntity, {
        id: sessionId,
        userId: user.id,
        companyId: user.companyId,
        expiresAt: new Date(now + SESSION_MAX_MS),
        userAgent: meta.userAgent.slice(0, 255),
        ip: meta.ip.slice(0, 64),
      });
      await em.insert(RefreshTokenEntity, {
        sessionId,
        tokenHash: this.tokensService.hashRefresh(refreshToken),
        expiresAt: new Date(now + REFRESH_TTL_MS),
      });
    });
    for (const other of others) {
      await this.revoke(other.id, other.companyId, 'signed-in-elsewhere', true);
    }
    return { sessionId, refreshToken };
  }

  /**
   * Rotates a refresh token (RFC 9700 §4.14.2): the presented token is spent and a new one of the
   * same session issued. A token presented again after it was spent means it leaked: the whole
   * session is revoked, for the thief and the owner alike.
   */
  async rotate(presented: string): Promise<Rotation> {
    const token = await this.tokens.findOne({ where: { tokenHash: this.tokensService.hashRefresh(presented) } });
    if (!token) throw new DomainError('ERR_SESSION_EXPIRED');
    const session = await this.sessions.findOne({ where: { id: token.sessionId } });
    const now = Date.now();
    if (!session || session.revokedAt || session.expiresAt.getTime() <= now || token.expiresAt.getTime() <= now) {
      throw endedSessionError(session?.revokedReason ?? null);
    }
    if (token.usedAt) {
      if (now - token.usedAt.getTime() <= CONCURRENT_REFRESH_GRACE_MS) {
        return { sessionId: session.id, userId: session.userId, refreshToken: null };
      }
      this.logger.warn(`refresh token reuse on session ${session.id}: session revoked`);
      await this.revoke(session.id, session.companyId, 'refresh-reuse', true);
      throw new DomainError('ERR_REFRESH_TOKEN_REUSED');
    }
    // The conditional update makes two simultaneous rotations of one token race for it: one wins.
    const spent = await this.tokens.update({ id: token.id, usedAt: IsNull() }, { usedAt: new Date(now) });
    if (!spent.affected) {
      return { sessionId: session.id, userId: session.userId, refreshToken: null };
    }
    const refreshToken = this.tokensService.newRefreshToken();
    await this.tokens.insert({
      sessionId: session.id,
      tokenHash: this.tokensService.hashRefresh(refreshToken),
      expiresAt: new Date(Math.min(now + REFRESH_TTL_MS, session.expiresAt.getTime())),
    });
    return { sessionId: session.id, userId: session.userId, refreshToken };
  }

  /** Ends a session; its sockets hear why (when asked) and are dropped. */
  async revoke(sessionId: string, companyId: number, reason: string, notify = false): Promise<void> {
    await this.sessions.update(
      { id: sessionId, revokedAt: IsNull() },
      { revokedAt: new Date(), revokedReason: reason },
    );
    this.forget({ sessions: [sessionId] });
    if (notify) {
      const session = await this.sessions.findOne({ where: { id: sessionId }, select: { userId: true } });
      if (session) {
        this.realtime.toRoom(rooms.session(companyId, sessionId), companyId, 'auth', {
          action: 'update',
          user: { id: session.userId },
          ...(reason === PASSWORD_RESET ? { reason } : {}),
        });
      }
    }
    this.realtime.disconnectSession(companyId, sessionId);
  }

  async revokeAllOfUser(userId: number, reason: string): Promise<void> {
    const active = await this.sessions.find({
      where: { userId, revokedAt: IsNull() },
      select: { id: true, companyId: true },
    });
    // A reset password is news to the user's open screens: they say why they were signed out.
    for (const session of active) await this.revoke(session.id, session.companyId, reason, reason === PASSWORD_RESET);
  }

  /** Why a session that no longer authenticates ended: the error its requests answer. */
  async endedError(sessionId: string): Promise<DomainError> {
    const session = await this.sessions.findOne({
      where: { id: sessionId },
      select: { id: true, revokedReason: true },
    });
    return endedSessionError(session?.revokedReason ?? null);
  }

  /** Ends every session of a company (disabled or deleted by the super-admin) and drops its sockets on every node. */
  async revokeAllOfCompany(companyId: number, reason: string): Promise<void> {
    await this.sessions.update({ companyId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
    this.forget({ company: companyId });
    this.realtime.disconnectCompany(companyId);
  }

  async revokeByRefreshToken(presented: string): Promise<void> {
    const token = await this.tokens.findOne({ where: { tokenHash: this.tokensService.hashRefresh(presented) } });
    const session = token && (await this.sessions.findOne({ where: { id: token.sessionId } }));
    if (session) await this.revoke(session.id, session.companyId, 'logout');
  }

  /**
   * The caller behind a verified access token, or null once its session has ended, its user is
   * gone or its company is disabled. Read from the database at most every few seconds per session,
   * so profile changes and revocations take effect without a lookup on every request.
   */
  async resolve(sessionId: string): Promise<AuthUser | null> {
    const trusted = this.cacheTrusted;
    const cached = trusted ? this.cache.get(sessionId) : undefined;
    if (cached && Date.now() - cached.at < SESSION_CACHE_MS) return cached.auth;
    const generation = this.generation;
    const row = await this.db
      .createQueryBuilder()
      .select([
        's.id AS sessionId',
        's.userId AS userId',
        's.companyId AS companyId',
        'u.profile AS profile',
        'u.super AS super',
      ])
      .from(SessionEntity, 's')
      .innerJoin('users', 'u', 'u.id = s.userId')
      .innerJoin('companies', 'c', 'c.id = s.companyId')
      .where('s.id = :sessionId', { sessionId })
      .andWhere('s.revokedAt IS NULL')
      .andWhere('s.expiresAt > :now', { now: new Date() })
      .andWhere('(c.status = :on OR c.isPlatform = :on)', { on: true })
      .getRawOne<{ sessionId: string; userId: number; companyId: number; profile: Profile; super: number | boolean }>();
    const auth = row
      ? {
          sessionId: row.sessionId,
          userId: Number(row.userId),
          companyId: Number(row.companyId),
          profile: row.profile,
          super: !!Number(row.super),
        }
      : null;
    if (!trusted || generation !== this.generation) return auth;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(sessionId, { auth, at: Date.now() });
    return auth;
  }

  /** Makes every node forget what it knows of a user's sessions, after their profile or access changed. */
  forgetUser(userId: number): void {
    this.forget({ user: userId });
  }

  /** Housekeeping: spent and expired refresh tokens, and sessions ended more than a day ago. */
  async purgeExpired(): Promise<{ tokens: number; sessions: number }> {
    const now = new Date();
    const tokens = await this.tokens.delete({ expiresAt: LessThan(now) });
    const sessions = await this.sessions.delete({ expiresAt: LessThan(new Date(now.getTime() - DAY)) });
    const ended = await this.sessions.delete({ revokedAt: LessThan(new Date(now.getTime() - DAY)) });
    return { tokens: tokens.affected ?? 0, sessions: (sessions.affected ?? 0) + (ended.affected ?? 0) };
  }
}

/** An announcement from another node; one that cannot be read forgets everything rather than nothing. */
function parseForget(message: string): Forget {
  try {
    return JSON.parse(message) as Forget;
  } catch {
    return { everything: true };
  }
}
