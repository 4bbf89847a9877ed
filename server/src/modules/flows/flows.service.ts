import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  FLOW_LIMITS,
  V,
  validateFlowGraph,
  type Flow,
  type FieldError,
  type FlowGraph,
  type FlowNode,
  type FlowUpload,
  type FlowWithGraph,
} from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { readParts } from '../../common/multipart.js';
import { findInCompany, searchPage, type ListQuery } from '../../common/pagination.js';
import { PromptEntity } from '../ai/entities/prompt.entity.js';
import { QueueIntegrationEntity } from '../integrations/entities/queue-integration.entity.js';
import { displayName } from '../media/attachment.js';
import { QueueEntity } from '../queues/entities/queue.entity.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { FlowEntity, FlowVersionEntity } from './entities/flow.entity.js';
import { FlowRunner } from './flow-runner.js';

/** The kinds of file a block sends, each with the types its bytes may prove to be and its cap. */
export const FLOW_UPLOADS = {
  img: { types: /^image\/(jpeg|png|gif|webp)$/, max: FLOW_LIMITS.uploadBytes.img },
  audio: { types: /^audio\/(mpeg|ogg|mp4|aac|wav|x-wav|webm|opus)$/, max: FLOW_LIMITS.uploadBytes.audio },
  video: { types: /^video\/(mp4|webm|3gpp|quicktime)$/, max: FLOW_LIMITS.uploadBytes.video },
} as const;
export type FlowUploadKind = keyof typeof FLOW_UPLOADS | 'content';

const MAX_CONTENT_FILES = FLOW_LIMITS.contentElements;

/**
 * The flow builder's flows (spec 2 §7 Flow builder): named, searched and paged, renamed,
 * duplicated, deleted; their drawings saved as published versions, each checked whole before it
 * is kept; the files their blocks send.
 */
@Injectable()
export class FlowsService {
  private readonly flows: Repository<FlowEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly media: MediaStore,
    private readonly realtime: RealtimeService,
    private readonly runner: FlowRunner,
  ) {
    this.flows = db.getRepository(FlowEntity);
  }

  async page(auth: AuthUser, query: ListQuery): Promise<{ flows: Flow[]; count: number; hasMore: boolean }> {
    const qb = this.flows.createQueryBuilder('f').where('f.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(f.name)'],
      order: [
        ['f.name', 'ASC'],
        ['f.id', 'ASC'],
      ],
    });
    const active = await this.activeOf(rows.map((r) => r.id));
    return { flows: rows.map((row) => toFlow(row, active.has(row.id))), count, hasMore };
  }

  async create(auth: AuthUser, name: string): Promise<Flow> {
    const { id } = await this.flows.save(this.flows.create({ companyId: auth.companyId, name, version: 0 }));
    return this.announce(auth.companyId, id, 'create');
  }

  async rename(auth: AuthUser, id: number, name: string): Promise<Flow> {
    await this.load(auth.companyId, id);
    await this.flows.update({ id, companyId: auth.companyId }, { name });
    return this.announce(auth.companyId, id, 'update');
  }

  /** The flow, its versions and its phrases go; conversations running on it stop where they are. */
  async remove(auth: AuthUser, id: number): Promise<{ message: string }> {
    const flow = await this.load(auth.companyId, id);
    await this.runner.flowDeleted(auth.companyId, id, flow.name);
    await this.flows.delete({ id, companyId: auth.companyId });
    this.realtime.toCompany(auth.companyId, 'flowbuilder', { action: 'delete', flowId: id });
    return { message: 'Flow deleted' };
  }

  /** A new flow under the name "… (cópia)", its latest drawing as its first version. */
  async duplicate(auth: AuthUser, id: number): Promise<Flow> {
    const source = await this.load(auth.companyId, id);
    const graph = await this.latest(source);
    const name = `${source.name.slice(0, 50 - ' (cópia)'.length)} (cópia)`;
    const copyId = await this.db.transaction(async (em) => {
      const copy = await em.save(em.create(FlowEntity, { companyId: auth.companyId, name, version: graph ? 1 : 0 }));
      if (graph) await this.insertVersion(em, auth.companyId, copy.id, 1, graph);
      return copy.id;
    });
    return this.announce(auth.companyId, copyId, 'create');
  }

  async withGraph(auth: AuthUser, id: number): Promise<{ flow: FlowWithGraph }> {
    const flow = await this.load(auth.companyId, id);
    const active = await this.activeOf([id]);
    return { flow: { ...toFlow(flow, active.has(id)), flow: await this.latest(flow) } };
  }

  /**
   * Publishes a drawing as the flow's next version, once it proves runnable (validateFlowGraph: a
   * 400 whose fields name each node at fault). Conversations already running keep their version.
   */
  async save(auth: AuthUser, id: number, graph: FlowGraph): Promise<{ flow: FlowWithGraph }> {
    await this.load(auth.companyId, id);
    assertRunnable(graph);
    await assertOwnRefs(this.db.manager, auth.companyId, graph);
    const clean: FlowGraph = { nodes: graph.nodes, connections: graph.connections };
    await this.db.transaction(async (em) => {
      // The increment comes first: it locks the flow's row, so two saves of one flow get a version each.
      await em.increment(FlowEntity, { id, companyId: auth.companyId }, 'version', 1);
      const { version } = await em.findOneByOrFail(FlowEntity, { id });
      await this.insertVersion(em, auth.companyId, id, version, clean);
    });
    this.realtime.toCompany(auth.companyId, 'flowbuilder', {
      action: 'update',
      flow: await this.summary(auth.companyId, id),
    });
    return this.withGraph(auth, id);
  }

  /**
   * A file for a block, kept under the company's media: its bytes must prove it an image, an audio
   * or a video (as the route says) within that kind's cap; `content` takes several of any kind.
   */
  async upload(auth: AuthUser, kind: FlowUploadKind, request: FastifyRequest): Promise<FlowUpload | FlowUpload[]> {
    const { files } = await readParts(request, 'medias', {
      limits: { fileSize: FLOW_LIMITS.uploadBytes.video, files: kind === 'content' ? MAX_CONTENT_FILES : 1 },
      throwFileSizeLimit: false,
    });
    const medias = files.filter((f) => f.fieldname === 'medias');
    if (!medias.length) throw refuse(V.required);
    const checked: { data: Buffer; name: string; mimetype: string }[] = [];
    for (const part of medias) {
      const type = await this.media.typeOf(part.data);
      const fits = (Object.keys(FLOW_UPLOADS) as (keyof typeof FLOW_UPLOADS)[]).filter((k) =>
        type ? FLOW_UPLOADS[k].types.test(type) : false,
      );
      const accepted = kind === 'content' ? fits[0] : fits.find((k) => k === kind);
      if (!part.data.length) throw refuse(V.required);
      if (!accepted || !type) throw refuse(V.fileType);
      const max = FLOW_UPLOADS[accepted].max;
      if (part.truncated || part.data.length > max) throw refuse(V.fileTooLarge, { max: max / (1024 * 1024) });
      checked.push({ data: part.data, name: displayName(part.filename) || `${accepted}`, mimetype: type });
    }
    const stored: FlowUpload[] = [];
    for (const file of checked) {
      const url = await this.media.save(companyFolder(auth.companyId), file.data, file.name);
      stored.push({ name: file.name, url, mimetype: file.mimetype });
    }
    return kind === 'content' ? stored : stored[0];
  }

  /** A version's drawing, by its id, for the runtime (which checks the company itself). */
  async version(companyId: number, versionId: number): Promise<FlowGraph | null> {
    const row = await this.db.getRepository(FlowVersionEntity).findOneBy({ id: versionId, companyId });
    return row ? (JSON.parse(row.graph) as FlowGraph) : null;
  }

  /** The flow's latest published version (id and drawing), or null while never saved. */
  async published(companyId: number, flowId: number): Promise<{ id: number; graph: FlowGraph } | null> {
    const row = await this.db
      .getRepository(FlowVersionEntity)
      .findOne({ where: { flowId, companyId }, order: { version: 'DESC' } });
    return row ? { id: row.id, graph: JSON.parse(row.graph) as FlowGraph } : null;
  }

  /** The list's view of a flow, for events of other modules (a run started or ended). */
  async summary(companyId: number, id: number): Promise<Flow> {
    const flow = await this.load(companyId, id);
    return toFlow(flow, (await this.activeOf([id])).has(id));
  }

  async load(companyId: number, id: number): Promise<FlowEntity> {
    return findInCompany(this.flows, companyId, id, 'ERR_NOT_FOUND');
  }

  private async latest(flow: FlowEntity): Promise<FlowGraph | null> {
    if (!flow.version) return null;
    const row = await this.db
      .getRepository(FlowVersionEntity)
      .findOneBy({ flowId: flow.id, version: flow.version, companyId: flow.companyId });
    return row ? (JSON.parse(row.graph) as FlowGraph) : null;
  }

  private async insertVersion(em: EntityManager, companyId: number, flowId: number, version: number, graph: FlowGraph) {
    await em.insert(FlowVersionEntity, { companyId, flowId, version, graph: JSON.stringify(graph) });
  }

  /** Of these flows, those with a conversation running on one of their versions. */
  private async activeOf(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = (await this.db.query(
      `SELECT DISTINCT v.flowId AS flowId FROM flow_runs r INNER JOIN flow_versions v ON v.id = r.flowVersionId ` +
        `WHERE r.liveTicketId IS NOT NULL AND v.flowId IN (${ids.map(() => '?').join(', ')})`,
      ids,
    )) as { flowId: number }[];
    return new Set(rows.map((r) => Number(r.flowId)));
  }

  private async announce(companyId: number, id: number, action: 'create' | 'update'): Promise<Flow> {
    const flow = await this.summary(companyId, id);
    this.realtime.toCompany(companyId, 'flowbuilder', { action, flow });
    return flow;
  }
}

/** The ids and files a block names: a queue, an integration, a prompt, a media URL each. */
function refsOf(
  node: FlowNode,
): { kind: 'queue' | 'integration' | 'prompt' | 'media'; field: string; value: unknown }[] {
  const data = node.data as Record<string, unknown>;
  switch (node.type) {
    case 'ticket':
      return [{ kind: 'queue', field: 'data.data.id', value: (data.data as { id?: unknown } | undefined)?.id }];
    case 'typebot':
      return [{ kind: 'integration', field: 'data.integrationId', value: data.integrationId }];
    case 'openai':
      return [{ kind: 'prompt', field: 'data.promptId', value: data.promptId }];
    case 'img':
    case 'audio':
    case 'video':
      return [{ kind: 'media', field: 'data.url', value: data.url }];
    case 'singleBlock':
      return ((data.elements ?? []) as { type?: unknown; value?: unknown }[]).flatMap((element, i) =>
        element.type === 'img' || element.type === 'audio' || element.type === 'video'
          ? [{ kind: 'media' as const, field: `data.elements[${i}].value`, value: element.value }]
          : [],
      );
    default:
      return [];
  }
}

/** The folder under /public a media URL (a path, or a whole URL) names, if any. */
function mediaFolderOf(url: string): string | null {
  let path = url.trim();
  try {
    path = new URL(path, 'http://flow.invalid').pathname;
  } catch {
    return null;
  }
  return /^\/public\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/**
 * The queues, integrations, prompts and files a drawing names must be the company's own: another
 * company's (or a missing) one is refused like the other forms refuse it (400 `validation.oneOf`
 * on the block's field, `params.node` naming the block), so no run ever carries it onto a ticket.
 */
export async function assertOwnRefs(em: EntityManager, companyId: number, graph: FlowGraph): Promise<void> {
  const refs = graph.nodes.flatMap((node) => refsOf(node).map((ref) => ({ ...ref, node })));
  const idsOf = (kind: 'queue' | 'integration' | 'prompt') => [
    ...new Set(refs.filter((r) => r.kind === kind).map((r) => Number(r.value))),
  ];
  const owned = async (
    entity: typeof QueueEntity | typeof QueueIntegrationEntity | typeof PromptEntity,
    ids: number[],
  ) => {
    const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!valid.length) return new Set<number>();
    const rows = await em.find(entity, { where: { companyId, id: In(valid) }, select: { id: true } });
    return new Set(rows.map((r) => Number(r.id)));
  };
  const [queues, integrations, prompts] = await Promise.all([
    owned(QueueEntity, idsOf('queue')),
    owned(QueueIntegrationEntity, idsOf('integration')),
    owned(PromptEntity, idsOf('prompt')),
  ]);
  const own = { queue: queues, integration: integrations, prompt: prompts };
  const fields: FieldError[] = [];
  for (const ref of refs) {
    const ok =
      ref.kind === 'media'
        ? typeof ref.value === 'string' && [null, companyFolder(companyId) as string].includes(mediaFolderOf(ref.value))
        : own[ref.kind].has(Number(ref.value));
    if (!ok) fields.push({ field: ref.field, message: V.oneOf, params: { node: ref.node.id, type: ref.node.type } });
  }
  if (fields.length) throw new DomainError('ERR_VALIDATION', { fields });
}

/** A 400 naming every node (or line) that keeps the drawing from running. */
export function assertRunnable(graph: FlowGraph): void {
  const fields = validateFlowGraph(graph);
  if (fields.length) throw new DomainError('ERR_VALIDATION', { fields });
}

function refuse(message: string, params?: Record<string, unknown>): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field: 'medias', message, ...(params ? { params } : {}) }] });
}

function toFlow(row: FlowEntity, active: boolean): Flow {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    active,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
