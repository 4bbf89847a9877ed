import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CampaignFigures, toCampaign } from '../campaigns/campaign-figures.js';
import { RealtimeService } from '../realtime/realtime.service.js';

/** A running campaign's counts go out at most this often (per node). */
const PROGRESS_EVERY_MS = 1_000;

/** The one place a campaign's `update` is built and sent: with its relations and counts. */
@Injectable()
export class CampaignEvents implements OnModuleDestroy {
  private readonly logger = new Logger('CampaignEvents');
  private readonly due = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly figures: CampaignFigures,
    private readonly realtime: RealtimeService,
  ) {}

  onModuleDestroy(): void {
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }

  /** Announces the campaign as it is now, with its counts. */
  async updated(companyId: number, id: number, action: 'create' | 'update' = 'update'): Promise<void> {
    const campaign = await this.figures.shown(companyId, id);
    if (!campaign) return;
    // Read now (an event at most every second), and while it runs kept for its report polls too.
    const totals =
      campaign.status === 'EM_ANDAMENTO'
        ? (await this.figures.runningNow(id)).totals
        : (await this.figures.totals([id])).get(id);
    this.realtime.toCompany(companyId, 'campaign', { action, record: toCampaign(campaign, totals) });
  }

  /** Sends happened: an update with the counts follows within a second, one per second at most. */
  progressed(companyId: number, id: number): void {
    if (this.due.has(id)) return;
    const timer = setTimeout(() => {
      this.due.delete(id);
      this.updated(companyId, id).catch((error: unknown) =>
        this.logger.warn(`campaign ${id}: progress not sent: ${String(error)}`),
      );
    }, PROGRESS_EVERY_MS);
    timer.unref();
    this.due.set(id, timer);
  }
}
