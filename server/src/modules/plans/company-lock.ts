import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';

/**
 * Serialises the writes of one company that count against its plan (users, queues): the count and
 * the insert that follows must not interleave with another creation, or two requests at once both
 * see room for one more. In this process a promise chain per company orders them; between server
 * processes (MySQL/MariaDB) a transaction holds the company's row lock for the count and the insert.
 * The embedded SQLite runs in one process, and its one connection is shared by every caller, so
 * there the chain alone decides and no transaction is opened around the caller's statements.
 */
@Injectable()
export class CompanyLock {
  private readonly chains = new Map<number, Promise<unknown>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  run<T>(companyId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
    const previous = this.chains.get(companyId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(() =>
        this.config.dbUrl
          ? this.db.transaction(async (em) => {
              await em.findOne(CompanyEntity, { where: { id: companyId }, lock: { mode: 'pessimistic_write' } });
              return work(em);
            })
          : work(this.db.manager),
      );
    this.chains.set(companyId, run);
    void run
      .catch(() => undefined)
      .then(() => {
        if (this.chains.get(companyId) === run) this.chains.delete(companyId);
      });
    return run;
  }
}
