import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { fillMessageVariables } from '@atendo/shared';
import { DomainError } from '../../common/domain-error.js';
import { parameterBinder } from '../../database/compiled-select.js';
import { serverZone } from '../dashboard/dashboard.rules.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ScheduleEntity } from '../schedules/entities/schedule.entity.js';
import { toSchedule } from '../schedules/schedules.mapper.js';
import { Delivery } from './delivery.js';
import { PaceService } from './pace.service.js';

/** A claim older than this is of a node that died mid-send (a send gives up after 15 s). */
export const SCHEDULE_CLAIM_TTL_MS = 30_000;
/** Due schedules claimed at once, and sent side by side. */
const BATCH = 100;
const PARALLEL = 16;
/** A slice sends for at most this long, then gives its worker back until the next sweep. */
const SLICE_MS = 60_000;

/** The statement every read of a schedule uses: with its contact, author and ticket. */
export function scheduleQuery(repo: Repository<ScheduleEntity>) {
  return repo
    .createQueryBuilder('s')
    .leftJoinAndSelect('s.contact', 'c')
    .leftJoinAndSelect('s.user', 'u')
    .leftJoinAndSelect('s.ticket', 't');
}

/**
 * Scheduled messages on the dispatcher: due rows whose connection is connected are claimed in
 * batches by a conditional update (PENDENTE → AGENDADA, or a lapsed AGENDADA claim), sent through
 * the agents' path under the id chosen when the schedule was saved, and marked ENVIADA or ERRO.
 * Schedules are single messages a person wrote for one contact: they do not wait for the campaign
 * pace, only for a connection WhatsApp asked to slow down.
 */
@Injectable()
export class ScheduleRunner {
  private readonly logger = new Logger('Schedules');
  private readonly schedules: Repository<ScheduleEntity>;
  private readonly bind: (value: unknown) => unknown;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly delivery: Delivery,
    private readonly pace: PaceService,
    private readonly media: MediaStore,
    private readonly realtime: RealtimeService,
  ) {
    this.schedules = db.getRepository(ScheduleEntity);
    this.bind = parameterBinder(db.options.type);
  }

  /** Whether something is due now on a connected connection (or without one, to be marked ERRO). */
  async anyDue(): Promise<boolean> {
    return (await this.due(1)).length > 0;
  }

  /** Due schedules, and which of them another sender had claimed (its claim lapsed). */
  private async due(limit: number): Promise<{ id: number; lapsed: boolean }[]> {
    const stale = new Date(Date.now() - SCHEDULE_CLAIM_TTL_MS);
    const rows = (await this.db.query(
      'SELECT s.id AS id, s.status AS status FROM schedules s LEFT JOIN whatsapps w ON w.id = s.whatsappId ' +
        "WHERE (s.status = 'PENDENTE' OR (s.status = 'AGENDADA' AND s.claimedAt < ?)) AND s.sendAt <= ? " +
        "AND (s.whatsappId IS NULL OR w.status = 'CONNECTED') ORDER BY s.sendAt ASC, s.id ASC LIMIT " +
        Number(limit),
      [stale, new Date()].map(this.bind),
    )) as { id: number | string; status: string }[];
    return rows.map((row) => ({ id: Number(row.id), lapsed: row.status === 'AGENDADA' }));
  }

  async run(stopping: () => boolean): Promise<void> {
    const until = Date.now() + SLICE_MS;
    while (Date.now() < until && !stopping()) {
      const due = await this.due(BATCH);
      if (!due.length) return;
      const lapsed = new Set(due.filter((d) => d.lapsed).map((d) => d.id));
      const claimed = await this.claim(due.map((d) => d.id));
      if (!claimed.length) continue;
      const paused = await this.pace.pausedFor([
        ...new Set(claimed.flatMap((s) => (s.whatsappId ? [s.whatsappId] : []))),
      ]);
      const queue = [...claimed];
      const worker = async () => {
        for (let schedule = queue.shift(); schedule; schedule = queue.shift()) {
          if (schedule.whatsappId && paused.has(schedule.whatsappId)) await this.release(schedule);
          else await this.send(schedule, lapsed.has(schedule.id));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker));
      // Every one held back by a rate-limited connection: the sweep tries again when its pause ends.
      if (claimed.every((s) => s.whatsappId && paused.has(s.whatsappId))) return;
    }
  }

  private async claim(ids: number[]): Promise<(ScheduleEntity & { claimToken: string })[]> {
    const token = randomUUID();
    const stale = new Date(Date.now() - SCHEDULE_CLAIM_TTL_MS);
    await this.schedules
      .createQueryBuilder()
      .update(ScheduleEntity)
      .set({ status: 'AGENDADA', claimToken: token, claimedAt: new Date() })
      .where('id IN (:...ids)', { ids })
      .andWhere("(status = 'PENDENTE' OR (status = 'AGENDADA' AND claimedAt < :stale))", { stale })
      .execute();
    return (await scheduleQuery(this.schedules)
      .where('s.id IN (:...ids)', { ids })
      .andWhere('s.claimToken = :token', { token })
      .getMany()) as (ScheduleEntity & { claimToken: string })[];
  }

  private async release(schedule: ScheduleEntity & { claimToken: string }): Promise<void> {
    await this.schedules.update(
      { id: schedule.id, claimToken: schedule.claimToken },
      { status: 'PENDENTE', claimToken: null, claimedAt: null },
    );
  }

  private async send(schedule: ScheduleEntity & { claimToken: string }, retry: boolean): Promise<void> {
    const contact = schedule.contact;
    try {
      if (!schedule.whatsappId) throw new DomainError('ERR_NO_DEF_WAPP_FOUND');
      if (!contact || contact.removedAt || !contact.number) throw new DomainError('ERR_NO_CONTACT_FOUND');
      // The one who scheduled it is the agent of `{{userName}}`.
      const body = fillMessageVariables(schedule.body, {
        contact,
        userName: schedule.user?.name,
        ticketId: schedule.ticketId,
        now: new Date(),
        timeZone: serverZone(),
      });
      let outgoing: Parameters<Delivery['send']>[1] = { body };
      if (schedule.mediaPath) {
        const data = await this.media.read(companyFolder(schedule.companyId), schedule.mediaPath);
        if (!data) throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
        outgoing = {
          body,
          media: {
            data,
            filename: schedule.mediaName || 'image',
            mimetype: (await this.media.typeOf(data)) ?? 'image/jpeg',
          },
          storedUrl: schedule.mediaPath,
        };
      }
      const delivered = await this.delivery.send(
        {
          companyId: schedule.companyId,
          whatsappId: schedule.whatsappId,
          contactId: contact.id,
          number: contact.number,
          name: contact.name,
        },
        outgoing,
        schedule.providerId,
        { kind: 'open', userId: schedule.userId },
        retry,
      );
      await this.mark(schedule, { status: 'ENVIADA', sentAt: new Date(), ticketId: delivered.ticketId, error: null });
    } catch (error) {
      const code = error instanceof DomainError ? error.code : 'ERR_SENDING_WAPP_MSG';
      if (code === 'ERR_WAPP_NOT_INITIALIZED' || code === 'ERR_WAPP_UNAVAILABLE' || code === 'ERR_WAPP_RATE_LIMITED') {
        // The connection went away or asked to slow down: it goes when the connection can take it.
        if (code === 'ERR_WAPP_RATE_LIMITED') await this.pace.rateLimited(schedule.companyId, schedule.whatsappId!);
        await this.release(schedule);
        return;
      }
      if (!(error instanceof DomainError)) this.logger.warn(`schedule ${schedule.id}: ${String(error)}`);
      await this.mark(schedule, { status: 'ERRO', error: code });
    }
  }

  private async mark(
    schedule: ScheduleEntity & { claimToken: string },
    changes: Partial<ScheduleEntity>,
  ): Promise<void> {
    const result = await this.schedules.update(
      { id: schedule.id, claimToken: schedule.claimToken },
      { ...changes, claimToken: null, claimedAt: null },
    );
    if (result.affected !== 1) return;
    const saved = await scheduleQuery(this.schedules).where('s.id = :id', { id: schedule.id }).getOne();
    if (saved) this.realtime.toCompany(saved.companyId, 'schedule', { action: 'update', schedule: toSchedule(saved) });
  }
}
