import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { TicketNoteEntity } from './entities/ticket-note.entity.js';
import { TicketEntity } from './entities/ticket.entity.js';
import { MessagesService } from './messages.service.js';
import { TicketEvents } from './ticket-events.js';
import { TicketReader } from './ticket-reader.js';

/** What the customer is told when an automation leaves the conversation to people. */
export const HANDOFF_MESSAGE = 'Vou transferir você para um de nossos atendentes. Aguarde um momento, por favor.';

/**
 * Where a customer's ticket stands for the automations that may answer it (an AI prompt, a bot
 * integration), read in one statement with the prompts and integrations of its connection and queue.
 */
export interface AutomationState {
  status: string;
  userId: number | null;
  chatbot: boolean;
  isGroup: boolean;
  /** An automation holds the ticket: the prompt (`promptId`) or the integration (`integrationId`). */
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
  /** People took over from the prompt, or from the integration, for good. */
  promptEnded: boolean;
  integrationEnded: boolean;
  /** The integration's conversation kept on the ticket (Typebot's session), and when it last moved. */
  sessionId: string | null;
  sessionAt: Date | null;
  connectionPrompt: number | null;
  queuePrompt: number | null;
  connectionIntegration: number | null;
  queueIntegration: number | null;
  /**
   * A flow runs the conversation (see FlowRunner): the others stay out, unless the flow handed it
   * to a bot (`flowWaiting` 'bot'), which then answers as the ticket's engaged prompt or integration.
   */
  inFlow: boolean;
  /** The ticket's live run of a flow, and what it waits for. */
  flowRunId: number | null;
  flowWaiting: string | null;
}

/**
 * Nothing may answer the customer: no flow runs the ticket, and no AI prompt or bot integration is
 * engaged on it or set on its connection or queue.
 */
export function unattended(state: AutomationState): boolean {
  return [
    state.flowRunId,
    state.promptId,
    state.integrationId,
    state.connectionPrompt,
    state.queuePrompt,
    state.connectionIntegration,
    state.queueIntegration,
  ].every((id) => id === null);
}

/**
 * The flow runtime's side: whether a customer's first words start a flow (the queue menu then stays
 * quiet), and the hand-over of a bot a flow called, which returns the conversation to the flow.
 */
export interface FlowHooks {
  /** An active phrase of the connection is in these words (read through `em`, the caller's transaction). */
  phraseStarts(companyId: number, whatsappId: number, body: string, em: EntityManager): Promise<boolean>;
  /** The ticket's flow waits for the bot that is leaving: the flow takes the conversation back. */
  waitsOnBot(companyId: number, ticketId: number): Promise<boolean>;
  resume(companyId: number, ticketId: number): Promise<void>;
  /** The bot failed: people take over from the flow too, in a queue people answer. */
  end(companyId: number, ticketId: number): Promise<void>;
  /** An agent acted on the ticket (accepted, moved, closed it): its flow stops where it is. */
  stop(companyId: number, ticketId: number): Promise<void>;
}

/** How an automation leaves a ticket to people (see Automation.leaveToPeople). */
export interface Departure {
  /** What must still hold for it to leave (it has not left already). */
  where: FindOptionsWhere<TicketEntity>;
  /** The columns that release the ticket, from the ticket as it stands. */
  release(ticket: TicketEntity): Partial<TicketEntity>;
  /** The note that tells the agents why. */
  note: string;
  /** What the customer is told, in order (nothing once an agent has taken the ticket). */
  say: string[];
  /** The automation failed (rather than finished): a flow that called it does not go on either. */
  failed: boolean;
}

/** What the automations share: the ticket's state in one read, and the hand-over to people. */
@Injectable()
export class Automation {
  private readonly logger = new Logger('Automation');
  private flowReturn: FlowHooks | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reader: TicketReader,
    private readonly messages: MessagesService,
    private readonly events: TicketEvents,
  ) {}

  /** The flow runtime registers here (it depends on this module, not this module on it). */
  returnTo(flowReturn: FlowHooks): void {
    this.flowReturn = flowReturn;
  }

  /**
   * A new conversation's first words start a flow: it answers, not the greeting's queue menu. Asked
   * while the message is being stored, so it reads through that transaction's `em`.
   */
  async startsFlow(companyId: number, whatsappId: number, body: string, em: EntityManager): Promise<boolean> {
    return (await this.flowReturn?.phraseStarts(companyId, whatsappId, body, em)) ?? false;
  }

  /** A person acts on the ticket: the automations that answer by themselves stand aside. */
  async personActs(companyId: number, ticketId: number): Promise<void> {
    await this.flowReturn?.stop(companyId, ticketId);
  }

  async stateOf(companyId: number, ticketId: number): Promise<AutomationState | null> {
    const [row] = (await this.db.query(
      'SELECT t.status AS status, t.userId AS userId, t.chatbot AS chatbot, t.isGroup AS isGroup, ' +
        't.useIntegration AS useIntegration, t.promptId AS promptId, t.integrationId AS integrationId, ' +
        't.promptEndedAt AS promptEndedAt, t.integrationEndedAt AS integrationEndedAt, ' +
        't.typebotSessionId AS sessionId, t.typebotSessionAt AS sessionAt, ' +
        'w.promptId AS connectionPrompt, q.promptId AS queuePrompt, ' +
        'w.integrationId AS connectionIntegration, q.integrationId AS queueIntegration, ' +
        'r.id AS flowRun, r.waiting AS flowWaiting FROM tickets t ' +
        'LEFT JOIN whatsapps w ON w.id = t.whatsappId LEFT JOIN queues q ON q.id = t.queueId ' +
        'LEFT JOIN flow_runs r ON r.liveTicketId = t.id ' +
        'WHERE t.id = ? AND t.companyId = ?',
      [ticketId, companyId],
    )) as Record<string, unknown>[];
    if (!row) return null;
    const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    const set = (value: unknown) => value !== null && value !== undefined;
    return {
      status: row.status as string,
      userId: id(row.userId),
      chatbot: !!Number(row.chatbot),
      isGroup: !!Number(row.isGroup),
      useIntegration: !!Number(row.useIntegration),
      promptId: id(row.promptId),
      integrationId: id(row.integrationId),
      promptEnded: set(row.promptEndedAt),
      integrationEnded: set(row.integrationEndedAt),
      sessionId: (row.sessionId as string | null) ?? null,
      sessionAt: row.sessionAt ? new Date(row.sessionAt as string) : null,
      connectionPrompt: id(row.connectionPrompt),
      queuePrompt: id(row.queuePrompt),
      connectionIntegration: id(row.connectionIntegration),
      queueIntegration: id(row.queueIntegration),
      inFlow: set(row.flowRun),
      flowRunId: id(row.flowRun),
      flowWaiting: (row.flowWaiting as string | null) ?? null,
    };
  }

  /**
   * An automation leaves the ticket for good: released (once: a second departure finds `where` no
   * longer true and does nothing), a note signed by no one, the change announced, the customer
   * told. A message that cannot go out is logged; the ticket has already reached people.
   */
  async leaveToPeople(companyId: number, ticketId: number, departure: Departure): Promise<boolean> {
    const ticket = await this.reader.entity(companyId, { id: ticketId });
    if (!ticket) return false;
    const before = { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status };
    const { affected } = await this.db
      .getRepository(TicketEntity)
      .update({ ...departure.where, id: ticket.id }, { ...departure.release(ticket), updatedAt: new Date() });
    if (!affected) return false;
    // A bot a flow handed the conversation to is done: the flow goes on, people are not called.
    if (this.flowReturn && (await this.flowReturn.waitsOnBot(companyId, ticket.id))) {
      if (!departure.failed) {
        await this.flowReturn.resume(companyId, ticket.id);
        return true;
      }
      await this.flowReturn.end(companyId, ticket.id);
    }
    await this.db.getRepository(TicketNoteEntity).insert({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: null,
      note: departure.note,
    });
    this.logger.log(`ticket ${ticket.id} left to people: ${departure.note}`);
    const current = await this.reader.entity(ticket.companyId, { id: ticket.id });
    if (!current) return true;
    this.events.ticketUpdated(await this.reader.shape(current), before);
    for (const body of departure.say.filter(Boolean)) {
      // An agent took the ticket meanwhile: the person talks now, not the automation.
      if (current.userId || current.status !== 'pending') break;
      try {
        await this.messages.deliver(current, { body, automatic: true });
      } catch (error) {
        this.logger.warn(`ticket ${ticket.id}: a hand-over message was not sent (${String(error)})`);
      }
    }
    return true;
  }
}
