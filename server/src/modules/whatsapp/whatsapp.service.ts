import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { V, type WhatsappConnection, type WhatsappInput } from '@atendo/shared';
import { DataSource, In, Not, Repository, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { SessionManager } from '../gateway/session-manager.js';
import { CompanyLock } from '../plans/company-lock.js';
import { PlansService } from '../plans/plans.service.js';
import { QueueEntity } from '../queues/entities/queue.entity.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { defaultOnCreate, defaultOnUpdate, successorOnDelete, type DefaultCandidate } from './default-connection.js';
import type { WhatsappUpdateInput } from './dto/whatsapp-update.schema.js';
import { WhatsappEntity } from './entities/whatsapp.entity.js';
import { toWhatsapp } from './whatsapp.mapper.js';
import { assertOwnAutomations } from '../integrations/automation-refs.js';

const tokenTaken = () => new DomainError('ERR_VALIDATION', { fields: [{ field: 'token', message: V.taken }] });

@Injectable()
export class WhatsappService {
  private readonly logger = new Logger('Connections');

  constructor(
    @InjectRepository(WhatsappEntity) private readonly whatsapps: Repository<WhatsappEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly plans: PlansService,
    private readonly realtime: RealtimeService,
    private readonly sessions: SessionManager,
    private readonly locks: CompanyLock,
  ) {}

  async list(auth: AuthUser): Promise<WhatsappConnection[]> {
    const rows = await this.whatsapps.find({
      where: { companyId: auth.companyId },
      relations: { queues: true },
      order: { id: 'ASC' },
    });
    return rows.map(toWhatsapp);
  }

  async findOne(auth: AuthUser, id: number): Promise<WhatsappConnection> {
    return toWhatsapp(await this.load(auth.companyId, id));
  }

  async create(auth: AuthUser, input: WhatsappInput): Promise<WhatsappConnection> {
    this.assertProvider(input.provider);
    this.assertGreeting(input.queueIds, input.greetingMessage);
    const changed = await this.exclusive(auth.companyId, async (em) => {
      const others = await this.candidates(em, auth.companyId);
      await this.plans.assertRoom(em, auth.companyId, 'connections', others.length);
      const queues = await this.companyQueues(em, auth.companyId, input.queueIds);
      await this.assertTransferQueue(em, auth.companyId, input.transferQueueId);
      await assertOwnAutomations(em, auth.companyId, input);
      const token = input.token || randomBytes(32).toString('hex');
      await this.assertTokenFree(em, token);
      const decision = defaultOnCreate(others, input.isDefault);
      const { queueIds: _queueIds, token: _token, ...fields } = input;
      const saved = await this.save(
        em,
        em.create(WhatsappEntity, {
          ...fields,
          companyId: auth.companyId,
          token,
          isDefault: decision.isDefault,
          status: 'DISCONNECTED',
          qrcode: '',
          retries: 0,
          number: null,
          queues,
        }),
      );
      const cleared = decision.clearOthers ? await this.clearOthers(em, auth.companyId, saved.id) : [];
      return { id: saved.id, others: cleared };
    });
    await this.announce(auth.companyId, changed.id, changed.others);
    // A new connection is made to be paired: its session starts at once, so the QR code follows
    // (as `whatsappSession` events) without another call, as the existing clients expect.
    await this.sessions.start(changed.id).catch((error: unknown) => {
      this.logger.warn(`Connection ${changed.id} was created but its session did not start: ${String(error)}`);
    });
    return this.findOne(auth, changed.id);
  }

  async update(auth: AuthUser, id: number, input: WhatsappUpdateInput): Promise<WhatsappConnection> {
    if (input.provider !== undefined) this.assertProvider(input.provider);
    const changed = await this.exclusive(auth.companyId, async (em) => {
      const entity = await this.load(auth.companyId, id, em);
      const queues =
        input.queueIds !== undefined ? await this.companyQueues(em, auth.companyId, input.queueIds) : entity.queues!;
      this.assertGreeting(
        queues.map((q) => q.id),
        input.greetingMessage ?? entity.greetingMessage,
      );
      if (input.transferQueueId !== undefined)
        await this.assertTransferQueue(em, auth.companyId, input.transferQueueId);
      await assertOwnAutomations(em, auth.companyId, input);
      if (input.token !== undefined && input.token !== entity.token) {
        if (!input.token) throw tokenTaken();
        await this.assertTokenFree(em, input.token, id);
      }
      const others = (await this.candidates(em, auth.companyId)).filter((c) => c.id !== id);
      const decision = defaultOnUpdate(entity, others, input.isDefault);
      const { queueIds: _queueIds, ...fields } = input;
      const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      em.merge(WhatsappEntity, entity, defined, { isDefault: decision.isDefault });
      entity.queues = queues;
      await this.save(em, entity);
      const cleared = decision.clearOthers ? await this.clearOthers(em, auth.companyId, id) : [];
      return { id, others: cleared };
    });
    return this.announce(auth.companyId, changed.id, changed.others);
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    await this.load(auth.companyId, id);
    // Signs the device out first, so the phone does not keep a linked device nobody answers.
    await this.sessions.discard(id);
    const promoted = await this.exclusive(auth.companyId, async (em) => {
      // The auth keys and queue links go with the row (ON DELETE CASCADE).
      await em.delete(WhatsappEntity, { id, companyId: auth.companyId });
      const successor = successorOnDelete(await this.candidates(em, auth.companyId));
      if (successor) await em.update(WhatsappEntity, { id: successor }, { isDefault: true });
      return successor;
    });
    this.realtime.toCompany(auth.companyId, 'whatsapp', { action: 'delete', whatsappId: id });
    if (promoted) await this.announce(auth.companyId, promoted, []);
  }

  /** POST /whatsappsession/:id */
  async startSession(auth: AuthUser, id: number): Promise<void> {
    await this.load(auth.companyId, id);
    await this.sessions.start(id);
  }

  /** PUT /whatsappsession/:id: a new QR code. */
  async renewSession(auth: AuthUser, id: number): Promise<void> {
    await this.load(auth.companyId, id);
    await this.sessions.restart(id);
  }

  /** DELETE /whatsappsession/:id */
  async disconnectSession(auth: AuthUser, id: number): Promise<void> {
    await this.load(auth.companyId, id);
    await this.sessions.logout(id);
  }

  private async load(companyId: number, id: number, em: EntityManager = this.db.manager): Promise<WhatsappEntity> {
    const entity = await em.findOne(WhatsappEntity, { where: { id, companyId }, relations: { queues: true } });
    if (!entity) throw new DomainError('ERR_NO_WAPP_FOUND');
    return entity;
  }

  /** A company's connection write: in a transaction, in the company's turn (see CompanyLock). */
  private exclusive<T>(companyId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.locks.run(companyId, work, { transaction: true });
  }

  private candidates(em: EntityManager, companyId: number): Promise<DefaultCandidate[]> {
    return em.find(WhatsappEntity, { where: { companyId }, select: { id: true, isDefault: true, createdAt: true } });
  }

  /** Takes the default flag from every other connection of the company; answers their ids. */
  private async clearOthers(em: EntityManager, companyId: number, keepId: number): Promise<number[]> {
    const others = await em.find(WhatsappEntity, {
      where: { companyId, isDefault: true, id: Not(keepId) },
      select: { id: true },
    });
    if (others.length) await em.update(WhatsappEntity, { id: In(others.map((o) => o.id)) }, { isDefault: false });
    return others.map((o) => o.id);
  }

  /** Tells the company's sockets about the connection and the others it changed; answers the connection. */
  private async announce(companyId: number, id: number, others: number[]): Promise<WhatsappConnection> {
    const rows = await this.whatsapps.find({
      where: { companyId, id: In([id, ...others]) },
      relations: { queues: true },
    });
    const connections = rows.map(toWhatsapp);
    for (const whatsapp of connections) this.realtime.toCompany(companyId, 'whatsapp', { action: 'update', whatsapp });
    const main = connections.find((c) => c.id === id);
    if (!main) throw new DomainError('ERR_NO_WAPP_FOUND');
    return main;
  }

  private async companyQueues(em: EntityManager, companyId: number, ids: number[]): Promise<QueueEntity[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const found = await em.find(QueueEntity, { where: { companyId, id: In(unique) } });
    if (found.length !== unique.length) throw new DomainError('ERR_NO_QUEUE_FOUND');
    return found;
  }

  private async assertTransferQueue(em: EntityManager, companyId: number, queueId: number | null): Promise<void> {
    if (queueId === null) return;
    if (!(await em.exists(QueueEntity, { where: { id: queueId, companyId } }))) {
      throw new DomainError('ERR_NO_QUEUE_FOUND');
    }
  }

  /** With several queues the greeting lists them for the customer to choose: it cannot be empty. */
  private assertGreeting(queueIds: number[], greeting: string): void {
    if (new Set(queueIds).size > 1 && !greeting.trim()) throw new DomainError('ERR_WAPP_GREETING_REQUIRED');
  }

  private assertProvider(provider: WhatsappInput['provider']): void {
    if (provider === 'sandbox' && !this.config.sandbox) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'provider', message: V.oneOf }] });
    }
  }

  /** Tokens select a connection (and its company) on the external API: one connection each. */
  private async assertTokenFree(em: EntityManager, token: string, exceptId?: number): Promise<void> {
    // The column holds 64 characters: what the generated tokens use.
    if (token.length > 64) {
      throw new DomainError('ERR_VALIDATION', {
        fields: [{ field: 'token', message: V.tooLong, params: { max: 64 } }],
      });
    }
    const where = { token, ...(exceptId ? { id: Not(exceptId) } : {}) };
    if (await em.exists(WhatsappEntity, { where })) throw tokenTaken();
  }

  /** The unique token index decides races the pre-check cannot see. */
  private async save(em: EntityManager, entity: WhatsappEntity): Promise<WhatsappEntity> {
    try {
      return await em.save(WhatsappEntity, entity);
    } catch (error) {
      if (isUniqueViolation(error)) throw tokenTaken();
      throw error;
    }
  }
}
