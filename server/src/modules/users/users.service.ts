import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  can,
  permissionRooms,
  settingValue,
  type Language,
  type SessionUser,
  type User,
  type UserCreateInput,
  type UserNamesPage,
  type UsersPage,
  type UserUpdateInput,
} from '@atendo/shared';
import { DataSource, In, Repository, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { searchPage, type ListQuery } from '../../common/pagination.js';
import { hashPassword } from '../sessions/passwords.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { CompanyLock } from '../plans/company-lock.js';
import { PlansService } from '../plans/plans.service.js';
import { QueueEntity } from '../queues/entities/queue.entity.js';
import { viewerRooms } from '../conversations/visibility.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { SettingEntity } from '../settings/entities/setting.entity.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { toSessionUser, toUser, userQueues } from './users.mapper.js';

/** Fields only a user manager may change; a user editing their own profile may not. */
const MANAGED_FIELDS = ['profile', 'allTicket', 'whatsappId', 'queueIds'] as const;

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(QueueEntity) private readonly queues: Repository<QueueEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsService,
    private readonly realtime: RealtimeService,
    private readonly plans: PlansService,
    private readonly locks: CompanyLock,
  ) {}

  async list(auth: AuthUser, query: ListQuery): Promise<UsersPage | UserNamesPage> {
    const manager = can(auth, 'users:manage');
    const qb = this.users.createQueryBuilder('u').where('u.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      // Only managers see e-mails, so only they may find people by them.
      search: manager ? ['LOWER(u.name)', 'LOWER(u.email)'] : ['LOWER(u.name)'],
      order: [
        ['u.name', 'ASC'],
        ['u.id', 'ASC'],
      ],
      prepare: (shown) =>
        manager
          ? shown.leftJoinAndSelect('u.queues', 'q')
          : shown.select(['u.id', 'u.name']).leftJoin('u.queues', 'q').addSelect(['q.id', 'q.name', 'q.color']),
    });
    if (!manager) {
      return { users: rows.map((u) => ({ id: u.id, name: u.name, queues: userQueues(u) })), count, hasMore };
    }
    return { users: rows.map(toUser), count, hasMore };
  }

  /** Everyone of the company, for pickers (transfer, chat members): no e-mails, no paging. */
  async listAll(auth: AuthUser): Promise<Pick<User, 'id' | 'name' | 'profile' | 'queues'>[]> {
    const users = await this.users.find({
      where: { companyId: auth.companyId },
      relations: { queues: true },
      order: { name: 'ASC' },
    });
    return users.map((u) => {
      const { id, name, profile, queues } = toUser(u);
      return { id, name, profile, queues };
    });
  }

  async findOne(auth: AuthUser, id: number): Promise<User> {
    if (id !== auth.userId && !can(auth, 'users:manage')) throw new DomainError('ERR_NO_PERMISSION');
    return toUser(await this.load(auth.companyId, id));
  }

  async create(auth: AuthUser, input: UserCreateInput): Promise<User> {
    if (!auth.super) {
      const setting = await this.db
        .getRepository(SettingEntity)
        .find({ where: { companyId: auth.companyId, key: 'userCreation' } });
      if (settingValue(setting, 'userCreation') === 'disabled') throw new DomainError('ERR_USER_CREATION_DISABLED');
    }
    await this.assertEmailFree(input.email);
    const queues = await this.companyQueues(auth.companyId, input.queueIds);
    await this.assertConnection(auth.companyId, input.whatsappId);
    const passwordHash = await hashPassword(input.password);
    const saved = await this.locks.run(auth.companyId, async (em) => {
      const current = await em.count(UserEntity, { where: { companyId: auth.companyId } });
      await this.plans.assertRoom(em, auth.companyId, 'users', current);
      const entity = em.create(UserEntity, {
        companyId: auth.companyId,
        name: input.name,
        email: input.email,
        passwordHash,
        profile: input.profile,
        allTicket: input.allTicket,
        whatsappId: input.whatsappId ?? null,
        queues,
      });
      return this.saveUnique(entity, em);
    });
    const user = toUser(await this.load(auth.companyId, saved.id));
    this.realtime.toCompany(auth.companyId, 'user', { action: 'create', user });
    return user;
  }

  async update(auth: AuthUser, id: number, input: UserUpdateInput): Promise<User> {
    const manager = can(auth, 'users:manage');
    if (id !== auth.userId && !manager) throw new DomainError('ERR_NO_PERMISSION');
    const entity = await this.load(auth.companyId, id);
    const roomsBefore = this.roomsOf(auth.companyId, entity);
    if (!manager && MANAGED_FIELDS.some((field) => this.changes(entity, field, input))) {
      throw new DomainError('ERR_NO_PERMISSION');
    }
    if (input.email !== entity.email) await this.assertEmailFree(input.email, id);
    if (input.profile && input.profile !== entity.profile && entity.profile === 'admin') {
      await this.assertAnotherAdmin(auth.companyId, id);
    }
    entity.name = input.name;
    entity.email = input.email;
    if (input.password) entity.passwordHash = await hashPassword(input.password);
    if (manager) {
      if (input.profile) entity.profile = input.profile;
      if (input.allTicket) entity.allTicket = input.allTicket;
      if (input.whatsappId !== undefined) {
        await this.assertConnection(auth.companyId, input.whatsappId);
        entity.whatsappId = input.whatsappId;
      }
      if (input.queueIds) entity.queues = await this.companyQueues(auth.companyId, input.queueIds);
    }
    await this.saveUnique(entity);
    this.sessions.forgetUser(id);
    const saved = await this.load(auth.companyId, id);
    this.realtime.moveUser(auth.companyId, id, roomsBefore, this.roomsOf(auth.companyId, saved));
    const user = toUser(saved);
    this.realtime.toCompany(auth.companyId, 'user', { action: 'update', user });
    return user;
  }

  private roomsOf(companyId: number, user: UserEntity): string[] {
    return [
      ...permissionRooms(companyId, { profile: user.profile, super: user.super }),
      ...viewerRooms(companyId, {
        profile: user.profile,
        super: user.super,
        allTicket: user.allTicket,
        queueIds: (user.queues ?? []).map((q) => q.id),
      }),
    ];
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    if (id === auth.userId) throw new DomainError('ERR_CANNOT_DELETE_SELF');
    const entity = await this.load(auth.companyId, id);
    if (entity.profile === 'admin') await this.assertAnotherAdmin(auth.companyId, id);
    await this.sessions.revokeAllOfUser(id, 'user-deleted');
    await this.users.delete({ id, companyId: auth.companyId });
    this.sessions.forgetUser(id);
    this.realtime.toCompany(auth.companyId, 'user', { action: 'delete', userId: id });
  }

  async setLanguage(auth: AuthUser, language: Language): Promise<{ language: Language }> {
    await this.users.update({ id: auth.userId, companyId: auth.companyId }, { language });
    return { language };
  }

  /** The user as sign-in, refresh and /auth/me answer it: with company, due date and settings. */
  async sessionUser(userId: number): Promise<SessionUser> {
    const user = await this.users.findOne({ where: { id: userId }, relations: { queues: true } });
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED');
    const company = await this.db.getRepository(CompanyEntity).findOneByOrFail({ id: user.companyId });
    const settings = await this.db
      .getRepository(SettingEntity)
      .find({ where: { companyId: user.companyId }, order: { key: 'ASC' } });
    return toSessionUser(user, company, settings);
  }

  private async load(companyId: number, id: number): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id, companyId }, relations: { queues: true } });
    if (!user) throw new DomainError('ERR_NO_USER_FOUND');
    return user;
  }

  private changes(entity: UserEntity, field: (typeof MANAGED_FIELDS)[number], input: UserUpdateInput): boolean {
    if (field === 'queueIds') {
      if (!input.queueIds) return false;
      const current = (entity.queues ?? []).map((q) => q.id).sort();
      return JSON.stringify([...new Set(input.queueIds)].sort()) !== JSON.stringify(current);
    }
    const value = input[field];
    return value !== undefined && value !== entity[field];
  }

  private async assertEmailFree(email: string, exceptId?: number): Promise<void> {
    const existing = await this.users.findOne({ where: { email }, select: { id: true } });
    if (existing && existing.id !== exceptId) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
  }

  /** A company keeps at least one admin, or nobody could manage it any more. */
  private async assertAnotherAdmin(companyId: number, exceptId: number): Promise<void> {
    const admins = await this.users.find({ where: { companyId, profile: 'admin' }, select: { id: true } });
    if (!admins.some((a) => a.id !== exceptId)) throw new DomainError('ERR_LAST_ADMIN');
  }

  /** Queue ids of another company are treated as ids that do not exist. */
  private async companyQueues(companyId: number, ids: number[] | undefined): Promise<QueueEntity[]> {
    const unique = [...new Set(ids ?? [])];
    if (!unique.length) return [];
    const found = await this.queues.find({ where: { companyId, id: In(unique) } });
    if (found.length !== unique.length) throw new DomainError('ERR_NO_QUEUE_FOUND');
    return found;
  }

  /** A default connection must be one of the company's. */
  private async assertConnection(companyId: number, whatsappId: number | null | undefined): Promise<void> {
    if (whatsappId === null || whatsappId === undefined) return;
    const exists = await this.db.getRepository(WhatsappEntity).exists({ where: { id: whatsappId, companyId } });
    if (!exists) throw new DomainError('ERR_NO_WAPP_FOUND');
  }

  /** The unique e-mail index decides races the pre-check cannot see. */
  private async saveUnique(entity: UserEntity, em: EntityManager = this.db.manager): Promise<UserEntity> {
    try {
      return await em.save(UserEntity, entity);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
      throw error;
    }
  }
}
