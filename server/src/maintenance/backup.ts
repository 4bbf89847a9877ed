import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { chmod, copyFile, mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { SecretBox } from '../common/secret-box.js';
import type { AppConfig } from '../config/config.js';
import { mysqlTarget, runMysqlClient } from './database.js';

/** What is used here of better-sqlite3 (the server's SQLite driver, which ships no types). */
interface SqliteDatabase {
  pragma(sql: string): unknown;
  backup(destination: string): Promise<unknown>;
  prepare(sql: string): { all(): unknown[] };
  close(): void;
}
export const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => SqliteDatabase;

/** Bumped when the layout of a backup changes; restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;

/** The SQLite file under DATA_DIR and its companions, which are never copied as files. */
export const SQLITE_FILE = 'atendo.sqlite';
const SQLITE_FILES = new Set([SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`]);
/** Where the generated JWT secrets live (config.ts). */
export const SECRETS_FILE = 'secrets.json';

export interface FileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: number;
  product: 'Atendo';
  /** The server version that made it. */
  version: string;
  createdAt: string;
  database: {
    kind: 'sqlite' | 'mysql';
    /** The dump in the backup: `database.sqlite` (SQLite's backup API) or `database.sql` (mysqldump). */
    file: string;
    bytes: number;
    sha256: string;
    /** The migrations the database had applied, in order. */
    migrations: string[];
  };
  /** DATA_DIR's files (media, file lists, the mail outbox), under `files/`. */
  files: { count: number; bytes: number; entries: FileEntry[] };
  /** DATA_DIR/secrets.json (the generated JWT secrets), when the installation has one. */
  secrets: FileEntry | null;
  /** The ids of the keys the database's sealed values may be under (SECRETS_KEY first). */
  secretsKeyIds: string[];
}

export async function sha256File(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Every regular file under `root`, as paths relative to it with `/` separators, sorted. */
export async function listFiles(root: string, skip: (rel: string) => boolean = () => false): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const rel = relative(root, full).split(sep).join('/');
      if (skip(rel)) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(rel);
    }
  };
  await walk(root);
  return out.sort();
}

/**
 * A backup of the installation into `dir` (new or empty): the database first, as one consistent
 * snapshot taken while the server keeps running (SQLite's online backup API, mysqldump's
 * --single-transaction), then DATA_DIR's files, so every file a backed-up row names is there, then
 * the generated secrets, and last the manifest with every file's checksum: a backup without a
 * manifest is incomplete.
 */
export async function backup(
  config: AppConfig,
  dir: string,
  log: (line: string) => void = () => {},
): Promise<BackupManifest> {
  const out = resolve(dir);
  await mkdir(out, { recursive: true, mode: 0o700 });
  if ((await readdir(out)).length) throw new Error(`${out} is not empty: back up into a new or empty folder`);
  // It holds the secrets and every company's data.
  await chmod(out, 0o700);

  const database = config.dbUrl ? await dumpMysql(config.dbUrl, out) : await backupSqlite(config.dataDir, out);
  log(`database (${database.kind}): ${database.bytes} bytes, ${database.migrations.length} migrations`);

  const dataDir = resolve(config.dataDir);
  const inside = relative(dataDir, out);
  const backupInDataDir = !inside.startsWith('..') && inside !== '' ? inside.split(sep).join('/') : null;
  const paths = await listFiles(
    dataDir,
    (rel) => SQLITE_FILES.has(rel) || rel === SECRETS_FILE || rel === backupInDataDir,
  );
  const entries: FileEntry[] = [];
  for (const path of paths) {
    const target = join(out, 'files', ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(dataDir, ...path.split('/')), target);
    entries.push({ path, ...(await sha256File(target)) });
  }
  const files = { count: entries.length, bytes: entries.reduce((n, e) => n + e.bytes, 0), entries };
  log(`files: ${files.count} (${files.bytes} bytes)`);
  // The media are not on this disk: a bucket's copies are the object store's to keep.
  if (config.s3) log(`media: in the bucket ${config.s3.bucket}, not in this backup (STORAGE=s3)`);

  let secrets: FileEntry | null = null;
  const secretsFile = join(dataDir, SECRETS_FILE);
  if (await stat(secretsFile).catch(() => null)) {
    await copyFile(secretsFile, join(out, SECRETS_FILE));
    await chmod(join(out, SECRETS_FILE), 0o600);
    secrets = { path: SECRETS_FILE, ...(await sha256File(join(out, SECRETS_FILE))) };
    log('secrets: secrets.json');
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    product: 'Atendo',
    version: config.version,
    createdAt: new Date().toISOString(),
    database,
    files,
    secrets,
    secretsKeyIds: new SecretBox(config.secretsKey, config.secretsKeysPrevious).keyIds,
  };
  await writeFile(join(out, 'manifest.json.part'), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  await rename(join(out, 'manifest.json.part'), join(out, 'manifest.json'));
  return manifest;
}

async function backupSqlite(dataDir: string, out: string): Promise<BackupManifest['database']> {
  const source = join(dataDir, SQLITE_FILE);
  if (!(await stat(source).catch(() => null))) throw new Error(`no database at ${source}: is DATA_DIR right?`);
  const file = 'database.sqlite';
  // The online backup API copies a consistent snapshot page by page while the server writes on;
  // a plain copy of the file (and its WAL) could catch a half-written transaction.
  const db = new Sqlite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(join(out, file));
  } finally {
    db.close();
  }
  await chmod(join(out, file), 0o600);
  const copy = new Sqlite(join(out, file), { readonly: true });
  let migrations: string[];
  try {
    migrations = (copy.prepare('SELECT name FROM migrations ORDER BY id').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    copy.close();
  }
  return { kind: 'sqlite', file, ...(await sha256File(join(out, file))), migrations };
}

async function dumpMysql(dbUrl: string, out: string): Promise<BackupManifest['database']> {
  const target = mysqlTarget(dbUrl);
  const file = 'database.sql';
  const connection = await createConnection({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
  });
  let migrations: string[];
  try {
    const [rows] = await connection.query('SELECT name FROM migrations ORDER BY id');
    migrations = (rows as { name: string }[]).map((r) => r.name);
  } finally {
    await connection.end();
  }
  await runMysqlClient(
    ['mysqldump', 'mariadb-dump'],
    target,
    [
      // One transaction's snapshot of every InnoDB table, without locking the server's writes.
      '--single-transaction',
      '--routines',
      '--triggers',
      '--no-tablespaces',
      '--hex-blob',
      '--default-character-set=utf8mb4',
      target.database,
    ],
    { stdoutFile: join(out, file) },
  );
  return { kind: 'mysql', file, ...(await sha256File(join(out, file))), migrations };
}
