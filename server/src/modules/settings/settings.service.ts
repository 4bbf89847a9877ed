import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  can,
  defaultSettings,
  isPlatformSetting,
  isSecretSetting,
  isSettingKey,
  rooms,
  settingUpdateSchema,
  type SettingEntry,
  type SettingKey,
} from '@atendo/shared';
import { EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { validated } from '../../common/validation.pipe.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { SettingEntity } from './entities/setting.entity.js';

@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * Every signed-in user reads them (agents' screens depend on them); secrets only their managers,
   * and the platform's own keys only the platform company.
   */
  async list(auth: AuthUser): Promise<SettingEntry[]> {
    const rows = await this.settings.find({ where: { companyId: auth.companyId }, order: { key: 'ASC' } });
    const manager = can(auth, 'settings:manage');
    const platform = await this.isPlatform(auth.companyId);
    return rows
      .filter(({ key }) => (manager || !isSecretSetting(key)) && (platform || !isPlatformSetting(key)))
      .map(({ key, value }) => ({ key, value }));
  }

  /** A platform key set by another company answers as a key that does not exist: it has none. */
  async update(auth: AuthUser, key: string, body: unknown): Promise<SettingEntry> {
    if (!isSettingKey(key)) throw new DomainError('ERR_NO_SETTING_FOUND');
    if (isPlatformSetting(key) && !(await this.isPlatform(auth.companyId))) {
      throw new DomainError('ERR_NO_SETTING_FOUND');
    }
    const { value } = await validated(settingUpdateSchema(key), body);
    await this.set(auth.companyId, key, value);
    return { key, value };
  }

  /**
   * Sets one setting of a company and tells its screens (also for the company form's campaigns
   * switch). A secret one is told only to the sockets of those who may read it.
   */
  async set(companyId: number, key: SettingKey, value: string): Promise<void> {
    const existing = await this.settings.findOneBy({ companyId, key });
    if (existing) await this.settings.update({ id: existing.id }, { value });
    else await this.settings.insert({ companyId, key, value });
    const to = isSecretSetting(key) ? rooms.permission(companyId, 'settings:manage') : rooms.company(companyId);
    this.realtime.toRooms([to], companyId, 'settings', { action: 'update', setting: { key, value } });
  }

  private async isPlatform(companyId: number): Promise<boolean> {
    return !!(await this.companies.findOne({ where: { id: companyId }, select: { id: true, isPlatform: true } }))
      ?.isPlatform;
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
