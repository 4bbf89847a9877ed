import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { MIGRATIONS } from '../src/database/data-source.js';
import { ADMIN } from './support/test-app.js';

// A new installation started as a hosting team starts one: three server processes (the built
// server, `npm run build`) pointed at one empty MySQL/MariaDB database at the same moment. The
// embedded SQLite belongs to one process (several nodes need DB_URL and REDIS_URL), so this runs
// with DB_URL only.
const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
const suffix = randomBytes(4).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'atendo-migrate-'));
const dbName = `atendo_test_${suffix}`;
let admin: string | null = null;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  if (process.env.DB_URL) {
    const base = new URL(process.env.DB_URL);
    admin = `mysql://${base.username}${base.password ? `:${base.password}` : ''}@${base.host}/`;
    const connection = await createConnection(admin);
    await connection.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await connection.end();
  }
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (admin) {
    const connection = await createConnection(admin);
    await connection.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await connection.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function health(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

(process.env.DB_URL ? it : it.skip)(
  'migrates an empty database once when three nodes start on it together; all three serve, then stop on SIGTERM',
  async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web-build'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'a'.repeat(40),
      JWT_REFRESH_SECRET: 'b'.repeat(40),
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      HOST: '127.0.0.1',
      DB_URL: new URL(dbName, admin!).toString(),
      ...(process.env.REDIS_URL ? { REDIS_PREFIX: `atendo-test-${suffix}` } : {}),
    };
    const output: string[] = [];
    for (const port of ports) {
      const child = spawn(process.execPath, [MAIN], { env: { ...env, PORT: String(port) }, stdio: 'pipe' });
      child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      children.push(child);
    }
    const deadline = Date.now() + 150_000;
    const up = new Set<number>();
    while (up.size < ports.length && Date.now() < deadline && children.every((c) => c.exitCode === null)) {
      for (const port of ports) if ((await health(port)) === 200) up.add(port);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect({
      up: up.size,
      exits: children.map((c) => c.exitCode),
      output: up.size === 3 ? '' : output.join(''),
    }).toEqual({
      up: 3,
      exits: [null, null, null],
      output: '',
    });

    // Each migration recorded once, and the first start's seed (the super-admin) made once.
    const connection = await createConnection(new URL(dbName, admin!).toString());
    const [migrations] = (await connection.query('SELECT name FROM migrations')) as unknown as [{ name: string }[]];
    const [[users]] = (await connection.query('SELECT COUNT(*) AS n FROM users WHERE email = ?', [
      ADMIN.email,
    ])) as unknown as [{ n: number }[]];
    await connection.end();
    const names = migrations.map((r) => r.name);
    expect(names.length).toBeGreaterThan(MIGRATIONS.length);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(MIGRATIONS.map((m) => m.name)));
    expect(Number(users.n)).toBe(1);

    const exits = children.map((c) => new Promise((resolve) => c.once('exit', (code) => resolve(code))));
    for (const child of children) child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0, 0]);
    expect(output.join('')).not.toMatch(/error/i);
  },
  240_000,
);
