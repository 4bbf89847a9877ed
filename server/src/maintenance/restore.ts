import { copyFile, chmod, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { SecretBox } from '../common/secret-box.js';
import { loadConfig, type AppConfig } from '../config/config.js';
import {
  BACKUP_FORMAT,
  SECRETS_FILE,
  SQLITE_FILE,
  Sqlite,
  sha256File,
  type BackupManifest,
  type FileEntry,
} from './backup.js';
import { knownMigrations, mysqlTarget, runMysqlClient } from './database.js';

export class RestoreError extends Error {}

export interface RestoreOptions {
  /** Replace a database that already holds data (and the files and secrets of the same names). */
  force?: boolean;
  /** The environment the restored server will start with (to check its keys open the backup's secrets). */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

/**
 * Restores a backup made by `backup` into the configured database and DATA_DIR. Everything is
 * checked before anything is written: the manifest, every checksum, that this version knows the
 * backup's migrations (an older backup is brought up to date by the next start's migrations),
 * that the configured keys open its sealed secrets, and that the database is empty (or `force`).
 * The server must be stopped.
 */
export async function restore(config: AppConfig, dir: string, options: RestoreOptions = {}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const from = resolve(dir);
  const manifest = await readManifest(from);
  const kind = config.dbUrl ? 'mysql' : 'sqlite';
  if (manifest.database.kind !== kind) {
    throw new RestoreError(
      `the backup holds a ${name(manifest.database.kind)} database and this configuration uses ${name(kind)}` +
        (kind === 'mysql' ? ' (DB_URL is set)' : ' (DB_URL is not set)'),
    );
  }
  const known = new Set(knownMigrations(config));
  const unknown = manifest.database.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new RestoreError(
      `the backup was made by version ${manifest.version}, whose migrations this version (${config.version}) ` +
        `does not know: ${unknown.join(', ')}. Restore it with version ${manifest.version} or later`,
    );
  }
  await verify(from, manifest.database, manifest.database.file);
  for (const entry of manifest.files.entries) await verify(from, entry, `files/${entry.path}`);
  if (manifest.secrets) await verify(from, manifest.secrets, SECRETS_FILE);
  log(`checked: database, ${manifest.files.count} files${manifest.secrets ? ', secrets' : ''}`);

  const keyIds = await restoredKeyIds(from, manifest, options.env ?? process.env);
  if (manifest.secretsKeyIds.length && !keyIds.includes(manifest.secretsKeyIds[0]) && !options.force) {
    throw new RestoreError(
      `the backup's secrets were sealed under key ${manifest.secretsKeyIds[0]}, and this configuration's keys are ` +
        `${keyIds.join(', ')}: set SECRETS_KEY (or SECRETS_KEY_PREVIOUS) to the backed-up installation's ` +
        'SECRETS_KEY, or pass --force to restore anyway (its API keys and WhatsApp sessions will not open)',
    );
  }

  if (kind === 'sqlite') await restoreSqlite(config, from, manifest, !!options.force);
  else await restoreMysql(config.dbUrl!, from, manifest, !!options.force);
  log(`database (${kind}) restored: ${manifest.database.migrations.length} migrations`);

  const dataDir = resolve(config.dataDir);
  for (const entry of manifest.files.entries) {
    const target = join(dataDir, ...entry.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(from, 'files', ...entry.path.split('/')), target);
  }
  log(`files restored: ${manifest.files.count} into ${dataDir}`);
  if (manifest.secrets) {
    await copyFile(join(from, SECRETS_FILE), join(dataDir, SECRETS_FILE));
    await chmod(join(dataDir, SECRETS_FILE), 0o600);
    log('secrets restored: secrets.json');
  }
  return manifest;
}

const name = (kind: 'sqlite' | 'mysql') => (kind === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB');

async function readManifest(from: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(from, 'manifest.json'), 'utf8');
  } catch {
    throw new RestoreError(`${from} holds no manifest.json: not a backup, or one that did not finish`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new RestoreError(`${join(from, 'manifest.json')} is not valid JSON`);
  }
  if (manifest.product !== 'Atendo' || typeof manifest.format !== 'number') {
    throw new RestoreError(`${join(from, 'manifest.json')} is not an Atendo backup's manifest`);
  }
  if (manifest.format > BACKUP_FORMAT) {
    throw new RestoreError(
      `the backup's format ${manifest.format} is newer than this version reads (${BACKUP_FORMAT}): restore it with version ${manifest.version} or later`,
    );
  }
  return manifest;
}

async function verify(from: string, entry: Pick<FileEntry, 'bytes' | 'sha256'>, rel: string): Promise<void> {
  const path = join(from, ...rel.split('/'));
  const found = await sha256File(path).catch(() => null);
  if (!found) throw new RestoreError(`the backup is missing ${rel}`);
  if (found.sha256 !== entry.sha256 || found.bytes !== entry.bytes) {
    throw new RestoreError(`${rel} does not match its checksum in the manifest: the backup is damaged`);
  }
}

/** The ids of the keys the restored server will have: its environment with the backup's secrets.json. */
async function restoredKeyIds(
  from: string,
  manifest: BackupManifest,
  env: Record<string, string | undefined>,
): Promise<string[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'atendo-restore-'));
  try {
    if (manifest.secrets) await copyFile(join(from, SECRETS_FILE), join(scratch, SECRETS_FILE));
    const config = loadConfig({ ...env, DATA_DIR: scratch });
    return new SecretBox(config.secretsKey, config.secretsKeysPrevious).keyIds;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function restoreSqlite(config: AppConfig, from: string, manifest: BackupManifest, force: boolean) {
  const target = join(resolve(config.dataDir), SQLITE_FILE);
  if (await stat(target).catch(() => null)) {
    const db = new Sqlite(target, { fileMustExist: true });
    let tables: number;
    try {
      tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as unknown[]).length;
    } finally {
      db.close();
    }
    if (tables && !force) {
      throw new RestoreError(
        `${target} already holds a database: stop the server and pass --force to replace it with the backup`,
      );
    }
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${target}${suffix}`, { force: true });
  await mkdir(dirname(target), { recursive: true });
  // The backup is a complete database file made by SQLite's backup API, nothing writes it: a copy is one.
  await copyFile(join(from, manifest.database.file), target);
}

async function restoreMysql(dbUrl: string, from: string, manifest: BackupManifest, force: boolean) {
  const target = mysqlTarget(dbUrl);
  const connection = await createConnection({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
  });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS ${connection.escapeId(target.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    const [rows] = await connection.query(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [target.database],
    );
    const tables = (rows as { name: string }[]).map((r) => r.name);
    if (tables.length && !force) {
      throw new RestoreError(
        `the database ${target.database} already holds ${tables.length} tables: stop the servers and pass --force ` +
          'to replace it with the backup',
      );
    }
    if (tables.length) {
      // The dump drops and creates its own tables; one a newer migration made would stay behind.
      await connection.query(`USE ${connection.escapeId(target.database)}`);
      await connection.query('SET FOREIGN_KEY_CHECKS = 0');
      for (const table of tables) await connection.query(`DROP TABLE ${connection.escapeId(table)}`);
      await connection.query('SET FOREIGN_KEY_CHECKS = 1');
    }
  } finally {
    await connection.end();
  }
  await runMysqlClient(['mysql', 'mariadb'], target, ['--default-character-set=utf8mb4', target.database], {
    stdinFile: join(from, manifest.database.file),
  });
}
