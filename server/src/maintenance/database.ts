import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { DataSource, type MigrationInterface } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { dataSourceOptions, migrationsOf } from '../database/data-source.js';

/** The configured database, opened without running migrations (the commands never change the schema). */
export async function openDatabase(config: AppConfig): Promise<DataSource> {
  const db = new DataSource({ ...dataSourceOptions(config), migrationsRun: false, logging: ['error'] });
  await db.initialize();
  return db;
}

/** The names of the migrations this version knows, in order. */
export function knownMigrations(config: AppConfig): string[] {
  return migrationsOf(config).map((M) => (new M() as MigrationInterface).name ?? M.name);
}

/** Where DB_URL points, for the MySQL/MariaDB clients. */
export interface MysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function mysqlTarget(dbUrl: string): MysqlTarget {
  const url = new URL(dbUrl.replace(/^mariadb:/, 'mysql:'));
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new Error('DB_URL names no database (mysql://user:pass@host:3306/<database>)');
  return {
    host: url.hostname || '127.0.0.1',
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
  };
}

/**
 * Runs a MySQL/MariaDB client (`names`: the program's names, the first found is used) with the
 * target's address; the password goes through MYSQL_PWD, never the command line where `ps` shows it.
 */
export async function runMysqlClient(
  names: string[],
  target: MysqlTarget,
  args: string[],
  io: { stdinFile?: string; stdoutFile?: string },
): Promise<void> {
  for (const name of names) {
    try {
      await runOnce(name, target, args, io);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`none of ${names.join(', ')} is installed (the MySQL/MariaDB client programs)`);
}

function runOnce(
  name: string,
  target: MysqlTarget,
  args: string[],
  io: { stdinFile?: string; stdoutFile?: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(name, [`--host=${target.host}`, `--port=${target.port}`, `--user=${target.user}`, ...args], {
      env: { ...process.env, MYSQL_PWD: target.password },
      stdio: [io.stdinFile ? 'pipe' : 'ignore', io.stdoutFile ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let output: Promise<void> = Promise.resolve();
    if (io.stdoutFile) {
      const file = createWriteStream(io.stdoutFile, { mode: 0o600 });
      child.stdout!.pipe(file);
      output = new Promise((done, fail) => file.on('finish', done).on('error', fail));
    }
    if (io.stdinFile) createReadStream(io.stdinFile).on('error', reject).pipe(child.stdin!);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${name} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
        return;
      }
      output.then(resolve, reject);
    });
  });
}
