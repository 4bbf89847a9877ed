import { Injectable } from '@nestjs/common';
import { companyEvent, rooms, type CompanyEventPayloads, type CompanyEventSuffix } from '@atendo/shared';
import type { Server } from 'socket.io';

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

  /** Drops the sockets of an ended session once they have been told why. */
  disconnectSession(companyId: number, sessionId: string): void {
    this.server?.in(rooms.session(companyId, sessionId)).disconnectSockets(true);
  }
}
