import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IntegrationType } from '@atendo/shared';
import { DataSource, IsNull } from 'typeorm';
import { CustomerMessages, type CustomerMessage } from '../conversations/customer-messages.js';
import { TicketNoteEntity } from '../conversations/entities/ticket-note.entity.js';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import { TicketTurns } from '../conversations/ticket-turns.js';
import { MessagesService } from '../conversations/messages.service.js';
import { TicketEvents } from '../conversations/ticket-events.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { DialogflowBot } from './dialogflow-bot.js';
import { IntegrationsService, type OpenIntegration } from './integrations.service.js';
import { TypebotBot } from './typebot-bot.js';

/** What the customer is told when a bot fails and a person follows. */
export const BOT_HANDOFF_MESSAGE = 'Vou transferir você para um de nossos atendentes. Aguarde um momento, por favor.';

/** One customer message for a bot integration to answer, with what the bot may do about it. */
export interface BotTurn {
  message: CustomerMessage;
  integration: OpenIntegration;
  /** The customer's words. */
  text: string;
  /** The bot's session kept on the ticket (Typebot's), and when it last moved. */
  session: { id: string | null; at: Date | null };
  say(body: string): Promise<void>;
  keepSession(id: string): Promise<void>;
  /** People take over for good; `failed` tells the customer so. */
  end(reason: string, failed: boolean): Promise<void>;
}

/** The runtime of one integration type that talks to customers. */
export interface IntegrationBot {
  turn(turn: BotTurn): Promise<void>;
}

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
 * The bot integrations' runtime (Typebot, Dialogflow): a customer's message in a pending ticket
 * nobody owns, whose queue (or, with none there, connection) has such an integration, is handed to
 * that type's bot, one turn at a time per ticket, after the message's transaction. The first turn
 * marks the ticket as the integration's (not while a prompt answers it). People take over for good
 * (`integrationEndedAt`) when the bot says its conversation is over or fails (then the customer is
 * told, and a note says why); the ticket waits in its queue. An agent accepting it ends it too.
 */
@Injectable()
export class IntegrationBots implements OnModuleInit {
  private readonly logger = new Logger('IntegrationBots');
  private readonly turns = new TicketTurns(this.logger);

  private readonly bots: Partial<Record<IntegrationType, IntegrationBot>>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly customerMessages: CustomerMessages,
    private readonly integrations: IntegrationsService,
    private readonly reader: TicketReader,
    private readonly messages: MessagesService,
    private readonly events: TicketEvents,
    typebot: TypebotBot,
    dialogflow: DialogflowBot,
  ) {
    this.bots = { typebot, dialogflow };
  }

  onModuleInit(): void {
    this.customerMessages.listen(async (message) => this.turns.start(message.ticketId, () => this.turn(message)));
  }

  /** Resolves once every turn started so far is over. */
  idle(): Promise<void> {
    return this.turns.idle();
  }

  private async turn(message: CustomerMessage): Promise<void> {
    const state = await this.stateOf(message);
    if (!state || state.status !== 'pending' || state.userId || state.chatbot || state.isGroup || state.ended) return;
    if (state.promptActive) return;
    const integrationId = state.engagedWith ?? state.queueIntegration ?? state.connectionIntegration;
    if (!integrationId) return;
    const integration = await this.integrations.open(message.companyId, integrationId);
    const bot = integration && this.bots[integration.type];
    if (!integration || !bot) return;
    if (state.engagedWith !== integrationId && !(await this.engage(message.ticketId, integrationId))) return;
    await bot.turn({
      message,
      integration,
      text: await this.lastWords(message.ticketId),
      session: { id: state.engagedWith === integrationId ? state.sessionId : null, at: state.sessionAt },
      say: (body) => this.say(message, body),
      keepSession: async (id) => {
        await this.db
          .getRepository(TicketEntity)
          .update({ id: message.ticketId }, { typebotSessionId: id, typebotSessionAt: new Date() });
      },
      end: (reason, failed) => this.end(message, integration, reason, failed),
    });
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
    await this.db.getRepository(TicketNoteEntity).insert({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: null,
      note: `${BOT_NAMES[integration.type] ?? 'Integração'} "${integration.name}": ${reason}. A conversa aguarda um atendente.`,
    });
    const current = await this.reader.entity(ticket.companyId, { id: ticket.id });
    if (current) this.events.ticketUpdated(await this.reader.shape(current), before);
    if (failed) {
      this.logger.warn(`ticket ${ticket.id}: ${reason}`);
      await this.say(message, BOT_HANDOFF_MESSAGE).catch(() => undefined);
    }
  }
}

/** How the notes name each bot. */
const BOT_NAMES: Partial<Record<IntegrationType, string>> = { typebot: 'Typebot', dialogflow: 'Dialogflow' };
