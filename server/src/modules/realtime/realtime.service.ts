import { Injectable } from '@nestjs/common';
import {
  companyEvent,
  PLATFORM_ANNOUNCEMENT_EVENT,
  rooms,
  type CompanyEventPayloads,
  type CompanyEventSuffix,
} from '@atendo/shared';
import type { Server } from 'socket.io';
import type { AuthUser } from '../../common/auth-user.js';

/**
 * Emits company-scoped events. Services call it without knowing about sockets; the gateway hands
 * it the socket.io server once that is up (before then there is nobody to tell).
 */
@Injectable()
export class RealtimeService {
  private server: Server | null = null;

  attach(server: Server): void {
    this.server = server;
  }

  /**
   * Closes the connections of the sockets this process holds (not the other nodes'), for a
   * graceful shutdown. Their transports are closed rather than the sockets disconnected: clients
   * read a server-side disconnect as "do not come back" (how a revoked session is told), while a
   * closed transport makes them reconnect at once, through the load balancer, to a node that stays.
   */
  disconnectLocal(): number {
    if (!this.server) return 0;
    const sockets = [...this.server.of('/').sockets.values()];
    for (const socket of sockets) socket.conn.close();
    return sockets.length;
  }

  /** The signed-in sockets connected to this process (not the other nodes'). */
  connectedSockets(): number {
    return this.server?.of('/').sockets.size ?? 0;
  }

  /** To every socket of the company. */
  toCompany<S extends CompanyEventSuffix>(companyId: number, suffix: S, payload: CompanyEventPayloads[S]): void {
    this.server?.to(rooms.company(companyId)).emit(companyEvent(companyId, suffix), payload);
  }

  /** To the sockets in one room of the company (a user, a session, a queue, a ticket...). */
  toRoom<S extends CompanyEventSuffix>(
    room: string,
    companyId: number,
    suffix: S,
    payload: CompanyEventPayloads[S],
  ): void {
    this.server?.to(room).emit(companyEvent(companyId, suffix), payload);
  }

  /**
   * To the sockets in any of `to` (each socket once, however many of the rooms it is in), except
   * those also in one of `except`: how an event reaches exactly the sockets allowed to see it.
   */
  toRooms<S extends CompanyEventSuffix>(
    to: string[],
    companyId: number,
    suffix: S,
    payload: CompanyEventPayloads[S],
    except: string[] = [],
  ): void {
    if (!this.server || !to.length) return;
    const target = except.length ? this.server.to(to).except(except) : this.server.to(to);
    target.emit(companyEvent(companyId, suffix), payload);
  }

  /**
   * An event under a name that is not `company-{id}-<suffix>` (the family's per-chat and
   * per-member chat names), to the sockets in any of `to`.
   */
  toRoomsNamed(to: string[], event: string, payload: unknown): void {
    if (!this.server || !to.length) return;
    this.server.to(to).emit(event, payload);
  }

  /** A platform-wide announcement under its one unscoped name, to the sockets of `to` but not of `except`. */
  announce(to: string[], payload: CompanyEventPayloads['announcement'], except: string[] = []): void {
    if (!this.server || !to.length) return;
    const target = except.length ? this.server.to(to).except(except) : this.server.to(to);
    target.emit(PLATFORM_ANNOUNCEMENT_EVENT, payload);
  }

  /** Makes the sockets of `room` that are in none of `keep` leave it (on every node, with Redis). */
  evict(room: string, keep: string[]): void {
    if (!this.server) return;
    const sockets = keep.length ? this.server.in(room).except(keep) : this.server.in(room);
    sockets.socketsLeave(room);
  }

  /**
   * Moves every socket of a user (on every node, with Redis) from the rooms it had to the rooms it
   * has now: a change of queues, profile or allTicket takes effect without a reconnect.
   */
  moveUser(companyId: number, userId: number, before: string[], after: string[]): void {
    if (!this.server) return;
    const sockets = this.server.in(rooms.user(companyId, userId));
    const left = before.filter((room) => !after.includes(room));
    if (left.length) sockets.socketsLeave(left);
    if (after.length) sockets.socketsJoin(after);
  }

  /** Drops every socket of a company (on every node, with Redis): it was disabled or deleted. */
  disconnectCompany(companyId: number): void {
    this.server?.in(rooms.company(companyId)).disconnectSockets(true);
  }

  /**
   * Drops this node's sockets for which `ended` says so: how a node catches up on the ends it could
   * not hear of (the rooms above reach every node only while Redis carries them).
   */
  async dropSocketsWhere(ended: (auth: AuthUser) => Promise<boolean>): Promise<void> {
    if (!this.server) return;
    for (const socket of [...this.server.sockets.sockets.values()]) {
      const auth = (socket.data as { auth?: AuthUser }).auth;
      if (auth && (await ended(auth))) socket.disconnect(true);
    }
  }

  /** Drops the sockets of an ended session once they have been told why. */
  disconnectSession(companyId: number, sessionId: string): void {
    this.server?.in(rooms.session(companyId, sessionId)).disconnectSockets(true);
  }
}
