import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isMaskedSecret,
  maskSecret,
  V,
  type Prompt,
  type PromptInput,
  type PromptModel,
  type PromptsPage,
} from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource, In, IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { SecretBox } from '../../common/secret-box.js';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import { QueueEntity } from '../queues/entities/queue.entity.js';
import { toQueue } from '../queues/queues.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { PromptEntity } from './entities/prompt.entity.js';

/** A prompt with its secrets opened, for the agent that calls the AI service. */
export interface OpenPrompt extends Omit<PromptEntity, 'apiKey' | 'voiceKey'> {
  apiKey: string;
  voiceKey: string;
}

/** The row and column a sealed secret belongs to (see SecretBox). */
export const promptSecretContext = (companyId: number, column: 'apiKey' | 'voiceKey') =>
  `prompt:${companyId}:${column}`;

/**
 * AI prompts (spec 2 §2 Prompts): CRUD for the company's admins. The keys are sealed at rest and
 * answered masked; a form that sends the mask back keeps the stored key.
 */
@Injectable()
export class PromptsService {
  private readonly prompts: Repository<PromptEntity>;
  /**
   * Opened prompts for the agent's turns, by id: an edit reaches this node's turns at once and
   * another node's within 10 s (a deleted prompt's tickets stop at once: see remove).
   */
  private readonly opened = new LRUCache<number, OpenPrompt>({ max: 5_000, ttl: 10_000 });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SecretBox) private readonly box: SecretBox,
    private readonly realtime: RealtimeService,
  ) {
    this.prompts = db.getRepository(PromptEntity);
  }

  async page(auth: AuthUser, query: ListQuery): Promise<PromptsPage> {
    const qb = this.prompts
      .createQueryBuilder('p')
      .leftJoinAndSelect('p.queue', 'queue')
      .where('p.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(p.name)'],
      order: [
        ['p.name', 'ASC'],
        ['p.id', 'ASC'],
      ],
    });
    return { prompts: rows.map((row) => this.toPrompt(row)), count, hasMore };
  }

  async findOne(auth: AuthUser, id: number): Promise<Prompt> {
    return this.toPrompt(await this.load(auth.companyId, id));
  }

  async create(auth: AuthUser, input: PromptInput): Promise<Prompt> {
    await this.assertQueue(auth.companyId, input.queueId);
    const secrets = this.sealed(auth.companyId, input, null);
    const { id, moved } = await this.db.transaction(async (em) => {
      const saved = await em.save(
        em.create(PromptEntity, { ...this.columns(input), ...secrets, companyId: auth.companyId }),
      );
      return { id: saved.id, moved: await this.attach(em, auth.companyId, saved.id, null, input.queueId) };
    });
    const prompt = this.toPrompt(await this.load(auth.companyId, id));
    this.realtime.toCompany(auth.companyId, 'prompt', { action: 'create', prompt });
    await this.announceQueues(auth.companyId, moved);
    return prompt;
  }

  async update(auth: AuthUser, id: number, input: PromptInput): Promise<Prompt> {
    const existing = await this.load(auth.companyId, id);
    await this.assertQueue(auth.companyId, input.queueId);
    const moved = await this.db.transaction(async (em) => {
      await em.update(
        PromptEntity,
        { id, companyId: auth.companyId },
        { ...this.columns(input), ...this.sealed(auth.companyId, input, existing) },
      );
      return this.attach(em, auth.companyId, id, existing.queueId, input.queueId);
    });
    this.opened.delete(id);
    const prompt = this.toPrompt(await this.load(auth.companyId, id));
    this.realtime.toCompany(auth.companyId, 'prompt', { action: 'update', prompt });
    await this.announceQueues(auth.companyId, moved);
    return prompt;
  }

  /**
   * The queue a prompt is written for is the one it answers (the queue's "Prompt (IA)" field): it
   * is given the prompt, in place of any other; the queue it served before, moved from, answers
   * without it. Answers the queues whose field changed.
   */
  private async attach(
    em: EntityManager,
    companyId: number,
    id: number,
    before: number | null,
    queueId: number,
  ): Promise<number[]> {
    const changed: number[] = [];
    if (before !== null && before !== queueId) {
      const { affected } = await em.update(QueueEntity, { id: before, companyId, promptId: id }, { promptId: null });
      if (affected) changed.push(before);
    }
    const { affected } = await em.update(QueueEntity, { id: queueId, companyId, promptId: Not(id) }, { promptId: id });
    const unset = await em.update(QueueEntity, { id: queueId, companyId, promptId: IsNull() }, { promptId: id });
    if (affected || unset.affected) changed.push(queueId);
    return changed;
  }

  /** The Queues page and the queue dialogs show each queue's prompt as it now is. */
  private async announceQueues(companyId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const rows = await this.db.getRepository(QueueEntity).findBy({ companyId, id: In(ids) });
    for (const row of rows) this.realtime.toCompany(companyId, 'queue', { action: 'update', queue: toQueue(row) });
  }

  /** The queues and connections it served answer without it; tickets it was answering go to people. */
  async remove(auth: AuthUser, id: number): Promise<{ message: string }> {
    await this.load(auth.companyId, id);
    await this.db.transaction(async (em) => {
      await em.update(QueueEntity, { companyId: auth.companyId, promptId: id }, { promptId: null });
      await em.update(WhatsappEntity, { companyId: auth.companyId, promptId: id }, { promptId: null });
      await em.update(
        TicketEntity,
        { companyId: auth.companyId, promptId: id },
        { promptId: null, useIntegration: false, promptEndedAt: new Date() },
      );
      await em.delete(PromptEntity, { id, companyId: auth.companyId });
    });
    this.opened.delete(id);
    this.realtime.toCompany(auth.companyId, 'prompt', { action: 'delete', promptId: id });
    return { message: 'Prompt deleted' };
  }

  /** The prompt with its keys opened, or null when it is gone (deleted while a turn waited). */
  async open(companyId: number, id: number): Promise<OpenPrompt | null> {
    const cached = this.opened.get(id);
    if (cached) return cached.companyId === companyId ? cached : null;
    const row = await this.prompts.findOneBy({ id, companyId });
    if (!row) return null;
    const opened = {
      ...row,
      apiKey: this.box.open(row.apiKey, promptSecretContext(companyId, 'apiKey')),
      voiceKey: this.box.open(row.voiceKey, promptSecretContext(companyId, 'voiceKey')),
    };
    this.opened.set(id, opened);
    return opened;
  }

  private columns(input: PromptInput) {
    return {
      name: input.name,
      prompt: input.prompt,
      model: input.model,
      maxTokens: input.maxTokens,
      temperature: input.temperature,
      queueId: input.queueId,
      maxMessages: input.maxMessages,
      voice: input.voice,
      voiceRegion: input.voiceRegion,
    };
  }

  /**
   * The keys to store: a new value is sealed; the mask sent back keeps what is stored. A mask on a
   * new prompt (or where nothing is stored) is no key at all.
   */
  private sealed(companyId: number, input: PromptInput, existing: PromptEntity | null) {
    const keep = (column: 'apiKey' | 'voiceKey') => {
      const value = input[column];
      if (!isMaskedSecret(value)) return this.box.seal(value, promptSecretContext(companyId, column));
      if (existing?.[column]) return existing[column];
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: column, message: V.required }] });
    };
    return { apiKey: keep('apiKey'), voiceKey: input.voice === 'texto' && !input.voiceKey ? '' : keep('voiceKey') };
  }

  private async assertQueue(companyId: number, queueId: number): Promise<void> {
    const found = await this.db.getRepository(QueueEntity).existsBy({ id: queueId, companyId });
    if (!found) throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'queueId', message: V.oneOf }] });
  }

  private async load(companyId: number, id: number): Promise<PromptEntity> {
    const row = await this.prompts.findOne({ where: { id, companyId }, relations: { queue: true } });
    if (!row) throw new DomainError('ERR_NOT_FOUND');
    return row;
  }

  private toPrompt(row: PromptEntity): Prompt {
    const mask = (column: 'apiKey' | 'voiceKey') =>
      row[column] ? maskSecret(this.box.open(row[column], promptSecretContext(row.companyId, column))) : '';
    return {
      id: row.id,
      companyId: row.companyId,
      name: row.name,
      prompt: row.prompt,
      model: row.model as PromptModel,
      maxTokens: row.maxTokens,
      temperature: row.temperature,
      apiKey: mask('apiKey'),
      queueId: row.queueId,
      queue: row.queue ? { id: row.queue.id, name: row.queue.name } : undefined,
      maxMessages: row.maxMessages,
      voice: row.voice,
      voiceKey: mask('voiceKey'),
      voiceRegion: row.voiceRegion,
    };
  }
}
