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
import { isDeadlock } from '../../database/unique-violation.js';
import { KeyedLock } from '../conversations/keyed-lock.js';
import { CampaignSettingEntity } from './entities/campaign-setting.entity.js';

/** How long a node trusts a company's settings: a change reaches the pace of a running campaign within this. */
const CACHE_MS = 5_000;
/** Tries of a save InnoDB picked as a deadlock's victim (two nodes saving one company's keys at once). */
const SAVE_ATTEMPTS = 5;

/** The company's campaign settings, stored as the existing clients read them (one JSON value per key). */
@Injectable()
export class CampaignSettingsService {
  private readonly rows: Repository<CampaignSettingEntity>;
  private readonly cache = new LRUCache<number, CampaignSettings>({ max: 10_000, ttl: CACHE_MS });
  /** A company's saves on this node, one at a time. */
  private readonly saving = new KeyedLock();

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

  /**
   * Every key in one statement that inserts or updates (`INSERT … ON DUPLICATE KEY UPDATE`,
   * SQLite's `ON CONFLICT`), so no save can fail on the unique key another one just wrote. It is
   * not read back: on MySQL/MariaDB an updated row gives no insert id, and TypeORM's read of its
   * defaults then failed (500 on saves racing to create a company's rows). Saves of one company
   * run one at a time on a node; across nodes InnoDB may still make one a deadlock's victim, which
   * is run again.
   */
  async save(companyId: number, settings: CampaignSettings): Promise<CampaignSettingRow[]> {
    await this.saving.run(String(companyId), async () => {
      const now = new Date();
      const rows = (Object.keys(CAMPAIGN_SETTINGS_DEFAULTS) as (keyof CampaignSettings)[]).map((key) => ({
        companyId,
        key,
        value: JSON.stringify(settings[key]),
        updatedAt: now,
      }));
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.rows
            .createQueryBuilder()
            .insert()
            .values(rows)
            .orUpdate(['value', 'updatedAt'], ['companyId', 'key'])
            .updateEntity(false)
            .execute();
          break;
        } catch (error) {
          if (attempt >= SAVE_ATTEMPTS || !isDeadlock(error)) throw error;
        }
      }
    });
    this.cache.delete(companyId);
    return this.list(companyId);
  }
}
