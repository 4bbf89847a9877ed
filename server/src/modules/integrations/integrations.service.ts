import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isMaskedSecret,
  maskSecret,
  PROJECT_NAME_FROM_NAME,
  V,
  type IntegrationTestResult,
  type QueueIntegration,
  type QueueIntegrationInput,
  type QueueIntegrationsPage,
} from '@atendo/shared';
import { DataSource, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { SecretBox } from '../../common/secret-box.js';
import { TicketEntity } from '../conversations/entities/ticket.entity.js';
import { QueueEntity } from '../queues/entities/queue.entity.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { credentialsOf, DialogflowClients } from './dialogflow-client.js';
import { QueueIntegrationEntity } from './entities/queue-integration.entity.js';

/** An integration with its secrets opened, for the runtimes that call out. */
export interface OpenIntegration extends Omit<QueueIntegrationEntity, 'jsonContent' | 'signingSecret'> {
  jsonContent: string;
  signingSecret: string;
}

export const integrationSecretContext = (companyId: number, column: 'jsonContent' | 'signingSecret') =>
  `queueIntegration:${companyId}:${column}`;

const invalid = (field: string, message: string) => new DomainError('ERR_VALIDATION', { fields: [{ field, message }] });

const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/**
 * Queue integrations (spec 2 §2 Queue integrations, §7): CRUD for the company's admins. Dialogflow's
 * credentials and the webhook signing secret are sealed at rest; the credentials are answered
 * masked (the mask sent back keeps them), the signing secret whole only when it is made.
 */
@Injectable()
export class IntegrationsService {
  private readonly integrations: Repository<QueueIntegrationEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SecretBox) private readonly box: SecretBox,
    private readonly realtime: RealtimeService,
    private readonly dialogflow: DialogflowClients,
  ) {
    this.integrations = db.getRepository(QueueIntegrationEntity);
  }

  async page(auth: AuthUser, query: ListQuery): Promise<QueueIntegrationsPage> {
    const qb = this.integrations
      .createQueryBuilder('i')
      .where('i.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(i.name)'],
      order: [
        ['i.name', 'ASC'],
        ['i.id', 'ASC'],
      ],
      prepare: (shown) => shown.leftJoinAndSelect('i.flow', 'flow'),
    });
    return { queueIntegrations: rows.map((row) => this.toIntegration(row)), count, hasMore };
  }

  async findOne(auth: AuthUser, id: number): Promise<QueueIntegration> {
    return this.toIntegration(await this.load(auth.companyId, id));
  }

  async create(auth: AuthUser, input: QueueIntegrationInput): Promise<QueueIntegration> {
    await this.assertFlow(auth.companyId, input);
    const signingSecret = newSigningSecret();
    const { id } = await this.integrations.save(
      this.integrations.create({
        ...this.columns(input),
        jsonContent: this.sealedJson(auth.companyId, input, null),
        signingSecret: this.box.seal(signingSecret, integrationSecretContext(auth.companyId, 'signingSecret')),
        companyId: auth.companyId,
      }),
    );
    const integration = this.toIntegration(await this.load(auth.companyId, id));
    this.realtime.toCompany(auth.companyId, 'queueIntegration', { action: 'create', queueIntegration: integration });
    return { ...integration, signingSecret };
  }

  async update(auth: AuthUser, id: number, input: QueueIntegrationInput): Promise<QueueIntegration> {
    const existing = await this.load(auth.companyId, id);
    await this.assertFlow(auth.companyId, input);
    await this.integrations.update(
      { id, companyId: auth.companyId },
      { ...this.columns(input), jsonContent: this.sealedJson(auth.companyId, input, existing) },
    );
    return this.announced(auth, id);
  }

  /** A new signing secret, answered whole this once. */
  async rotateSecret(auth: AuthUser, id: number): Promise<{ signingSecret: string }> {
    await this.load(auth.companyId, id);
    const signingSecret = newSigningSecret();
    await this.integrations.update(
      { id, companyId: auth.companyId },
      { signingSecret: this.box.seal(signingSecret, integrationSecretContext(auth.companyId, 'signingSecret')) },
    );
    await this.announced(auth, id);
    return { signingSecret };
  }

  /** Queues and connections it served go without; tickets it was running go to people. */
  async remove(auth: AuthUser, id: number): Promise<{ message: string }> {
    await this.load(auth.companyId, id);
    await this.db.transaction(async (em) => {
      await em.update(QueueEntity, { companyId: auth.companyId, integrationId: id }, { integrationId: null });
      await em.update(WhatsappEntity, { companyId: auth.companyId, integrationId: id }, { integrationId: null });
      await em.update(
        TicketEntity,
        { companyId: auth.companyId, integrationId: id },
        { integrationId: null, useIntegration: false, typebotSessionId: null, typebotSessionAt: null },
      );
      await em.delete(QueueIntegrationEntity, { id, companyId: auth.companyId });
    });
    this.realtime.toCompany(auth.companyId, 'queueIntegration', { action: 'delete', integrationId: id });
    return { message: 'Integration deleted' };
  }

  /**
   * Dialogflow credentials tried before (or after) they are saved: a greeting sent to the agent on
   * a throwaway session. The mask of a saved integration (`id`) tries its stored credentials.
   */
  async testSession(
    auth: AuthUser,
    input: { id?: number; projectName: string; jsonContent: string; language: string },
  ): Promise<IntegrationTestResult> {
    let json = input.jsonContent;
    if (isMaskedSecret(json)) {
      const saved = input.id ? await this.open(auth.companyId, input.id) : null;
      if (!saved?.jsonContent) throw invalid('jsonContent', V.required);
      json = saved.jsonContent;
    }
    let credentials;
    try {
      credentials = credentialsOf(json);
    } catch {
      throw invalid('jsonContent', V.invalid);
    }
    const greeting = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' }[input.language] ?? 'Olá';
    try {
      const answer = await this.dialogflow.detect(
        credentials,
        input.projectName,
        `test-${randomBytes(8).toString('hex')}`,
        greeting,
        input.language,
      );
      return { message: 'ok', intent: answer.intent, texts: answer.texts };
    } catch {
      throw new DomainError('ERR_INTEGRATION_UNREACHABLE');
    }
  }

  /** The integration with its secrets opened, or null when it is gone. */
  async open(companyId: number, id: number): Promise<OpenIntegration | null> {
    const row = await this.integrations.findOneBy({ id, companyId });
    if (!row) return null;
    return {
      ...row,
      jsonContent: this.box.open(row.jsonContent, integrationSecretContext(companyId, 'jsonContent')),
      signingSecret: this.box.open(row.signingSecret, integrationSecretContext(companyId, 'signingSecret')),
    };
  }

  private async announced(auth: AuthUser, id: number): Promise<QueueIntegration> {
    const integration = this.toIntegration(await this.load(auth.companyId, id));
    this.realtime.toCompany(auth.companyId, 'queueIntegration', { action: 'update', queueIntegration: integration });
    return integration;
  }

  private columns(input: QueueIntegrationInput) {
    return {
      type: input.type,
      name: input.name,
      // The spec's rule: these types are known by their name.
      projectName: PROJECT_NAME_FROM_NAME.includes(input.type) ? input.name : input.projectName,
      language: input.language,
      urlN8N: input.urlN8N,
      typebotSlug: input.typebotSlug,
      typebotExpires: input.typebotExpires,
      typebotDelayMessage: input.typebotDelayMessage,
      typebotKeywordFinish: input.typebotKeywordFinish,
      typebotKeywordRestart: input.typebotKeywordRestart,
      typebotRestartMessage: input.typebotRestartMessage,
      typebotUnknownMessage: input.typebotUnknownMessage,
      flowId: input.type === 'flowbuilder' ? input.flowId : null,
    };
  }

  /** Dialogflow's credentials to store: new ones sealed, the mask keeping what is stored. */
  private sealedJson(companyId: number, input: QueueIntegrationInput, existing: QueueIntegrationEntity | null): string {
    const value = input.jsonContent;
    if (!value) return '';
    if (isMaskedSecret(value)) {
      if (existing?.jsonContent) return existing.jsonContent;
      throw invalid('jsonContent', V.required);
    }
    return this.box.seal(value, integrationSecretContext(companyId, 'jsonContent'));
  }

  /** A flowbuilder integration's flow must be the company's: another's is refused like an unknown one. */
  private async assertFlow(companyId: number, input: QueueIntegrationInput): Promise<void> {
    if (input.type !== 'flowbuilder' || !input.flowId) return;
    const [own] = (await this.integrations.query('SELECT id FROM flows WHERE id = ? AND companyId = ?', [
      input.flowId,
      companyId,
    ])) as unknown[];
    if (!own) throw invalid('flowId', V.oneOf);
  }

  private async load(companyId: number, id: number): Promise<QueueIntegrationEntity> {
    const row = await this.integrations.findOne({ where: { id, companyId }, relations: { flow: true } });
    if (!row) throw new DomainError('ERR_NOT_FOUND');
    return row;
  }

  private toIntegration(row: QueueIntegrationEntity): QueueIntegration {
    const mask = (column: 'jsonContent' | 'signingSecret') =>
      row[column] ? maskSecret(this.box.open(row[column], integrationSecretContext(row.companyId, column))) : '';
    return {
      id: row.id,
      companyId: row.companyId,
      type: row.type,
      name: row.name,
      projectName: row.projectName,
      jsonContent: mask('jsonContent'),
      language: row.language as QueueIntegration['language'],
      urlN8N: row.urlN8N,
      typebotSlug: row.typebotSlug,
      typebotExpires: row.typebotExpires,
      typebotDelayMessage: row.typebotDelayMessage,
      typebotKeywordFinish: row.typebotKeywordFinish,
      typebotKeywordRestart: row.typebotKeywordRestart,
      typebotRestartMessage: row.typebotRestartMessage,
      typebotUnknownMessage: row.typebotUnknownMessage,
      flowId: row.flowId ?? null,
      flow: row.flow ? { id: row.flow.id, name: row.flow.name } : null,
      signingSecret: mask('signingSecret'),
    };
  }
}
