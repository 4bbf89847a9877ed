import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import { InjectRepository } from '@nestjs/typeorm';
import {
  permissionRooms,
  rooms,
  TICKET_STATUSES,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@atendo/shared';
import type { Server, Socket } from 'socket.io';
import { Repository } from 'typeorm';
import { AuthGuard } from '../../common/auth.guard.js';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { viewerRooms } from '../conversations/visibility.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { RealtimeService } from './realtime.service.js';

type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { auth?: AuthUser; seenWrittenAt?: number }
>;

const TICKET_REF = /^(\d{1,10}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/**
 * userStatus pings arrive every 5 minutes per client; one write a minute per socket bounds a
 * misbehaving client. Per socket, not per user: a reconnected app's first ping is always written,
 * or the dashboard would count it offline until its next ping, 5 minutes on.
 */
const SEEN_WRITE_EVERY_MS = 60_000;

type ClientEvent = keyof ClientToServerEvents;
/** What a client is told when handling one of its events failed (as Nest's gateways tell it). */
const FAILED = 'Internal server error';

/**
 * An event's data as the handlers have always read it: the one argument, or the arguments as an
 * array when there are several, an acknowledgement callback at the end left out.
 */
function payloadOf(args: unknown[]): unknown {
  const data = typeof args.at(-1) === 'function' ? args.slice(0, -1) : args;
  return data.length > 1 ? data : data[0];
}

/**
 * socket.io endpoint of the existing clients. The token comes in the handshake query; rooms are
 * all named after the socket's own company, so a socket can never join another company's room.
 *
 * The clients' events are handled by listeners made once and shared by every socket (a listener
 * is called with the socket as `this`), not by @SubscribeMessage: Nest binds those through a chain
 * of RxJS subscribers per event and per socket, which took about 32 KB of heap a socket, three
 * times what socket.io itself keeps for one.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');
  private readonly failures = new Logger('WsExceptionsHandler');
  private readonly listeners: [ClientEvent, (this: AppSocket, ...args: unknown[]) => void][] = [
    this.listener('joinChatBox', (socket, ticketId) => this.joinChatBox(socket, ticketId)),
    this.listener('joinChatBoxLeave', (socket, ticketId) => this.leaveChatBox(socket, ticketId)),
    this.listener('joinNotification', (socket) => this.joinNotification(socket)),
    this.listener('joinNotificationLeave', (socket) => this.leaveNotification(socket)),
    this.listener('joinTickets', (socket, status) => this.joinTickets(socket, status)),
    this.listener('joinTicketsLeave', (socket, status) => this.leaveTickets(socket, status)),
    this.listener('userStatus', (socket) => this.userStatus(socket)),
  ];

  constructor(
    private readonly realtime: RealtimeService,
    private readonly guard: AuthGuard,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly tickets: TicketReader,
    private readonly sessions: SessionsService,
  ) {}

  afterInit(server: Server): void {
    this.realtime.attach(server);
    server.use((socket: AppSocket, next) => {
      const token = socket.handshake.query.token ?? socket.handshake.auth?.token;
      this.guard
        .authenticate(typeof token === 'string' ? `Bearer ${token}` : undefined)
        .then((auth) => {
          socket.data.auth = auth;
          next();
        })
        .catch((error: unknown) => {
          const code = error instanceof DomainError ? error.code : 'ERR_INVALID_TOKEN';
          next(Object.assign(new Error(code), { data: { error: code } }));
        });
    });
  }

  /**
   * The shared listener of one client event. A failure is logged and the client told, with the
   * event and its data, as it was when Nest ran these handlers.
   */
  private listener(
    event: ClientEvent,
    handle: (socket: AppSocket, data: unknown) => Promise<void>,
  ): [ClientEvent, (this: AppSocket, ...args: unknown[]) => void] {
    const failed = (socket: AppSocket, data: unknown, error: unknown) => {
      (socket as unknown as Socket).emit('exception', {
        status: 'error',
        message: FAILED,
        cause: { pattern: event, data },
      });
      this.failures.error(error);
    };
    return [
      event,
      function (this: AppSocket, ...args: unknown[]) {
        const data = payloadOf(args);
        handle(this, data).catch((error: unknown) => failed(this, data, error));
      },
    ];
  }

  async handleConnection(socket: AppSocket): Promise<void> {
    // Before anything is awaited: the client may send its first events as soon as it connects.
    for (const [event, listener] of this.listeners) socket.on(event, listener);
    const auth = socket.data.auth;
    if (!auth) {
      socket.disconnect(true);
      return;
    }
    const user = await this.users.findOne({
      where: { id: auth.userId, companyId: auth.companyId },
      relations: { queues: true },
    });
    if (!user) {
      socket.disconnect(true);
      return;
    }
    const joined = [
      rooms.company(auth.companyId),
      rooms.user(auth.companyId, auth.userId),
      rooms.session(auth.companyId, auth.sessionId),
      ...permissionRooms(auth.companyId, { profile: user.profile, super: auth.super }),
      ...viewerRooms(auth.companyId, {
        profile: user.profile,
        super: auth.super,
        allTicket: user.allTicket,
        queueIds: (user.queues ?? []).map((q) => q.id),
      }),
    ];
    await socket.join(joined);
    // Checked again now that the socket is in its rooms: a session ended between the handshake and
    // the join was announced to rooms this socket was not in yet, and nothing else would drop it.
    if (!(await this.stillSignedIn(socket))) return;
    socket.emit('ready');
  }

  /**
   * Whether the socket's session is still alive (the sessions' cache is kept current on every
   * node); a socket whose session has ended is dropped. Asked before any room is joined.
   */
  private async stillSignedIn(socket: AppSocket): Promise<boolean> {
    const auth = socket.data.auth;
    const current = auth && (await this.sessions.resolve(auth.sessionId));
    if (current && current.userId === auth.userId) return true;
    socket.disconnect(true);
    return false;
  }

  private async joinChatBox(socket: AppSocket, ticketId: unknown): Promise<void> {
    const auth = socket.data.auth;
    if (!auth || !TICKET_REF.test(String(ticketId)) || !(await this.stillSignedIn(socket))) return;
    // The conversation's room carries its messages: only for a ticket this user may see.
    if (!(await this.tickets.canFollow(auth, String(ticketId)))) return;
    await socket.join(rooms.ticket(auth.companyId, String(ticketId)));
  }

  private async leaveChatBox(socket: AppSocket, ticketId: unknown): Promise<void> {
    const auth = socket.data.auth;
    if (auth && TICKET_REF.test(String(ticketId))) await socket.leave(rooms.ticket(auth.companyId, String(ticketId)));
  }

  private async joinNotification(socket: AppSocket): Promise<void> {
    const auth = socket.data.auth;
    if (auth && (await this.stillSignedIn(socket))) await socket.join(rooms.notification(auth.companyId));
  }

  private async leaveNotification(socket: AppSocket): Promise<void> {
    const auth = socket.data.auth;
    if (auth) await socket.leave(rooms.notification(auth.companyId));
  }

  private async joinTickets(socket: AppSocket, status: unknown): Promise<void> {
    const auth = socket.data.auth;
    if (auth && (TICKET_STATUSES as readonly unknown[]).includes(status) && (await this.stillSignedIn(socket)))
      await socket.join(rooms.status(auth.companyId, String(status)));
  }

  private async leaveTickets(socket: AppSocket, status: unknown): Promise<void> {
    const auth = socket.data.auth;
    if (auth && (TICKET_STATUSES as readonly unknown[]).includes(status))
      await socket.leave(rooms.status(auth.companyId, String(status)));
  }

  /** The client's "I am here" ping: the dashboard shows an agent online within 5 minutes of it. */
  private async userStatus(socket: AppSocket): Promise<void> {
    const auth = socket.data.auth;
    if (!auth) return;
    const now = Date.now();
    if (now - (socket.data.seenWrittenAt ?? 0) < SEEN_WRITE_EVERY_MS) return;
    socket.data.seenWrittenAt = now;
    await this.users
      .update({ id: auth.userId, companyId: auth.companyId }, { lastSeenAt: new Date(now) })
      .catch((error: unknown) => {
        this.logger.warn(`userStatus write failed: ${String(error)}`);
      });
  }
}
