import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  campaignSettingsFromRows,
  type CampaignSettingRow,
  type CampaignSettings,
} from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource, type Repository } from 'typeorm';
import { CampaignSettingEntity } from './entities/campaign-setting.entity.js';

/** How long a node trusts a company's settings: a change reaches the pace of a running campaign within this. */
const CACHE_MS = 5_000;

/** The company's campaign settings, stored as the existing clients read them (one JSON value per key). */
@Injectable()
export class CampaignSettingsService {
  private readonly rows: Repository<CampaignSettingEntity>;
  private readonly cache = new LRUCache<number, CampaignSettings>({ max: 10_000, ttl: CACHE_MS });

  constructor(@InjectDataSource() db: DataSource) {
    this.rows = db.getRepository(CampaignSettingEntity);
  }

  /** Every key, the defaults filled in for keys never saved. */
  async list(companyId: number): Promise<CampaignSettingRow[]> {
    const settings = await this.read(companyId);
    return (Object.keys(CAMPAIGN_SETTINGS_DEFAULTS) as (keyof CampaignSettings)[]).map((key) => ({
      key,
      value: JSON.stringify(settings[key]),
    }));
  }

  async read(companyId: number): Promise<CampaignSettings> {
    const cached = this.cache.get(companyId);
    if (cached) return cached;
    const rows = await this.rows.find({ where: { companyId }, select: { key: true, value: true } });
    const settings = campaignSettingsFromRows(rows);
    this.cache.set(companyId, settings);
    return settings;
  }

  async save(companyId: number, settings: CampaignSettings): Promise<CampaignSettingRow[]> {
    const now = new Date();
    for (const key of Object.keys(CAMPAIGN_SETTINGS_DEFAULTS) as (keyof CampaignSettings)[]) {
      await this.rows.upsert({ companyId, key, value: JSON.stringify(settings[key]), updatedAt: now }, [
        'companyId',
        'key',
      ]);
    }
    this.cache.delete(companyId);
    return this.list(companyId);
  }
}
