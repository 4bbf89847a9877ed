import { can, isPlatformSetting, isSecretSetting, NEVER_EXPIRES, type SessionUser, type User } from '@atendo/shared';
import type { CompanyEntity } from '../companies/entities/company.entity.js';
import type { SettingEntity } from '../settings/entities/setting.entity.js';
import type { UserEntity } from './entities/user.entity.js';

/** The user's queues by name, each with its join row as the family's client reads it. */
export function userQueues(entity: Pick<UserEntity, 'id' | 'queues'>): User['queues'] {
  return (entity.queues ?? [])
    .map((q) => ({ id: q.id, name: q.name, color: q.color, UserQueue: { userId: entity.id, queueId: q.id } }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    companyId: entity.companyId,
    name: entity.name,
    email: entity.email,
    profile: entity.profile,
    super: !!entity.super,
    allTicket: entity.allTicket,
    whatsappId: entity.whatsappId,
    language: entity.language,
    queues: userQueues(entity),
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

export function toSessionUser(entity: UserEntity, company: CompanyEntity, settings: SettingEntity[]): SessionUser {
  const user = toUser(entity);
  const manager = can(user, 'settings:manage');
  return {
    ...user,
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate ? company.dueDate.toISOString() : NEVER_EXPIRES,
      settings: settings
        .filter((s) => (manager || !isSecretSetting(s.key)) && (company.isPlatform || !isPlatformSetting(s.key)))
        .map((s) => ({ key: s.key, value: s.value })),
    },
  };
}
