import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { CustomerMessages } from '../conversations/customer-messages.js';
import { JobWork } from '../jobs/job-work.js';
import { JOB_QUEUES, type JobQueues } from '../jobs/jobs.module.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { CampaignRunner } from './campaign-runner.js';
import { PaceService } from './pace.service.js';
import { ScheduleRunner } from './schedule-runner.js';

type DispatchJob = { kind: 'sweep' } | { kind: 'schedules' } | { kind: 'connection'; whatsappId: number };

/** How often some node looks for work: due schedules and campaigns, lapsed claims, connections back. */
export const DISPATCH_SWEEP_MS = 2_000;
/** Jobs one node runs at once: the sweep, the schedules and a slice per connection. */
const CONCURRENCY = 8;

/**
 * Wakes the work of scheduled messages and campaigns (see docs/architecture.md, Dispatcher). The
 * queue (BullMQ on Redis, else in process) only says "look now"; the rows are the record, so a lost
 * or doubled job changes nothing: a job id per kind of work and period keeps the queue short, one
 * slice per kind of work runs on a node, and the claims on the rows keep each send to one sender.
 */
@Injectable()
export class Dispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Dispatcher');
  private readonly work = new JobWork(this.logger);
  /** The slices running on this node, by what they send for. */
  private readonly slices = new Set<string>();

  constructor(
    @Inject(JOB_QUEUES) private readonly queues: JobQueues,
    @InjectDataSource() private readonly db: DataSource,
    private readonly campaigns: CampaignRunner,
    private readonly schedules: ScheduleRunner,
    private readonly pace: PaceService,
    customerMessages: CustomerMessages,
  ) {
    customerMessages.listen(async (message) => {
      const confirmed = await this.campaigns.confirmed(message.companyId, message.whatsappId, message.number);
      if (confirmed) await this.wakeConnection(message.whatsappId);
    });
  }

  private get queue() {
    return this.queues.dispatch;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.queue.process((data) => this.run(data as DispatchJob), CONCURRENCY);
    await this.queue.add({ kind: 'sweep' }, { jobId: 'dispatch-sweep', repeatEveryMs: DISPATCH_SWEEP_MS });
    // A restart picks up what was due while it was down without waiting for the first period.
    await this.add({ kind: 'sweep' }, 'dispatch-sweep-at-start');
  }

  async onModuleDestroy(): Promise<void> {
    await this.work.stop();
  }

  /** Look for due work now (a schedule or campaign saved for now). Never fails: the sweep catches up. */
  async wake(): Promise<void> {
    await this.add({ kind: 'sweep' }, 'dispatch-sweep-now');
  }

  async wakeSchedules(): Promise<void> {
    await this.add({ kind: 'schedules' }, 'dispatch-schedules');
  }

  async wakeConnection(whatsappId: number): Promise<void> {
    await this.add({ kind: 'connection', whatsappId }, `dispatch-connection-${whatsappId}`);
  }

  /**
   * One job per kind of work and sweep period: wakes within a period make one job. The period is
   * in the id so that a job a killed worker left running (BullMQ keeps its id until it notices the
   * stall, up to a minute later) never holds up the next period's.
   */
  private async add(job: DispatchJob, key: string): Promise<void> {
    const jobId = `${key}-${Math.floor(Date.now() / DISPATCH_SWEEP_MS)}`;
    await this.queue
      .add(job, { jobId })
      .catch((error: unknown) => this.logger.warn(`${key} not queued: ${String(error)}`));
  }

  /**
   * The queue's handler (see JobWork.run: it never fails). A slice already running on this node
   * takes the new work in its own loop; another node's may run at the same time, which the rows'
   * claims and the connection's pace make harmless.
   */
  private async run(job: DispatchJob): Promise<void> {
    const stopping = () => this.work.stopping;
    if (job.kind === 'sweep') return this.work.run('sweep', () => this.sweep());
    const key = job.kind === 'schedules' ? 'schedules' : `connection ${job.whatsappId}`;
    if (this.slices.has(key)) return;
    this.slices.add(key);
    try {
      await this.work.run(key, () =>
        job.kind === 'schedules'
          ? this.schedules.run(stopping)
          : this.campaigns.runConnection(job.whatsappId, stopping, (ms) => this.work.sleep(ms)),
      );
    } finally {
      this.slices.delete(key);
    }
  }

  /** Starts what is due and wakes every connection with rows to send; resumes connections that came back. */
  async sweep(): Promise<void> {
    await this.campaigns.startDue();
    if (await this.schedules.anyDue()) await this.wakeSchedules();
    const connections = await this.campaigns.connectionsWithWork();
    if (connections.length) {
      const connected = await this.db.getRepository(WhatsappEntity).find({
        where: { id: In(connections), status: 'CONNECTED' },
        select: { id: true },
      });
      for (const { id } of connected) {
        await this.pace.resume(id);
        await this.wakeConnection(id);
      }
    }
    await this.campaigns.finishDone();
  }
}
