import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  can,
  defaultSettings,
  isSecretSetting,
  isSettingKey,
  settingUpdateSchema,
  type SettingEntry,
  type SettingKey,
} from '@atendo/shared';
import { EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { validated } from '../../common/validation.pipe.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { SettingEntity } from './entities/setting.entity.js';

@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    private readonly realtime: RealtimeService,
  ) {}

  /** Every signed-in user reads them (agents' screens depend on them); secrets only their managers. */
  async list(auth: AuthUser): Promise<SettingEntry[]> {
    const rows = await this.settings.find({ where: { companyId: auth.companyId }, order: { key: 'ASC' } });
    const manager = can(auth, 'settings:manage');
    return rows.filter(({ key }) => manager || !isSecretSetting(key)).map(({ key, value }) => ({ key, value }));
  }

  async update(auth: AuthUser, key: string, body: unknown): Promise<SettingEntry> {
    if (!isSettingKey(key)) throw new DomainError('ERR_NO_SETTING_FOUND');
    const { value } = await validated(settingUpdateSchema(key), body);
    await this.set(auth.companyId, key, value);
    return { key, value };
  }

  /** Sets one setting of a company and tells its screens (also for the company form's campaigns switch). */
  async set(companyId: number, key: SettingKey, value: string): Promise<void> {
    const existing = await this.settings.findOneBy({ companyId, key });
    if (existing) await this.settings.update({ id: existing.id }, { value });
    else await this.settings.insert({ companyId, key, value });
    this.realtime.toCompany(companyId, 'settings', { action: 'update', setting: { key, value } });
  }

  /** Every company starts with the catalogue's defaults (in the caller's transaction). */
  async createDefaults(
    em: EntityManager,
    companyId: number,
    overrides: Partial<Record<string, string>> = {},
  ): Promise<void> {
    await em.insert(
      SettingEntity,
      defaultSettings().map(({ key, value }) => ({ companyId, key, value: overrides[key] ?? value })),
    );
  }
}
