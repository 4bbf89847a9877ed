import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JOB_QUEUES, type JobQueues } from '../jobs/jobs.module.js';
import { InvoicesService } from './invoices.service.js';

const HOUR = 3_600_000;
/** A failed run (the database away for a moment) is tried again, with backoff, before the next hour. */
const ATTEMPTS = 3;

/**
 * Issues the invoices that have come due, hourly and once at start, on whichever node takes the
 * job. Retries and overlapping runs create nothing twice: see InvoicesService.issueDue.
 */
@Injectable()
export class InvoiceIssuingJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('Invoices');

  constructor(
    @Inject(JOB_QUEUES) private readonly queues: JobQueues,
    private readonly invoices: InvoicesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.queues.invoices;
    queue.process(async () => {
      const created = await this.invoices.issueDue();
      if (created) this.logger.log(`issued ${created} invoice(s)`);
    });
    await queue.add({}, { jobId: 'issue-invoices', repeatEveryMs: HOUR, attempts: ATTEMPTS });
    await queue.add({}, { jobId: 'issue-invoices-at-start', attempts: ATTEMPTS });
  }
}
