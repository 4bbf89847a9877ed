import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { fillMessageVariables, type FlowGraph, type FlowPosition, type FlowReply, type FlowWait } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { PromptEntity } from '../ai/entities/prompt.entity.js';
import { Automation, HANDOFF_MESSAGE, unattended } from '../conversations/automation.js';
import { CustomerMessages, type CustomerMessage } from '../conversations/customer-messages.js';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import { ticketVariables } from '../conversations/message-variables.js';
import { MessagesService } from '../conversations/messages.service.js';
import { TicketEvents } from '../conversations/ticket-events.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { TicketTurns } from '../conversations/ticket-turns.js';
import { QueueIntegrationEntity } from '../integrations/entities/queue-integration.entity.js';
import { JOB_QUEUES, type JobQueues } from '../jobs/jobs.module.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { QueueEntity } from '../queues/entities/queue.entity.js';
import { FlowRunEntity, FlowVersionEntity } from './entities/flow.entity.js';
import { FlowCampaignsService } from './flow-campaigns.service.js';
import { answerFlow, resumeFlow, startFlow, type FlowStep } from './flow-engine.js';

/** A run's replies due later, on the `flows` job queue. */
interface ResumeJob {
  runId: number;
  companyId: number;
  ticketId: number;
}

/** A reply as a run keeps it until sent. */
type Pending = FlowReply;

/**
 * The flows' runtime. A customer's message in a ticket nobody has taken starts a flow when it
 * holds an active phrase of its connection (FlowCampaignsService.flowFor); the run (`flow_runs`)
 * keeps the version it started on, the node it waits at, the answers so far and the replies not
 * yet sent. Each later message advances it through the engine's executors.
 *
 * Durable and idempotent: the engine's step is written before any reply goes out (over the step
 * it read: a second node or a redelivered job finds it moved and stops), and the replies are sent
 * one by one from the run, each under a message id made from the run and its step, each written
 * off the run as it goes. A wait keeps the rest of the replies with the time they are due, on a
 * delayed job that any node may take, and re-enqueued at start. An agent taking the ticket ends
 * the run (Automation.personActs); a failing block leaves the ticket to people with a note, in a
 * queue people answer.
 */
@Injectable()
export class FlowRunner implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('FlowRunner');
  private readonly turns = new TicketTurns(this.logger);
  /** Versions never change once written: kept by id. */
  private readonly graphs = new LRUCache<number, FlowGraph>({ max: 2_000 });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    private readonly customerMessages: CustomerMessages,
    private readonly campaigns: FlowCampaignsService,
    private readonly automation: Automation,
    private readonly reader: TicketReader,
    private readonly messages: MessagesService,
    private readonly events: TicketEvents,
    private readonly media: MediaStore,
  ) {}

  onModuleInit(): void {
    // Heard first, and the claim awaited: the AI agent and the bots see the flow's run when they look.
    this.customerMessages.listen(
      async (message) => {
        const claimed = await this.claim(message);
        if (!claimed) return;
        if (!claimed.botAnswers) message.heldByFlow = true;
        this.turns.start(message.ticketId, () => this.advance(claimed.runId, message));
      },
      { first: true },
    );
    this.jobs.flows.process(async (data) => {
      const job = data as ResumeJob;
      await this.turns.run(job.ticketId, () => this.flush(job.runId));
    }, 4);
    this.automation.returnTo({
      phraseStarts: async (companyId, whatsappId, body, em) =>
        (await this.campaigns.flowFor(companyId, whatsappId, body, em)) !== null,
      waitsOnBot: async (companyId, ticketId) => (await this.live(companyId, ticketId))?.waiting === 'bot',
      resume: (companyId, ticketId) => this.botReturned(companyId, ticketId),
      end: async (companyId, ticketId) => {
        const run = await this.live(companyId, ticketId);
        if (!run || !(await this.finish(run, 'failed'))) return;
        const ticket = await this.reader.entity(companyId, { id: ticketId });
        const queue = ticket && (await this.peoplesQueue(ticket));
        if (queue && queue.id !== ticket.queueId) {
          await this.db.getRepository(TicketEntity).update({ id: ticketId, companyId }, { queueId: queue.id });
        }
      },
      stop: async (companyId, ticketId) => {
        const run = await this.live(companyId, ticketId);
        if (run) await this.finish(run, 'done');
      },
    });
  }

  /** Waits cut short by a restart (in-process queues keep nothing) are put back on the queue. */
  async onApplicationBootstrap(): Promise<void> {
    const waiting = await this.db.getRepository(FlowRunEntity).find({
      where: { status: 'running' },
      select: { id: true, companyId: true, ticketId: true, resumeAt: true, step: true },
    });
    for (const run of waiting.filter((r) => r.resumeAt)) await this.schedule(run);
  }

  /** Resolves once every turn started so far is over. */
  idle(): Promise<void> {
    return this.turns.idle();
  }

  /**
   * The run this message belongs to: the ticket's live one, or a new one when the ticket is free
   * (pending, nobody's, no AI agent or bot engaged) and the message holds an active phrase of its
   * connection, or the ticket's queue (else connection) has a flowbuilder integration.
   */
  private async claim(message: CustomerMessage): Promise<{ runId: number; botAnswers: boolean } | null> {
    const state = await this.automation.stateOf(message.companyId, message.ticketId);
    // A flow this message starts holds it (heldByFlow) whatever this says.
    if (!state || unattended(state)) message.unattended = true;
    if (state?.flowRunId) return { runId: state.flowRunId, botAnswers: state.flowWaiting === 'bot' };
    if (!state || state.status !== 'pending' || state.userId || state.isGroup || state.useIntegration) return null;
    const flowId =
      (await this.campaigns.flowFor(message.companyId, message.whatsappId, message.body)) ??
      (await this.integrationFlow(message, state.queueIntegration ?? state.connectionIntegration));
    if (flowId === null) return null;
    const version = await this.db
      .getRepository(FlowVersionEntity)
      .findOne({ where: { flowId, companyId: message.companyId }, order: { version: 'DESC' }, select: { id: true } });
    if (!version) return null;
    try {
      const { identifiers } = await this.db.getRepository(FlowRunEntity).insert({
        companyId: message.companyId,
        ticketId: message.ticketId,
        liveTicketId: message.ticketId,
        flowVersionId: version.id,
        nodeId: null,
        waiting: null,
        variables: '{}',
        pending: '[]',
        resumeAt: null,
        step: 0,
        status: 'running',
      });
      // The flow answers now, not the greeting's queue menu.
      await this.db
        .getRepository(TicketEntity)
        .update({ id: message.ticketId }, { chatbot: false, queueOptionId: null, botQueueAt: null });
      return { runId: Number(identifiers[0].id), botAnswers: false };
    } catch (error) {
      // Another node claimed the ticket for a flow first: this message is that run's.
      if (!isUniqueViolation(error)) throw error;
      const run = await this.live(message.companyId, message.ticketId);
      return run && { runId: run.id, botAnswers: run.waiting === 'bot' };
    }
  }

  /**
   * The flow of the ticket's queue's (else connection's) flowbuilder integration: it starts a
   * ticket's conversation once; after it, the ticket is the agents' (a phrase may start a flow again).
   */
  private async integrationFlow(message: CustomerMessage, integrationId: number | null): Promise<number | null> {
    if (integrationId === null) return null;
    const [row] = (await this.db.query(
      "SELECT i.flowId AS flowId, (SELECT COUNT(*) FROM flow_runs r WHERE r.ticketId = ?) AS runs FROM queue_integrations i WHERE i.id = ? AND i.companyId = ? AND i.type = 'flowbuilder'",
      [message.ticketId, integrationId, message.companyId],
    )) as { flowId: number | null; runs: number | string }[];
    return row?.flowId && !Number(row.runs) ? Number(row.flowId) : null;
  }

  /** A customer's message moves the run: its first step, or the answer to the node it waits at. */
  private async advance(runId: number, message: CustomerMessage): Promise<void> {
    const run = await this.db.getRepository(FlowRunEntity).findOneBy({ id: runId, status: 'running' });
    if (!run) return;
    // Replies still due (a wait): the customer's words do not jump the queue.
    if (run.pending !== '[]') return;
    const graph = await this.graph(run);
    if (!graph) {
      await this.finish(run, 'failed');
      return;
    }
    const position = positionOf(run);
    let step: FlowStep;
    if (run.step === 0 && run.nodeId === null) step = startFlow(graph);
    else if (run.waiting === 'menu' || run.waiting === 'question') step = answerFlow(graph, position, message.body);
    else return;
    await this.commit(run, step);
  }

  /** The bot a flow called finished: the flow goes on from the bot's block. */
  private async botReturned(companyId: number, ticketId: number): Promise<void> {
    const run = await this.live(companyId, ticketId);
    const graph = run && (await this.graph(run));
    if (!run || !graph) return;
    await this.commit(run, resumeFlow(graph, positionOf(run)));
  }

  /** Writes the step over the one read (or stops: someone else moved the run), then sends its replies. */
  private async commit(run: FlowRunEntity, step: FlowStep): Promise<void> {
    const { affected } = await this.db.getRepository(FlowRunEntity).update(
      { id: run.id, step: run.step, status: 'running' },
      {
        nodeId: step.position.nodeId,
        waiting: step.position.waiting,
        variables: JSON.stringify(step.position.variables),
        pending: JSON.stringify(step.replies),
        resumeAt: null,
        step: run.step + 1,
      },
    );
    if (!affected) return;
    await this.flush(run.id);
  }

  /**
   * Sends the run's pending replies in order, up to the next wait (or all of them), then writes
   * them off the run over the step read; a wait sets when the rest is due and leaves it to the job
   * queue. A run with nothing left that reached its end is over. Each reply goes out under an id
   * made from the run, the step and its place: carried out again after a crash, it is the same
   * message (stored once by the messages' unique key, shown once by WhatsApp).
   */
  private async flush(runId: number): Promise<void> {
    const run = await this.db.getRepository(FlowRunEntity).findOneBy({ id: runId, status: 'running' });
    if (!run) return;
    if (run.resumeAt && run.resumeAt.getTime() > Date.now()) return this.schedule(run);
    const pending = JSON.parse(run.pending) as Pending[];
    if (!pending.length) {
      if (run.nodeId === null) await this.finish(run, 'done');
      return;
    }
    const ticket = await this.reader.entity(run.companyId, { id: run.ticketId });
    // An agent took the ticket (or it was closed): the flow stops where it is.
    if (!ticket || ticket.userId || ticket.status !== 'pending') {
      await this.finish(run, 'done');
      return;
    }
    let sent = 0;
    let wait = 0;
    let bot = false;
    for (const reply of pending) {
      sent++;
      if ((await this.carryOut(run, ticket, reply, replyId(run.id, run.step, sent))) === 'stop') return;
      if (reply.kind === 'bot') bot = true;
      if (reply.kind === 'wait') {
        wait = reply.seconds;
        break;
      }
    }
    const rest = pending.slice(sent);
    const resumeAt = wait ? new Date(Date.now() + wait * 1000) : null;
    const over = !rest.length && !wait && run.nodeId === null;
    const { affected } = await this.db
      .getRepository(FlowRunEntity)
      .update(
        { id: run.id, step: run.step, status: 'running' },
        over
          ? { pending: '[]', step: run.step + 1, status: 'done', liveTicketId: null, resumeAt: null }
          : { pending: JSON.stringify(rest), step: run.step + 1, resumeAt },
      );
    if (affected && resumeAt) await this.schedule({ ...run, step: run.step + 1, resumeAt });
    // The bot the flow reached answers now (Typebot opens its chat, the AI agent answers what was
    // said so far), not at the customer's next message.
    if (affected && bot) {
      await this.customerMessages.retell({
        companyId: run.companyId,
        whatsappId: ticket.whatsappId ?? 0,
        contactId: ticket.contactId,
        number: ticket.contact?.number ?? '',
        ticketId: ticket.id,
        body: await this.lastWords(ticket.id),
      });
    }
  }

  /** The customer's last message in the ticket (a caption for media). */
  private async lastWords(ticketId: number): Promise<string> {
    const rows = (await this.db.query(
      'SELECT body FROM messages WHERE ticketId = ? AND fromMe = ? AND isDeleted = ? ORDER BY id DESC LIMIT 1',
      [ticketId, false, false],
    )) as { body: string }[];
    return rows[0]?.body ?? '';
  }

  /** One reply: a message sent, the ticket moved to a queue, a bot engaged, or the flow failed. */
  private async carryOut(
    run: FlowRunEntity,
    ticket: TicketEntity,
    reply: Pending,
    messageId: string,
  ): Promise<'next' | 'stop'> {
    try {
      switch (reply.kind) {
        case 'text': {
          // The engine put the answers in; the message variables ({{name}}, {{ms}}...) are the ticket's.
          const body = fillMessageVariables(reply.body, ticketVariables(ticket));
          await this.messages.deliver(ticket, { body }, null, { messageId, grouped: true });
          return 'next';
        }
        case 'media': {
          const data = await this.media.read(companyFolder(run.companyId), reply.url);
          if (!data) throw new Error(`the file of block ${reply.nodeId} is gone`);
          const filename = decodeURIComponent(reply.url.split('/').pop() ?? 'arquivo');
          const mimetype = (await this.media.typeOf(data)) ?? 'application/octet-stream';
          const outgoing = {
            body: filename,
            media: { data, mimetype, filename },
            storedUrl: reply.url,
            ...(reply.voice ? { voice: true } : {}),
          };
          await this.messages.deliver(ticket, outgoing, null, { messageId, grouped: true });
          return 'next';
        }
        case 'wait':
          return 'next';
        case 'queue':
          await this.toQueue(run, ticket, reply.queueId, reply.nodeId);
          return 'next';
        case 'bot':
          await this.engageBot(run, reply);
          return 'next';
        case 'fail':
          await this.failed(run, `o bloco ${reply.nodeId ?? '?'} não pôde seguir (${reply.reason})`);
          return 'stop';
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.failed(run, `o bloco ${reply.nodeId ?? '?'} falhou: ${reason}`);
      return 'stop';
    }
  }

  /** The ticket block: the ticket goes to the queue (the company's, or the block fails) and leaves the flow. */
  private async toQueue(run: FlowRunEntity, ticket: TicketEntity, queueId: number, nodeId: string) {
    const queue = await this.db.getRepository(QueueEntity).existsBy({ id: queueId, companyId: run.companyId });
    if (!queue) throw new Error(`the queue of block ${nodeId} is not the company's`);
    const before = { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status };
    await this.db.getRepository(TicketEntity).update({ id: ticket.id }, { queueId, updatedAt: new Date() });
    const current = await this.reader.entity(run.companyId, { id: ticket.id });
    if (current) this.events.ticketUpdated(await this.reader.shape(current), before);
  }

  /**
   * A Typebot or OpenAI block: the ticket is the bot's until it ends (see Automation.returnTo). A
   * version saved before saves checked its ids may name another company's prompt or integration:
   * that one is never written onto the ticket, and the block fails as a missing one does.
   */
  private async engageBot(run: FlowRunEntity, reply: Extract<Pending, { kind: 'bot' }>) {
    const own = await this.db
      .getRepository(reply.bot === 'openai' ? PromptEntity : QueueIntegrationEntity)
      .existsBy({ id: reply.refId, companyId: run.companyId });
    if (!own)
      throw new Error(
        `the ${reply.bot === 'openai' ? 'prompt' : 'integration'} of block ${reply.nodeId} is not the company's`,
      );
    const engaged =
      reply.bot === 'openai'
        ? { useIntegration: true, promptId: reply.refId, integrationId: null, promptEndedAt: null }
        : {
            useIntegration: true,
            integrationId: reply.refId,
            promptId: null,
            integrationEndedAt: null,
            typebotSessionId: null,
            typebotSessionAt: null,
          };
    await this.db.getRepository(TicketEntity).update({ id: run.ticketId, companyId: run.companyId }, engaged);
  }

  /**
   * A block that cannot go on: the run ends, and the ticket waits for people in a queue people
   * answer (see peoplesQueue), with a note saying why and the customer told.
   */
  private async failed(run: FlowRunEntity, reason: string): Promise<void> {
    this.logger.warn(`flow run ${run.id}, ticket ${run.ticketId}: ${reason}`);
    if (!(await this.finish(run, 'failed'))) return;
    await this.handOver(run, `Fluxo "${await this.flowName(run)}": ${reason}.`);
  }

  /** The flow's own words and the ticket's way to people, once its run has ended. */
  private async handOver(run: FlowRunEntity, why: string): Promise<void> {
    const ticket = await this.reader.entity(run.companyId, { id: run.ticketId });
    if (!ticket) return;
    const queue = await this.peoplesQueue(ticket);
    const moved = queue && queue.id !== ticket.queueId;
    await this.automation.leaveToPeople(run.companyId, run.ticketId, {
      where: { id: run.ticketId },
      release: () => (moved ? { queueId: queue.id } : {}),
      note: `${why} A conversa aguarda um atendente${moved ? ` na fila "${queue.name}"` : ''}.`,
      say: [HANDOFF_MESSAGE],
      failed: true,
    });
  }

  /**
   * The queue a ticket a flow gave up on waits in: its own when no bot or AI agent answers it,
   * else the first such queue of its connection (in the connection's order), else its own.
   */
  private async peoplesQueue(ticket: TicketEntity): Promise<{ id: number; name: string } | null> {
    const rows = (await this.db.query(
      'SELECT q.id AS id, q.name AS name, q.integrationId AS integrationId, q.promptId AS promptId ' +
        'FROM queues q WHERE q.companyId = ? AND (q.id = ? OR q.id IN ' +
        '(SELECT wq.queueId FROM whatsapp_queues wq WHERE wq.whatsappId = ?)) ' +
        'ORDER BY q.id = ? DESC, q.orderQueue IS NULL, q.orderQueue, q.id',
      [ticket.companyId, ticket.queueId ?? 0, ticket.whatsappId ?? 0, ticket.queueId ?? 0],
    )) as { id: number; name: string; integrationId: number | null; promptId: number | null }[];
    const people = rows.find((q) => q.integrationId === null && q.promptId === null);
    const own = rows.find((q) => Number(q.id) === ticket.queueId);
    const chosen = own && own.integrationId === null && own.promptId === null ? own : (people ?? own);
    return chosen ? { id: Number(chosen.id), name: chosen.name } : null;
  }

  private async flowName(run: FlowRunEntity): Promise<string> {
    const flow = (await this.db.query(
      'SELECT f.name AS name FROM flow_versions v INNER JOIN flows f ON f.id = v.flowId WHERE v.id = ?',
      [run.flowVersionId],
    )) as { name: string }[];
    return flow[0]?.name ?? '';
  }

  /**
   * A flow is being deleted: the conversations it runs end there and wait for people, with a note,
   * before its versions (and their runs) go with it.
   */
  async flowDeleted(companyId: number, flowId: number, name: string): Promise<void> {
    const runs = await this.db
      .getRepository(FlowRunEntity)
      .createQueryBuilder('r')
      .innerJoin(FlowVersionEntity, 'v', 'v.id = r.flowVersionId')
      .where('v.flowId = :flowId AND r.companyId = :companyId AND r.liveTicketId IS NOT NULL', { flowId, companyId })
      .getMany();
    for (const run of runs) {
      await this.turns.run(run.ticketId, async () => {
        if (await this.finish(run, 'failed'))
          await this.handOver(run, `O fluxo "${name}" foi excluído no meio da conversa.`);
      });
    }
  }

  /** The run is over: the ticket is free of it. */
  private async finish(run: FlowRunEntity, status: 'done' | 'failed'): Promise<boolean> {
    const { affected } = await this.db
      .getRepository(FlowRunEntity)
      .update({ id: run.id, status: 'running' }, { status, liveTicketId: null, pending: '[]', resumeAt: null });
    return !!affected;
  }

  private async live(companyId: number, ticketId: number): Promise<FlowRunEntity | null> {
    return this.db.getRepository(FlowRunEntity).findOneBy({ liveTicketId: ticketId, companyId });
  }

  private async graph(run: FlowRunEntity): Promise<FlowGraph | null> {
    const known = this.graphs.get(run.flowVersionId);
    if (known) return known;
    const row = await this.db
      .getRepository(FlowVersionEntity)
      .findOneBy({ id: run.flowVersionId, companyId: run.companyId });
    if (!row) return null;
    const graph = JSON.parse(row.graph) as FlowGraph;
    this.graphs.set(run.flowVersionId, graph);
    return graph;
  }

  private async schedule(run: Pick<FlowRunEntity, 'id' | 'companyId' | 'ticketId' | 'resumeAt' | 'step'>) {
    const delayMs = Math.max(0, (run.resumeAt?.getTime() ?? 0) - Date.now());
    const job: ResumeJob = { runId: run.id, companyId: run.companyId, ticketId: run.ticketId };
    await this.jobs.flows.add(job, { delayMs, jobId: `flow-run-${run.id}-${run.step}`, attempts: 3 });
  }
}

function positionOf(run: FlowRunEntity): FlowPosition {
  return {
    nodeId: run.nodeId,
    waiting: run.waiting as FlowWait,
    variables: JSON.parse(run.variables) as Record<string, string>,
    done: false,
  };
}

/** A WhatsApp-shaped id only this reply of this run's step has: carried out twice, it is one message. */
function replyId(runId: number, step: number, place: number): string {
  const key = `flow\u0000${runId}\u0000${step}\u0000${place}`;
  return `3EB0${createHash('sha256').update(key).digest('hex').slice(0, 20).toUpperCase()}`;
}
