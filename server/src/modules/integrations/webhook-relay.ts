import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IntegrationType, Message, Ticket } from '@atendo/shared';
import { INTEGRATION_SIGNATURE_HEADER, SIGNED_INTEGRATION_TYPES } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TicketNoteEntity } from '../conversations/entities/ticket-note.entity.js';
import { MessagesService } from '../conversations/messages.service.js';
import { TicketEvents, type ConversationEvent } from '../conversations/ticket-events.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { JOB_QUEUES, type JobQueues } from '../jobs/jobs.module.js';
import { Metrics } from '../metrics/metrics.js';
import { OutboundError, OutboundHttp } from '../outbound-http/outbound-http.js';
import { IntegrationsService } from './integrations.service.js';
import { replyOf, signatureOf, webhookPayload } from './webhook-payload.js';

/** One event on its way to a webhook; `attempt` counts from 1. */
interface Delivery {
  companyId: number;
  integrationId: number;
  ticketId: number;
  deliveryId: string;
  /** The payload, serialised once: every attempt signs and posts the same bytes. */
  body: string;
  /** A customer's message: its webhook's answer may reply to them. */
  repliable: boolean;
  attempt: number;
}

/** Tries in all, WEBHOOK_RETRY_BASE_MS apart and doubling (2, 4, 8 and 16 s by default). */
export const WEBHOOK_ATTEMPTS = 5;

/**
 * Posts every ticket and message event of a queue (or connection) whose integration is a webhook
 * or n8n to its URL, signed, through the integrations job queue (Redis-backed, so a restart or
 * another node carries on), retried with backoff. A reply in the answer goes to the customer.
 * When the last try fails, a note on the ticket says so; the ticket stays with its queue's people,
 * whom the webhook never kept from answering.
 */
@Injectable()
export class WebhookRelay implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  /**
   * The integration serving a queue or connection, for a second: a campaign's or a conversation's
   * events come in bursts, and a queue given another integration sends it events a second later.
   */
  private readonly serving = new LRUCache<string, { id: number; type: IntegrationType; name: string } | false>({
    max: 20_000,
    ttl: 1_000,
  });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: TicketEvents,
    private readonly integrations: IntegrationsService,
    private readonly http: OutboundHttp,
    private readonly reader: TicketReader,
    private readonly messages: MessagesService,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.jobs.integrations.process((data) => this.deliver(data as Delivery), 8);
    this.events.observe((event) => {
      this.relay(event).catch((error: unknown) =>
        this.logger.warn(`ticket ${event.ticket.id}: event not queued (${String(error)})`),
      );
    });
  }

  private async relay(event: ConversationEvent): Promise<void> {
    const integration = await this.integrationOf(event.ticket);
    if (!integration || !SIGNED_INTEGRATION_TYPES.includes(integration.type)) return;
    const message: Message | null = event.kind === 'message' ? event.message : null;
    const deliveryId = randomUUID();
    const payload = webhookPayload(integration, deliveryId, event.ticket, message, new Date());
    await this.jobs.integrations.add({
      companyId: event.ticket.companyId,
      integrationId: integration.id,
      ticketId: event.ticket.id,
      deliveryId,
      body: JSON.stringify(payload),
      repliable: !!message && !message.fromMe && !event.ticket.isGroup,
      attempt: 1,
    } satisfies Delivery);
  }

  /** The queue's integration, else the connection's. */
  private async integrationOf(ticket: Ticket) {
    for (const [table, id] of [
      ['queues', ticket.queueId],
      ['whatsapps', ticket.whatsappId],
    ] as const) {
      if (!id) continue;
      const key = `${table}:${id}`;
      let found = this.serving.get(key);
      if (found === undefined) {
        const [row] = (await this.db.query(
          `SELECT i.id AS id, i.type AS type, i.name AS name FROM ${table} s ` +
            'INNER JOIN queue_integrations i ON i.id = s.integrationId AND i.companyId = s.companyId WHERE s.id = ?',
          [id],
        )) as { id: number; type: IntegrationType; name: string }[];
        found = row ? { id: Number(row.id), type: row.type, name: row.name } : false;
        this.serving.set(key, found);
      }
      if (found) return found;
    }
    return null;
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const integration = await this.integrations.open(delivery.companyId, delivery.integrationId);
    if (!integration) return;
    const body = Buffer.from(delivery.body);
    let answer: { contentType: string | null; body: Buffer };
    try {
      answer = await this.http.post(
        integration.urlN8N,
        body,
        {
          'content-type': 'application/json',
          [INTEGRATION_SIGNATURE_HEADER]: signatureOf(integration.signingSecret, body),
          'X-Atendo-Delivery': delivery.deliveryId,
          'X-Atendo-Attempt': String(delivery.attempt),
        },
        { timeoutMs: 10_000, maxBytes: 64 * 1024 },
      );
    } catch (error) {
      this.metrics.outboundFailed('webhook');
      const why = error instanceof OutboundError ? `${error.reason}: ${error.message}` : String(error);
      if (delivery.attempt < WEBHOOK_ATTEMPTS && !(error instanceof OutboundError && error.reason === 'refused')) {
        await this.jobs.integrations.add(
          { ...delivery, attempt: delivery.attempt + 1 },
          { delayMs: this.config.webhookRetryBaseMs * 2 ** (delivery.attempt - 1) },
        );
        return;
      }
      this.logger.warn(`integration ${integration.id}: delivery ${delivery.deliveryId} given up (${why})`);
      await this.note(delivery, `Integração "${integration.name}": o webhook não recebeu um evento (${why}).`);
      return;
    }
    const reply = delivery.repliable ? replyOf(answer.contentType, answer.body) : null;
    if (!reply) return;
    const ticket = await this.reader.entity(delivery.companyId, { id: delivery.ticketId });
    if (!ticket || ticket.status === 'closed') return;
    await this.messages.deliver(ticket, { body: reply });
  }

  private async note(delivery: Delivery, note: string): Promise<void> {
    const ticket = await this.reader.entity(delivery.companyId, { id: delivery.ticketId });
    if (!ticket) return;
    await this.db.getRepository(TicketNoteEntity).insert({
      companyId: delivery.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: null,
      note,
    });
  }
}
