import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JOB_QUEUES, type JobQueues } from '../jobs/jobs.module.js';
import { SessionsService } from './sessions.service.js';

const HOUR = 3_600_000;

/** Hourly purge of spent refresh tokens and long-ended sessions, run on whichever node is free. */
@Injectable()
export class SessionHousekeeping implements OnApplicationBootstrap {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    @Inject(JOB_QUEUES) private readonly queues: JobQueues,
    private readonly sessions: SessionsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.queues.housekeeping;
    queue.process(async () => {
      const purged = await this.sessions.purgeExpired();
      if (purged.tokens || purged.sessions)
        this.logger.log(`purged ${purged.tokens} refresh tokens, ${purged.sessions} sessions`);
    });
    await queue.add({}, { jobId: 'purge-sessions', repeatEveryMs: HOUR });
  }
}
