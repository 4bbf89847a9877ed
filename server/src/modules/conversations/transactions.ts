import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { KeyedLock } from './keyed-lock.js';

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

  run<T>(key: string, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.locks.run(this.sqlite ? 'sqlite' : key, () => this.db.transaction(work));
  }

  /** A single statement outside a transaction, still kept apart from SQLite's open transactions. */
  single<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.sqlite ? this.locks.run('sqlite', () => work(this.db.manager)) : work(this.db.manager);
  }
}
