import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** How long a node waits for another node's work under the same lock before it gives up starting. */
const LOCK_WAIT_S = 600;

/**
 * Runs `work` while holding a named lock of the database, so that of several nodes starting
 * together one does it and the others, waiting, find it done. On MySQL/MariaDB the lock is
 * GET_LOCK's, held by one connection for the whole of `work`: a node that dies mid-way drops its
 * connection and the lock with it. The embedded SQLite belongs to one process: nobody to wait for.
 */
export async function withDatabaseLock<T>(db: DataSource, name: string, work: () => Promise<T>): Promise<T> {
  if (db.options.type !== 'mysql') return work();
  const runner = db.createQueryRunner();
  try {
    await runner.connect();
    const [{ database }] = (await runner.query('SELECT DATABASE() AS `database`')) as { database: string }[];
    // Lock names are server-wide (and at most 64 characters): one per database and purpose, hashed.
    const lock = `atendo-${createHash('sha1').update(`${database}:${name}`).digest('hex')}`;
    const take = async (seconds: number) =>
      Number(((await runner.query('SELECT GET_LOCK(?, ?) AS got', [lock, seconds])) as { got: unknown }[])[0].got) ===
      1;
    if (!(await take(0))) {
      new Logger('Database').log(`Another node holds the ${name} lock: waiting for it`);
      if (!(await take(LOCK_WAIT_S))) throw new Error(`Another node held the ${name} lock for over ${LOCK_WAIT_S} s`);
    }
    try {
      return await work();
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    }
  } finally {
    await runner.release();
  }
}

/**
 * Runs the pending migrations once, however many nodes start together (TypeORM's own
 * `migrationsRun` has no lock: nodes starting together on an empty database each ran the first
 * migration, and all but one failed to start).
 */
export async function runMigrationsOnce(db: DataSource): Promise<void> {
  const applied = await withDatabaseLock(db, 'migrations', () => db.runMigrations());
  if (applied.length) {
    new Logger('Migrations').log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
  }
}
