import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { V, type FlowCampaign } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany } from '../../common/pagination.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { FlowCampaignEntity, FlowEntity } from './entities/flow.entity.js';
import { normalized } from './flow-engine.js';

export interface FlowCampaignInput {
  name: string;
  flowId: number;
  whatsappId: number;
  phrase: string;
  status: boolean;
}

/** A company's phrase lists hold few rows: the page shows them all, up to this many. */
const LIST_LIMIT = 500;

/**
 * Phrase-triggered flows (spec 2 §7 Flow campaigns): a phrase on a connection starts a flow. The
 * active phrases of a connection are kept 10 s per node for the inbound path (a change on this
 * node applies at once).
 */
@Injectable()
export class FlowCampaignsService {
  private readonly campaigns: Repository<FlowCampaignEntity>;
  private readonly active = new LRUCache<number, { flowId: number; phrase: string }[]>({ max: 10_000, ttl: 10_000 });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
  ) {
    this.campaigns = db.getRepository(FlowCampaignEntity);
  }

  async list(auth: AuthUser): Promise<FlowCampaign[]> {
    const rows = await this.campaigns.find({
      where: { companyId: auth.companyId },
      relations: { flow: true, whatsapp: true },
      order: { name: 'ASC', id: 'ASC' },
      take: LIST_LIMIT,
    });
    return rows.map(toFlowCampaign);
  }

  async findOne(auth: AuthUser, id: number): Promise<FlowCampaign> {
    return toFlowCampaign(await this.load(auth.companyId, id));
  }

  async create(auth: AuthUser, input: FlowCampaignInput): Promise<FlowCampaign> {
    await this.assertRefs(auth.companyId, input);
    const { id } = await this.campaigns.save(this.campaigns.create({ ...columns(input), companyId: auth.companyId }));
    return this.announce(auth.companyId, id, 'create', input.whatsappId);
  }

  async update(auth: AuthUser, id: number, input: FlowCampaignInput): Promise<FlowCampaign> {
    const existing = await this.load(auth.companyId, id);
    await this.assertRefs(auth.companyId, input);
    await this.campaigns.update({ id, companyId: auth.companyId }, columns(input));
    this.active.delete(existing.whatsappId);
    return this.announce(auth.companyId, id, 'update', input.whatsappId);
  }

  async remove(auth: AuthUser, id: number): Promise<{ message: string }> {
    const existing = await this.load(auth.companyId, id);
    await this.campaigns.delete({ id, companyId: auth.companyId });
    this.active.delete(existing.whatsappId);
    this.realtime.toCompany(auth.companyId, 'flowcampaign', { action: 'delete', flowCampaignId: id });
    return { message: 'Flow campaign deleted' };
  }

  /**
   * The flow a customer's words start on this connection: an active phrase found in them as whole
   * words, case and accents aside (the longest phrase first, so "quero comprar" wins over "comprar").
   * A caller inside a transaction passes its `em`: that transaction holds a pooled connection, and
   * asking the pool for another from there can starve it.
   */
  async flowFor(
    companyId: number,
    whatsappId: number,
    text: string,
    em: EntityManager = this.db.manager,
  ): Promise<number | null> {
    let phrases = this.active.get(whatsappId);
    if (!phrases) {
      const rows = await em.getRepository(FlowCampaignEntity).find({
        where: { companyId, whatsappId, status: true },
        select: { flowId: true, phrase: true },
      });
      phrases = rows
        .map((r) => ({ flowId: r.flowId, phrase: normalized(r.phrase) }))
        .filter((r) => r.phrase)
        .sort((a, b) => b.phrase.length - a.phrase.length);
      this.active.set(whatsappId, phrases);
    }
    if (!phrases.length) return null;
    const said = ` ${words(text)} `;
    return phrases.find((p) => said.includes(` ${words(p.phrase)} `))?.flowId ?? null;
  }

  private async load(companyId: number, id: number): Promise<FlowCampaignEntity> {
    await findInCompany(this.campaigns, companyId, id, 'ERR_NOT_FOUND');
    return this.campaigns.findOneOrFail({ where: { id }, relations: { flow: true, whatsapp: true } });
  }

  /** The flow and the connection must be the company's: another's is refused like an unknown one. */
  private async assertRefs(companyId: number, input: FlowCampaignInput): Promise<void> {
    const fields: { field: string; message: string }[] = [];
    if (!(await this.db.getRepository(FlowEntity).existsBy({ id: input.flowId, companyId }))) {
      fields.push({ field: 'flowId', message: V.oneOf });
    }
    if (!(await this.db.getRepository(WhatsappEntity).existsBy({ id: input.whatsappId, companyId }))) {
      fields.push({ field: 'whatsappId', message: V.oneOf });
    }
    if (fields.length) throw new DomainError('ERR_VALIDATION', { fields });
  }

  private async announce(companyId: number, id: number, action: 'create' | 'update', whatsappId: number) {
    this.active.delete(whatsappId);
    const flowCampaign = toFlowCampaign(await this.load(companyId, id));
    this.realtime.toCompany(companyId, 'flowcampaign', { action, flowCampaign });
    return flowCampaign;
  }
}

/** Words only, one space between them: punctuation does not keep a phrase from matching. */
function words(text: string): string {
  return normalized(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const columns = (input: FlowCampaignInput) => ({
  name: input.name,
  flowId: input.flowId,
  whatsappId: input.whatsappId,
  phrase: input.phrase,
  status: input.status,
});

function toFlowCampaign(row: FlowCampaignEntity): FlowCampaign {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    flowId: row.flowId,
    whatsappId: row.whatsappId,
    phrase: row.phrase,
    status: !!row.status,
    flow: row.flow ? { id: row.flow.id, name: row.flow.name } : null,
    whatsapp: row.whatsapp ? { id: row.whatsapp.id, name: row.whatsapp.name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
