import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isDeadlock } from '../../database/unique-violation.js';
import { KeyedLock } from './keyed-lock.js';

const DEADLOCK_ATTEMPTS = 3;

/**
 * Write transactions of the conversation core. On MySQL/MariaDB each runs under an in-process lock
 * on its key (a contact, a ticket), so one contact's burst is handled in order while the database's
 * unique keys guard against other server processes. The embedded SQLite has a single connection
 * that TypeORM shares between callers, so two interleaved transactions there would mix their
 * statements: all of ours run one at a time (SQLite has one writer anyway).
 */
@Injectable()
export class Transactions {
  private readonly locks = new KeyedLock();
  private readonly sqlite: boolean;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.sqlite = db.options.type === 'better-sqlite3';
  }

  /** `committed` runs after the commit while the key is still held (to send events in commit order). */
  run<T>(key: string, work: (em: EntityManager) => Promise<T>, committed?: (result: T) => void): Promise<T> {
    return this.locks.run(this.sqlite ? 'sqlite' : key, async () => {
      const result = await this.retryingDeadlocks(work);
      committed?.(result);
      return result;
    });
  }

  /**
   * InnoDB resolves a deadlock by rolling one transaction back; the documented remedy is to run it
   * again. Our writers take locks in one order, so this covers writers outside that order (another
   * server version, a manual script) rather than a routine path.
   */
  private async retryingDeadlocks<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.transaction(work);
      } catch (error) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }

  /** A single statement outside a transaction, still kept apart from SQLite's open transactions. */
  single<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.sqlite ? this.locks.run('sqlite', () => work(this.db.manager)) : work(this.db.manager);
  }
}
