import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  can,
  rooms,
  tooShort,
  V,
  WHATSAPP_TOKEN_MIN,
  type Permission,
  type WhatsappConnection,
  type WhatsappInput,
} from '@atendo/shared';
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
import { Throttles } from '../throttle/throttles.js';
import { defaultOnCreate, defaultOnUpdate, successorOnDelete, type DefaultCandidate } from './default-connection.js';
import type { WhatsappUpdateInput } from './dto/whatsapp-update.schema.js';
import { WhatsappEntity } from './entities/whatsapp.entity.js';
import { toWhatsapp, withoutToken } from './whatsapp.mapper.js';
import { assertOwnAutomations } from '../integrations/automation-refs.js';

const tokenTaken = () => new DomainError('ERR_VALIDATION', { fields: [{ field: 'token', message: V.taken }] });
const tokenTooShort = () =>
  new DomainError('ERR_VALIDATION', {
    fields: [{ field: 'token', message: V.tooShort, params: tooShort({ min: WHATSAPP_TOKEN_MIN }).params }],
  });
/** Who reads and hears the send-API tokens: those who may change them. */
const MANAGES_CONNECTIONS: Permission = 'connections-page:editOrDeleteConnection';
/** 256 random bits, as 64 hex characters (what the column holds). */
const newToken = () => randomBytes(32).toString('hex');

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
    private readonly throttles: Throttles,
  ) {}

  async list(auth: AuthUser): Promise<WhatsappConnection[]> {
    const rows = await this.whatsapps.find({
      where: { companyId: auth.companyId },
      relations: { queues: true },
      order: { id: 'ASC' },
    });
    const nodes = await this.sessions.holders(rows.map((row) => row.id));
    return rows.map((row, i) => this.shown(auth, { ...toWhatsapp(row), node: nodes[i] }));
  }

  async findOne(auth: AuthUser, id: number): Promise<WhatsappConnection> {
    const row = await this.load(auth.companyId, id);
    const [node] = await this.sessions.holders([row.id]);
    return this.shown(auth, { ...toWhatsapp(row), node });
  }

  /** `ip` is the caller's: a token chosen that another company holds costs it a wrong token's try. */
  async create(auth: AuthUser, input: WhatsappInput, ip: string): Promise<WhatsappConnection> {
    this.assertProvider(input.provider);
    this.assertGreeting(input.queueIds, input.greetingMessage);
    const changed = await this.exclusive(auth.companyId, async (em) => {
      const others = await this.candidates(em, auth.companyId);
      await this.plans.assertRoom(em, auth.companyId, 'connections', others.length);
      const queues = await this.companyQueues(em, auth.companyId, input.queueIds);
      await this.assertTransferQueue(em, auth.companyId, input.transferQueueId);
      await assertOwnAutomations(em, auth.companyId, input);
      const token = input.token || newToken();
      if (input.token) await this.assertTokenFree(em, auth.companyId, token, ip);
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

  async update(auth: AuthUser, id: number, input: WhatsappUpdateInput, ip: string): Promise<WhatsappConnection> {
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
      // The token sent back unchanged stays, even an older one shorter than today's minimum; an
      // empty one asks for a new generated token (empty means none, for the existing clients).
      let token = entity.token;
      if (input.token === '') token = newToken();
      else if (input.token !== undefined && input.token !== entity.token) {
        if (input.token.length < WHATSAPP_TOKEN_MIN) throw tokenTooShort();
        await this.assertTokenFree(em, auth.companyId, input.token, ip, id);
        token = input.token;
      }
      const others = (await this.candidates(em, auth.companyId)).filter((c) => c.id !== id);
      const decision = defaultOnUpdate(entity, others, input.isDefault);
      const { queueIds: _queueIds, token: _token, ...fields } = input;
      const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      em.merge(WhatsappEntity, entity, defined, { isDefault: decision.isDefault, token });
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

  /**
   * Tells the company's sockets about the connection and the others it changed, the token only to
   * those who may manage connections; answers the connection.
   */
  private async announce(companyId: number, id: number, others: number[]): Promise<WhatsappConnection> {
    const rows = await this.whatsapps.find({
      where: { companyId, id: In([id, ...others]) },
      relations: { queues: true },
    });
    const connections = rows.map(toWhatsapp);
    const managers = rooms.permission(companyId, MANAGES_CONNECTIONS);
    for (const whatsapp of connections) {
      this.realtime.toRooms([managers], companyId, 'whatsapp', { action: 'update', whatsapp });
      this.realtime.toRooms(
        [rooms.company(companyId)],
        companyId,
        'whatsapp',
        { action: 'update', whatsapp: withoutToken(whatsapp) },
        [managers],
      );
    }
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

  private shown(auth: AuthUser, connection: WhatsappConnection): WhatsappConnection {
    return can(auth, MANAGES_CONNECTIONS) ? connection : withoutToken(connection);
  }

  /**
   * Tokens select a connection (and its company) on the external API, so each is one connection's
   * in the whole installation, and a chosen one that is taken must be refused. The refusal is the
   * same whoever holds it, and one held by another company is a wrong token's try for the caller's
   * IP (Throttles.sendToken, counted before the look): the form tells no more, and no faster, than
   * `POST /api/messages/send` itself tells of a token. Chosen tokens are at least
   * WHATSAPP_TOKEN_MIN characters, so the only token one can clash with is one already known.
   */
  private async assertTokenFree(
    em: EntityManager,
    companyId: number,
    token: string,
    ip: string,
    exceptId?: number,
  ): Promise<void> {
    let foreign = false;
    await this.throttles.sendToken(
      ip,
      async () => {
        const holder = await em.findOne(WhatsappEntity, {
          where: { token, ...(exceptId ? { id: Not(exceptId) } : {}) },
          select: { id: true, companyId: true },
        });
        if (!holder) return;
        foreign = holder.companyId !== companyId;
        throw tokenTaken();
      },
      () => foreign,
    );
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
