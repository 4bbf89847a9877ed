import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

/** The transaction whose work the current async context is running, while it is open. */
const running = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Work inside a transaction holds one pooled connection; if it asks the pool for another and every
 * connection is held by such work, none is ever released and the server stops answering (on
 * MariaDB, with a pool of N, N concurrent transactions suffice). So nothing inside a transaction
 * may reach the database except through the transaction's own manager.
 *
 * This watches for it at the one place TypeORM takes a connection (`createQueryRunner`, which
 * repositories, query builders and `query` on the data source all call when they are not given
 * the transaction's runner): a call from inside a transaction's work is reported to `violation`,
 * which throws where tests run and logs in production. On SQLite, which has a single connection,
 * such a read would silently run inside the transaction; it is reported there too, so the suites
 * on the embedded defaults catch what would wedge MariaDB.
 */
export function oneConnectionPerTransaction(db: DataSource, violation: (error: Error) => void): void {
  const manager = db.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((isolationOrWork: unknown, maybeWork?: unknown) => {
    const work = (typeof isolationOrWork === 'function' ? isolationOrWork : maybeWork) as (
      em: EntityManager,
    ) => Promise<unknown>;
    const watched = async (em: EntityManager) => {
      const state = { open: true };
      try {
        return await running.run(state, () => work(em));
      } finally {
        // Work the transaction started and left running may go on after the commit, on the pool.
        state.open = false;
      }
    };
    return typeof isolationOrWork === 'string' ? transaction(isolationOrWork, watched) : transaction(watched);
  }) as EntityManager['transaction'];

  const createQueryRunner = db.createQueryRunner.bind(db);
  db.createQueryRunner = (mode) => {
    if (running.getStore()?.open) {
      violation(
        new Error(
          'A database connection was taken from the pool inside a transaction: use the transaction’s ' +
            'EntityManager for every statement of its work',
        ),
      );
    }
    return createQueryRunner(mode);
  };
}
