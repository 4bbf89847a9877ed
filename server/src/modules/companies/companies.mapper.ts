import type { Company, SettingEntry } from '@atendo/shared';
import { toPlan } from '../plans/plans.mapper.js';
import type { CompanyEntity } from './entities/company.entity.js';

export function toCompany(c: CompanyEntity, settings?: SettingEntry[]): Company {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    planId: c.planId,
    ...(c.plan ? { plan: toPlan(c.plan) } : {}),
    status: !!c.status,
    dueDate: c.dueDate ? c.dueDate.toISOString() : null,
    recurrence: c.recurrence,
    isPlatform: !!c.isPlatform,
    schedules: c.schedules ?? [],
    ...(settings ? { settings } : {}),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
