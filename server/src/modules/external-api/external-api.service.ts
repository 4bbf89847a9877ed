import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { hasFeature, normalizePhoneNumber, WHATSAPP_TOKEN_MAX, type ExternalSendInput } from '@atendo/shared';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MessageEntity } from '../conversations/entities/message.entity.js';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import type { Outgoing, UploadedFile } from '../conversations/messages.service.js';
import { TicketEvents } from '../conversations/ticket-events.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { Transactions } from '../conversations/transactions.js';
import { Delivery, newMessageId } from '../dispatch/delivery.js';
import { OUTBOUND_PORT, type OutboundPort } from '../gateway/gateway.types.js';
import { PlansService } from '../plans/plans.service.js';
import { REDIS } from '../redis/redis.module.js';
import { consume } from '../throttle/attempt-limiter.js';
import { Throttles } from '../throttle/throttles.js';

/** The connection a send API token selects. */
export interface ApiConnection {
  id: number;
  companyId: number;
}

/**
 * The external send API (`POST /api/messages/send`, COMPAT.md): a connection's token sends to a
 * number through the agents' path, into the contact's ticket (the live one, else a new pending
 * one, as a message the company started).
 *
 * An `Idempotency-Key` makes a retried request send once: the key chooses the WhatsApp message id
 * (a hash of the connection and the key), so a retry finds the message stored under it and only
 * answers, and one racing the first goes out under the same id, which WhatsApp delivers once.
 */
@Injectable()
export class ExternalApiService {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis | null,
    @Inject(OUTBOUND_PORT) private readonly outbound: OutboundPort,
    private readonly plans: PlansService,
    private readonly delivery: Delivery,
    private readonly reader: TicketReader,
    private readonly tx: Transactions,
    private readonly events: TicketEvents,
    private readonly throttles: Throttles,
  ) {
    const options = {
      keyPrefix: `${config.redisPrefix}:throttle:external-api`,
      points: config.externalApiLimitPerSecond,
      duration: 1,
    };
    // Counted in Redis when there is one (every node shares a token's budget), else per process.
    this.limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  }

  /**
   * The connection of a bearer token, its plan allowing the API; a send of it counts against its
   * budget. Wrong tokens count against the caller's IP (Throttles.sendToken): past the budget even
   * a right one answers 429, so a guesser learns nothing more until the window ends.
   */
  async connectionOf(authorization: string | undefined, ip: string): Promise<ApiConnection> {
    const connection = await this.throttles.sendToken(ip, () => this.tokenOwner(authorization), wrongToken);
    if (!hasFeature(await this.plans.ofCompany(Number(connection.companyId)), 'useExternalApi')) {
      throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
    }
    await consume(this.limiter, String(connection.id));
    return { id: Number(connection.id), companyId: Number(connection.companyId) };
  }

  private async tokenOwner(authorization: string | undefined): Promise<{ id: number; companyId: number }> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token || token.length > WHATSAPP_TOKEN_MAX) throw new DomainError('ERR_INVALID_TOKEN');
    // Plain SQL: it runs before every send, and TypeORM's query building cost more than the query.
    const [connection] = (await this.db.query('SELECT id, companyId, token FROM whatsapps WHERE token = ? LIMIT 1', [
      token,
    ])) as { id: number; companyId: number; token: string }[];
    // The lookup matched by the index; the comparison is still made in constant time.
    if (!connection || !sameText(connection.token, token)) throw new DomainError('ERR_INVALID_TOKEN');
    return connection;
  }

  async send(
    connection: ApiConnection,
    input: ExternalSendInput,
    files: UploadedFile[],
    idempotencyKey: string | null,
  ): Promise<void> {
    const baseId = idempotencyKey ? idempotentId(connection.id, idempotencyKey) : null;
    const earlier = baseId ? await this.earlierSend(connection.id, baseId, input, files) : 'none';
    if (earlier === 'all') return;
    // The schema let only numbers the phone rules read through: one canonical form from here on.
    const asked = normalizePhoneNumber(input.number) ?? input.number;
    const { exists, number } = await this.outbound.checkNumber(connection.id, asked);
    if (!exists) throw new DomainError('ERR_WAPP_INVALID_CONTACT', { number: asked });
    const recipient = { companyId: connection.companyId, whatsappId: connection.id, number, name: number };
    const rule = { kind: 'open', userId: null } as const;
    // The text alone, or each file under its own id with the text as the first one's caption.
    const messages: { outgoing: Outgoing; id: string | null }[] = files.length
      ? files.map((file, index) => ({
          outgoing: { body: index === 0 && input.body ? input.body : file.filename, media: file },
          id: baseId && `${baseId}F${index}`,
        }))
      : [{ outgoing: { body: input.body }, id: baseId }];
    let ticket: TicketEntity | undefined;
    for (const { outgoing, id } of messages) {
      // Only a request cut off midway has some of its messages stored already: only then are they looked for.
      const sent = await this.delivery.send(
        recipient,
        outgoing,
        id ?? newMessageId(),
        rule,
        earlier === 'some',
        ticket,
      );
      ticket ??= sent.ticket ?? undefined;
    }
    if (input.closeTicket && ticket) await this.close(ticket);
  }

  /**
   * What an earlier request with the same key stored: nothing, some of its messages (it was cut off
   * between its files), or all of them (this is a retry: nothing to send again). The same key with
   * another text is a mistake the caller must hear of, not a second message.
   */
  private async earlierSend(
    whatsappId: number,
    baseId: string,
    input: ExternalSendInput,
    files: UploadedFile[],
  ): Promise<'none' | 'some' | 'all'> {
    const first = files.length ? `${baseId}F0` : baseId;
    const stored = await this.db.getRepository(MessageEntity).findOne({
      where: { whatsappId, providerId: first },
      select: { id: true, body: true },
    });
    if (!stored) return 'none';
    const expected = files.length ? input.body || files[0].filename : input.body;
    if (stored.body !== expected) throw new DomainError('ERR_IDEMPOTENCY_KEY_REUSED');
    const lastId = files.length ? `${baseId}F${files.length - 1}` : baseId;
    const complete = await this.db.getRepository(MessageEntity).exists({ where: { whatsappId, providerId: lastId } });
    return complete ? 'all' : 'some';
  }

  /** `closeTicket`: the ticket the message went into is closed, quietly (no completion or rating messages). */
  private async close(ticket: TicketEntity): Promise<void> {
    if (ticket.status === 'closed') return;
    const before = { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId };
    const now = new Date();
    await this.tx.run(`contact:${ticket.contactId}`, (em) =>
      em.getRepository(TicketEntity).update(
        { id: ticket.id, companyId: ticket.companyId },
        {
          status: 'closed',
          openKey: null,
          closedAt: now,
          updatedAt: now,
          chatbot: false,
          queueOptionId: null,
          botQueueAt: null,
          awaitingRating: false,
        },
      ),
    );
    this.events.ticketUpdated(await this.reader.full(ticket.companyId, { id: ticket.id }), before);
  }
}

/** A WhatsApp-shaped message id that only this connection and key give. */
function idempotentId(whatsappId: number, key: string): string {
  return `3EB0${createHash('sha256').update(`${whatsappId}\u0000${key}`).digest('hex').slice(0, 20).toUpperCase()}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A failed send-API token: what the IP's budget counts (a plan without the API is not a guess). */
export function wrongToken(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'ERR_INVALID_TOKEN';
}
