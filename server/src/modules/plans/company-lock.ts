import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { KeyedLock } from '../conversations/keyed-lock.js';

/**
 * Serialises the writes of one company that count against its plan (users, queues, connections)
 * or choose among its rows (the default connection): the count and the insert that follows must
 * not interleave with another creation, or two requests at once both see room for one more. In
 * this process a chain per company orders them; between server processes (MySQL/MariaDB) a
 * transaction holds the company's row lock for the count and the insert.
 */
@Injectable()
export class CompanyLock {
  private readonly chains = new KeyedLock();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `work` in the company's turn. The embedded SQLite runs in one process and its one
   * connection is shared by every caller, so there the chain alone decides, and a transaction is
   * opened only when the work itself needs one (`transaction: true`: several writes that stand or
   * fall together).
   */
  run<T>(companyId: number, work: (em: EntityManager) => Promise<T>, { transaction = false } = {}): Promise<T> {
    return this.chains.run(String(companyId), () => {
      if (!this.config.dbUrl && !transaction) return work(this.db.manager);
      return this.db.transaction(async (em) => {
        if (this.config.dbUrl) {
          await em.findOne(CompanyEntity, { where: { id: companyId }, lock: { mode: 'pessimistic_write' } });
        }
        return work(em);
      });
    });
  }
}
