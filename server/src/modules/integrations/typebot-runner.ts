import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource, IsNull } from 'typeorm';
import { ownUrl } from '../../common/own-url.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { folded } from '../ai/agent-turn.js';
import { CustomerMessages, type CustomerMessage } from '../conversations/customer-messages.js';
import { TicketNoteEntity } from '../conversations/entities/ticket-note.entity.js';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import { KeyedLock } from '../conversations/keyed-lock.js';
import { MessagesService } from '../conversations/messages.service.js';
import { TicketEvents } from '../conversations/ticket-events.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { isLoopbackAddress } from '../outbound-http/address-policy.js';
import { OutboundError, OutboundHttp } from '../outbound-http/outbound-http.js';
import { IntegrationsService, type OpenIntegration } from './integrations.service.js';
import {
  answerOf,
  callTypebot,
  choicesText,
  continueRequest,
  readTurn,
  startRequest,
  TypebotError,
  type TypebotTurn,
} from './typebot-client.js';

/** What the customer is told when the bot fails and a person follows. */
export const TYPEBOT_HANDOFF_MESSAGE =
  'Vou transferir você para um de nossos atendentes. Aguarde um momento, por favor.';

interface BotState {
  status: string;
  userId: number | null;
  chatbot: boolean;
  isGroup: boolean;
  ended: boolean;
  engagedWith: number | null;
  promptActive: boolean;
  sessionId: string | null;
  sessionAt: Date | null;
  queueIntegration: number | null;
  connectionIntegration: number | null;
}

/**
 * The Typebot runtime: a customer's message in a pending ticket nobody owns, whose queue (or, with
 * none there, connection) has a typebot integration, goes to the bot through Typebot's chat API and
 * the bot's bubbles come back to the customer, `typebotDelayMessage` apart, a choice input as a
 * numbered list the customer answers by number or text. The session is kept on the ticket and
 * started again after `typebotExpires` minutes of silence (0: never) or the restart keyword.
 *
 * People take over for good (`integrationEndedAt`) when the flow ends, when the customer writes
 * the finish keyword, or when the bot fails (then the customer is told, and a note says why); the
 * ticket waits in its queue. Turns run after the message's transaction, one at a time per ticket.
 */
@Injectable()
export class TypebotRunner implements OnModuleInit {
  private readonly logger = new Logger('Typebot');
  private readonly turns = new KeyedLock();
  /** The input each ticket's bot waits for, to read "2" as its second choice. */
  private readonly waiting = new LRUCache<number, { id: string; choices: string[] }>({ max: 50_000, ttl: 86_400_000 });
  private readonly running = new Set<Promise<void>>();
  /** Only for this server's own stand-in: loopback, and nothing else. */
  private readonly ownHttp = new OutboundHttp({ allowAddress: isLoopbackAddress });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly customerMessages: CustomerMessages,
    private readonly integrations: IntegrationsService,
    private readonly http: OutboundHttp,
    private readonly adapter: HttpAdapterHost,
    private readonly reader: TicketReader,
    private readonly messages: MessagesService,
    private readonly events: TicketEvents,
  ) {}

  onModuleInit(): void {
    this.customerMessages.listen(async (message) => {
      const turn = this.turns
        .run(`ticket:${message.ticketId}`, () => this.turn(message))
        .catch((error: unknown) => this.logger.error(`ticket ${message.ticketId}: ${String(error)}`))
        .finally(() => this.running.delete(turn));
      this.running.add(turn);
    });
  }

  /** Resolves once every turn started so far is over. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private async turn(message: CustomerMessage): Promise<void> {
    const state = await this.stateOf(message);
    if (!state || state.status !== 'pending' || state.userId || state.chatbot || state.isGroup || state.ended) return;
    if (state.promptActive) return;
    const integrationId = state.engagedWith ?? state.queueIntegration ?? state.connectionIntegration;
    if (!integrationId) return;
    const integration = await this.integrations.open(message.companyId, integrationId);
    if (integration?.type !== 'typebot') return;
    if (state.engagedWith !== integrationId && !(await this.engage(message.ticketId, integrationId))) return;
    const text = await this.lastWords(message.ticketId);
    if (integration.typebotKeywordFinish && folded(text) === folded(integration.typebotKeywordFinish)) {
      return this.end(message, integration, 'o cliente encerrou o bot', false);
    }
    let sessionId = state.sessionId;
    const restart = !!integration.typebotKeywordRestart && folded(text) === folded(integration.typebotKeywordRestart);
    const expired =
      !!state.sessionAt &&
      integration.typebotExpires > 0 &&
      Date.now() - state.sessionAt.getTime() > integration.typebotExpires * 60_000;
    if (restart || expired) sessionId = null;
    if (restart && integration.typebotRestartMessage) await this.say(message, integration.typebotRestartMessage);
    const waiting = sessionId ? this.waiting.get(message.ticketId) : undefined;
    let turn: TypebotTurn;
    try {
      const request = sessionId
        ? continueRequest(integration.urlN8N, sessionId, answerOf(text, waiting?.choices ?? []))
        : startRequest(integration.urlN8N, integration.typebotSlug);
      turn = readTurn(await callTypebot((url, body) => this.post(url, body), request), sessionId);
    } catch (error) {
      return this.end(message, integration, `o Typebot falhou: ${describe(error)}`, true);
    }
    await this.db
      .getRepository(TicketEntity)
      .update({ id: message.ticketId }, { typebotSessionId: turn.sessionId, typebotSessionAt: new Date() });
    const repeated = !!waiting && !turn.bubbles.length && turn.input?.id === waiting.id;
    if (repeated && integration.typebotUnknownMessage) await this.say(message, integration.typebotUnknownMessage);
    for (const [i, bubble] of turn.bubbles.entries()) {
      if (i) await sleep(integration.typebotDelayMessage);
      await this.say(message, bubble.kind === 'text' ? bubble.text : bubble.url);
    }
    if (turn.input?.choices.length) {
      if (turn.bubbles.length) await sleep(integration.typebotDelayMessage);
      await this.say(message, choicesText(turn.input.choices));
    }
    if (turn.input) this.waiting.set(message.ticketId, turn.input);
    else await this.end(message, integration, 'o fluxo do Typebot terminou', false);
  }

  private async stateOf(message: CustomerMessage): Promise<BotState | null> {
    const [row] = (await this.db.query(
      'SELECT t.status AS status, t.userId AS userId, t.chatbot AS chatbot, t.isGroup AS isGroup, ' +
        't.integrationEndedAt AS ended, t.useIntegration AS useIntegration, t.integrationId AS integrationId, ' +
        't.promptId AS promptId, t.typebotSessionId AS sessionId, t.typebotSessionAt AS sessionAt, ' +
        'q.integrationId AS queueIntegration, w.integrationId AS connectionIntegration FROM tickets t ' +
        'LEFT JOIN whatsapps w ON w.id = t.whatsappId LEFT JOIN queues q ON q.id = t.queueId ' +
        'WHERE t.id = ? AND t.companyId = ?',
      [message.ticketId, message.companyId],
    )) as Record<string, unknown>[];
    if (!row) return null;
    const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    const engaged = !!Number(row.useIntegration);
    return {
      status: row.status as string,
      userId: id(row.userId),
      chatbot: !!Number(row.chatbot),
      isGroup: !!Number(row.isGroup),
      ended: row.ended !== null && row.ended !== undefined,
      engagedWith: engaged ? id(row.integrationId) : null,
      promptActive: engaged && id(row.promptId) !== null,
      sessionId: (row.sessionId as string | null) ?? null,
      sessionAt: row.sessionAt ? new Date(row.sessionAt as string) : null,
      queueIntegration: id(row.queueIntegration),
      connectionIntegration: id(row.connectionIntegration),
    };
  }

  private async engage(ticketId: number, integrationId: number): Promise<boolean> {
    const { affected } = await this.db
      .getRepository(TicketEntity)
      .update(
        { id: ticketId, status: 'pending', userId: IsNull(), integrationEndedAt: IsNull(), promptId: IsNull() },
        { useIntegration: true, integrationId, typebotSessionId: null, typebotSessionAt: null },
      );
    return !!affected;
  }

  /** The customer's last words in the ticket. */
  private async lastWords(ticketId: number): Promise<string> {
    const [row] = (await this.db.query(
      'SELECT body FROM messages WHERE ticketId = ? AND fromMe = ? AND isDeleted = ? ORDER BY id DESC LIMIT 1',
      [ticketId, false, false],
    )) as { body: string }[];
    return row?.body ?? '';
  }

  /**
   * To the integration's Typebot server, a public address; with the stand-ins on, a URL on this
   * server's own origin reaches its stand-in over loopback.
   */
  private post(url: string, body: Buffer) {
    const limits = { timeoutMs: this.config.ai.timeoutMs, maxBytes: 256 * 1024 };
    const headers = { 'content-type': 'application/json' };
    if (this.config.sandbox) {
      const own = ownUrl(this.adapter.httpAdapter.getHttpServer().address());
      const target = new URL(url);
      if (target.origin === new URL(own).origin || target.origin === new URL(this.config.publicUrl).origin) {
        return this.ownHttp.post(`${own}${target.pathname}`, body, headers, limits);
      }
    }
    return this.http.post(url, body, headers, limits);
  }

  private async say(message: CustomerMessage, body: string): Promise<void> {
    const ticket = await this.reader.entity(message.companyId, { id: message.ticketId });
    // An agent took the ticket meanwhile: the bot stops talking.
    if (!ticket || ticket.userId || ticket.status !== 'pending') return;
    await this.messages.deliver(ticket, { body });
  }

  /** People take over: the bot leaves the ticket for good; on a failure the customer hears so. */
  private async end(message: CustomerMessage, integration: OpenIntegration, reason: string, failed: boolean) {
    const ticket = await this.reader.entity(message.companyId, { id: message.ticketId });
    if (!ticket) return;
    const before = { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status };
    const { affected } = await this.db.getRepository(TicketEntity).update(
      { id: ticket.id, integrationEndedAt: IsNull() },
      {
        useIntegration: false,
        integrationId: null,
        integrationEndedAt: new Date(),
        typebotSessionId: null,
        typebotSessionAt: null,
        updatedAt: new Date(),
      },
    );
    if (!affected) return;
    this.waiting.delete(ticket.id);
    await this.db.getRepository(TicketNoteEntity).insert({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: null,
      note: `Typebot "${integration.name}": ${reason}. A conversa aguarda um atendente.`,
    });
    const current = await this.reader.entity(ticket.companyId, { id: ticket.id });
    if (current) this.events.ticketUpdated(await this.reader.shape(current), before);
    if (failed) {
      this.logger.warn(`ticket ${ticket.id}: ${reason}`);
      await this.say(message, TYPEBOT_HANDOFF_MESSAGE).catch(() => undefined);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (error: unknown): string =>
  error instanceof OutboundError
    ? `${error.reason}: ${error.message}`
    : error instanceof TypebotError
      ? error.message
      : error instanceof Error
        ? error.name
        : String(error);
