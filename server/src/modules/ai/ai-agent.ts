import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource, IsNull } from 'typeorm';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import { Automation, HANDOFF_MESSAGE } from '../conversations/automation.js';
import { CustomerMessages, type CustomerMessage } from '../conversations/customer-messages.js';
import { TicketTurns } from '../conversations/ticket-turns.js';
import { MessagesService } from '../conversations/messages.service.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { asksForHuman, chatMessages, readAnswer, type HistoryMessage } from './agent-turn.js';
import { AiService, AiServiceError } from './ai-service.js';
import { PromptsService, type OpenPrompt } from './prompts.service.js';

/**
 * The AI agent: a customer's message in a ticket nobody has taken, whose connection (or, without
 * one there, queue) has a prompt, is answered by the model from the prompt and the ticket's last
 * `maxMessages` messages. The turn runs after the message's transaction, one at a time per ticket,
 * without holding up the inbound path.
 *
 * A person takes over for good (`promptEndedAt`) when the customer asks for one, when the model
 * says so, or when the AI service fails; the ticket then waits in the prompt's queue, the customer
 * is told, and a note on the ticket says why. An agent accepting the ticket ends the turns too:
 * only pending, unowned tickets are answered, checked again before each answer goes out.
 */
@Injectable()
export class AiAgent implements OnModuleInit {
  private readonly logger = new Logger('AiAgent');
  private readonly turns = new TicketTurns(this.logger);
  /** Voice notes already transcribed, by message id: each is sent to the service once. */
  private readonly transcripts = new LRUCache<number, string>({ max: 10_000 });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly customerMessages: CustomerMessages,
    private readonly prompts: PromptsService,
    private readonly ai: AiService,
    private readonly reader: TicketReader,
    private readonly messages: MessagesService,
    private readonly automation: Automation,
    private readonly media: MediaStore,
  ) {}

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
    // A bot integration talking to the customer keeps the AI out; so does a flow, unless it called the AI.
    if (!state || !open(state) || state.promptEnded || (state.useIntegration && state.integrationId !== null)) return;
    if (state.inFlow && state.flowWaiting !== 'bot') return;
    const promptId =
      state.useIntegration && state.promptId ? state.promptId : (state.connectionPrompt ?? state.queuePrompt);
    if (!promptId) return;
    if (state.promptId !== promptId && !(await this.engage(message.ticketId, promptId))) return;
    const prompt = await this.prompts.open(message.companyId, promptId);
    if (!prompt) return;
    const history = await this.history(message, prompt);
    const last = history[history.length - 1];
    if (last && !last.fromMe && asksForHuman(last.transcript ?? last.body)) {
      return this.handOver(message, prompt, 'o cliente pediu um atendente', false);
    }
    let answer: { text: string; handoff: boolean };
    try {
      answer = readAnswer(
        await this.ai.chat(message.companyId, {
          apiKey: prompt.apiKey,
          model: prompt.model,
          maxTokens: prompt.maxTokens,
          temperature: prompt.temperature,
          messages: chatMessages(prompt.prompt, history),
        }),
      );
    } catch (error) {
      return this.handOver(message, prompt, `o serviço de IA falhou: ${describe(error)}`, true);
    }
    if (answer.handoff) {
      return this.handOver(message, prompt, 'o agente de IA passou a conversa adiante', false, answer.text);
    }
    if (answer.text) await this.reply(message, prompt, answer.text);
  }

  /** Marks the ticket as the prompt's, unless someone took it or it was left to people meanwhile. */
  private async engage(ticketId: number, promptId: number): Promise<boolean> {
    const { affected } = await this.db
      .getRepository(TicketEntity)
      .update(
        { id: ticketId, status: 'pending', userId: IsNull(), promptEndedAt: IsNull() },
        { useIntegration: true, promptId },
      );
    return !!affected;
  }

  /** The ticket's last `maxMessages` messages, oldest first, customers' voice notes transcribed. */
  private async history(ticket: CustomerMessage, prompt: OpenPrompt): Promise<HistoryMessage[]> {
    const rows = (await this.db.query(
      'SELECT id, fromMe, body, mediaType, mediaUrl FROM messages WHERE ticketId = ? AND isDeleted = ? ORDER BY id DESC LIMIT ?',
      [ticket.ticketId, false, prompt.maxMessages],
    )) as { id: number; fromMe: unknown; body: string; mediaType: string; mediaUrl: string | null }[];
    const history: HistoryMessage[] = [];
    for (const row of rows.reverse()) {
      const fromMe = !!Number(row.fromMe);
      const message: HistoryMessage = { fromMe, body: row.body, mediaType: row.mediaType };
      if (!fromMe && row.mediaType === 'audio' && row.mediaUrl) {
        message.transcript = await this.transcript(ticket.companyId, prompt, Number(row.id), row.mediaUrl);
      }
      history.push(message);
    }
    return history;
  }

  /** A voice note's words; none when the file is gone or the service fails (the model sees "[áudio]"). */
  private async transcript(companyId: number, prompt: OpenPrompt, id: number, url: string): Promise<string> {
    const known = this.transcripts.get(id);
    if (known !== undefined) return known;
    const audio = await this.media.read(companyFolder(companyId), url);
    if (!audio) return '';
    try {
      const text = await this.ai.transcribe(companyId, prompt.apiKey, audio, url.split('/').pop() ?? 'audio.ogg');
      this.transcripts.set(id, text);
      return text;
    } catch (error) {
      this.logger.warn(`message ${id} not transcribed: ${describe(error)}`);
      return '';
    }
  }

  /** The answer in text, or spoken in the prompt's voice (in text when speech fails). */
  private async reply(ticket: CustomerMessage, prompt: OpenPrompt, text: string): Promise<void> {
    let speech: Buffer | null = null;
    if (prompt.voice !== 'texto') {
      try {
        speech = await this.ai.speak(
          ticket.companyId,
          { name: prompt.voice, key: prompt.voiceKey, region: prompt.voiceRegion },
          text,
        );
      } catch (error) {
        this.logger.warn(`ticket ${ticket.ticketId}: answered in text, speech failed: ${describe(error)}`);
      }
    }
    const current = await this.reader.entity(ticket.companyId, { id: ticket.ticketId });
    // An agent took the ticket while the model was thinking: the person answers, not the model.
    if (!current || !open(current) || current.promptEndedAt || current.promptId !== prompt.id) return;
    await this.messages.deliver(
      current,
      speech
        ? { body: text, media: { data: speech, mimetype: 'audio/mpeg', filename: 'resposta.mp3' }, voice: true }
        : { body: text },
    );
  }

  /**
   * A person takes over: the ticket leaves the agent for good and waits in the prompt's queue (its
   * own, when it already stands in one); the customer hears so, and a note tells the agents why.
   */
  private async handOver(
    message: CustomerMessage,
    prompt: OpenPrompt,
    reason: string,
    failed: boolean,
    said = '',
  ): Promise<void> {
    await this.automation.leaveToPeople(message.companyId, message.ticketId, {
      where: { promptEndedAt: IsNull() },
      release: (ticket) => ({
        useIntegration: false,
        promptId: null,
        promptEndedAt: new Date(),
        queueId: ticket.queueId ?? prompt.queueId,
      }),
      note: `Agente de IA "${prompt.name}": ${reason}. A conversa aguarda um atendente.`,
      say: [said, HANDOFF_MESSAGE],
      failed,
    });
  }
}

/** Pending, nobody's, no bot menu under way, not a group. */
const open = (ticket: { status: string; userId: number | null; chatbot: boolean; isGroup: boolean }): boolean =>
  ticket.status === 'pending' && !ticket.userId && !ticket.chatbot && !ticket.isGroup;

const describe = (error: unknown): string =>
  error instanceof AiServiceError ? error.message : error instanceof Error ? error.name : String(error);
