import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IntegrationType } from '@atendo/shared';
import { DataSource, IsNull } from 'typeorm';
import { Automation, HANDOFF_MESSAGE } from '../conversations/automation.js';
import { CustomerMessages, type CustomerMessage } from '../conversations/customer-messages.js';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import { TicketTurns } from '../conversations/ticket-turns.js';
import { MessagesService } from '../conversations/messages.service.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { DialogflowBot } from './dialogflow-bot.js';
import { IntegrationsService, type OpenIntegration } from './integrations.service.js';
import { TypebotBot } from './typebot-bot.js';

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
    private readonly automation: Automation,
    typebot: TypebotBot,
    dialogflow: DialogflowBot,
  ) {
    this.bots = { typebot, dialogflow };
  }

  onModuleInit(): void {
    this.customerMessages.listen(async (message) => this.turns.start(message.ticketId, () => this.turn(message)), {
      bot: true,
    });
  }

  /** Resolves once every turn started so far is over. */
  idle(): Promise<void> {
    return this.turns.idle();
  }

  private async turn(message: CustomerMessage): Promise<void> {
    if (message.heldByFlow || message.unattended) return;
    const state = await this.automation.stateOf(message.companyId, message.ticketId);
    if (!state || state.status !== 'pending' || state.userId || state.chatbot || state.isGroup) return;
    // People took over, or a prompt is answering the customer.
    if (state.integrationEnded || (state.useIntegration && state.promptId !== null)) return;
    // A flow holds the conversation, unless it called this bot.
    if (state.inFlow && state.flowWaiting !== 'bot') return;
    const engagedWith = state.useIntegration ? state.integrationId : null;
    const integrationId = engagedWith ?? state.queueIntegration ?? state.connectionIntegration;
    if (!integrationId) return;
    const integration = await this.integrations.open(message.companyId, integrationId);
    const bot = integration && this.bots[integration.type];
    if (!integration || !bot) return;
    if (engagedWith !== integrationId && !(await this.engage(message.ticketId, integrationId))) return;
    await bot.turn({
      message,
      integration,
      text: await this.lastWords(message.ticketId),
      session: { id: engagedWith === integrationId ? state.sessionId : null, at: state.sessionAt },
      say: (body) => this.say(message, body),
      keepSession: async (id) => {
        await this.db
          .getRepository(TicketEntity)
          .update({ id: message.ticketId }, { typebotSessionId: id, typebotSessionAt: new Date() });
      },
      end: (reason, failed) => this.end(message, integration, reason, failed),
    });
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
    if (failed) this.logger.warn(`ticket ${message.ticketId}: ${reason}`);
    await this.automation.leaveToPeople(message.companyId, message.ticketId, {
      where: { integrationEndedAt: IsNull() },
      release: () => ({
        useIntegration: false,
        integrationId: null,
        integrationEndedAt: new Date(),
        typebotSessionId: null,
        typebotSessionAt: null,
      }),
      note: `${BOT_NAMES[integration.type] ?? 'Integração'} "${integration.name}": ${reason}. A conversa aguarda um atendente.`,
      say: failed ? [HANDOFF_MESSAGE] : [],
      failed,
    });
  }
}

/** How the notes name each bot. */
const BOT_NAMES: Partial<Record<IntegrationType, string>> = { typebot: 'Typebot', dialogflow: 'Dialogflow' };
