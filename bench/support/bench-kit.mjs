// What the MariaDB + Redis benchmarks share: their configuration from the environment, the built
// server as a child process, a JSON client for it, the results table and the clean-up of what a
// run created (database, Redis keys, data directory).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import { jsonCall } from '../../scripts/lib/json-api.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const log = (...args) => console.log(...args);
export const elapsed = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

/** autocannon as a promise; `onInstance` gets the running instance (to stop it early). */
export const cannon = (options) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    options.onInstance?.(instance);
  });

/**
 * One benchmark's kit. `name` is its short name (dash, conv): it names the default database
 * (atendo_bench_<name>), the Redis prefix and the data directory. `columns` are the widths of the
 * results table's name, figure and target columns. An `embedded` benchmark runs the server on its
 * embedded defaults (SQLite, in-process queues) and needs neither MariaDB nor Redis.
 */
export function benchKit({ name, defaultPort, columns = [52, 44, 24], embedded = false }) {
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  const base = `http://127.0.0.1:${port}`;
  const mysqlUrl = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
  const dbName = process.env.BENCH_DB_NAME ?? `atendo_bench_${name}`;
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `atendo-bench-${name}-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), `atendo-bench-${name}-`));
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), JWT_REFRESH_SECRET: randomBytes(32).toString('hex') };
  const results = [];
  let server = null;

  function report(label, figure, target, ok) {
    results.push({ name: label, figure, target, ok });
    const [a, b, c] = columns;
    log(
      `  ${label.padEnd(a)} ${String(figure).padEnd(b)} ${target.padEnd(c)} ${ok === null ? 'info' : ok ? 'met' : 'MISSED'}`,
    );
  }

  /** The results again, as a Markdown table for bench/RESULTS.md. */
  function printSummary() {
    log('\nSummary:');
    log('| figure | measured | target | |\n| --- | --- | --- | --- |');
    for (const r of results)
      log(`| ${r.name.trim()} | ${r.figure} | ${r.target} | ${r.ok === null ? 'info' : r.ok ? 'met' : 'MISSED'} |`);
  }

  const newRedis = () => new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });

  /** Why the benchmark cannot run here (no MariaDB or no Redis), or null. */
  async function unreachable() {
    try {
      const c = await mysql.createConnection({ uri: mysqlUrl, connectTimeout: 3000 });
      await c.end();
    } catch (error) {
      return `no MariaDB at ${mysqlUrl} (${error.code ?? error.message})`;
    }
    const redis = newRedis();
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      return `no Redis at ${redisUrl} (${error.message})`;
    } finally {
      redis.disconnect();
    }
    return null;
  }

  /** Builds shared and server when server/dist is missing, and refuses a port already in use. */
  async function prepare() {
    if (!existsSync(join(root, 'server', 'dist', 'main.js'))) {
      log('server/dist is missing: building shared and server');
      for (const ws of ['shared', 'server']) {
        const built = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
        if (built.status !== 0) throw new Error(`npm run build -w ${ws} failed`);
      }
    }
    let answered = false;
    try {
      await fetch(`${base}/health`);
      answered = true;
    } catch {
      // nothing listens there: the port is free
    }
    if (answered) throw new Error(`something already answers on ${base}: set BENCH_PORT`);
  }

  /** Drops and creates the benchmark's database; answers a pool on it (UTC, as the server reads). */
  async function freshDatabase(connectionLimit = 4) {
    const admin = await mysql.createConnection({ uri: mysqlUrl });
    await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    return mysql.createPool({ uri: `${mysqlUrl}/${dbName}`, connectionLimit, timezone: 'Z' });
  }

  /**
   * The environment of a built server of this run, on its database, data directory and secrets
   * (servers started with it are nodes of one installation): `env` adds to it or overrides it.
   */
  function serverEnv({ port: nodePort = port, redisPrefix, logLevel, env = {} }) {
    return {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(nodePort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${nodePort}`,
      DATA_DIR: dataDir,
      ...(embedded
        ? { DB_URL: '', REDIS_URL: '' }
        : { DB_URL: `${mysqlUrl}/${dbName}`, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix }),
      SANDBOX: 'true',
      LOG_LEVEL: logLevel,
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
      ...env,
      ...secrets,
    };
  }

  /**
   * Starts the built server. `onLine` receives its stdout lines (the debug server's TypeORM query
   * log); otherwise stdout is passed through. Each start takes its own Redis prefix, so a second
   * server never waits on a session lease the first one held.
   */
  async function startServer({ logLevel, redisPrefix, onLine, nodeOptions = [], env = {} }) {
    const child = spawn(process.execPath, [...nodeOptions, join(root, 'server', 'dist', 'main.js')], {
      env: serverEnv({ port, redisPrefix, logLevel, env }),
      stdio: ['ignore', onLine ? 'pipe' : 'inherit', 'inherit'],
    });
    if (onLine) createInterface({ input: child.stdout }).on('line', onLine);
    child.exited = new Promise((resolve) => child.once('exit', resolve));
    server = child;
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error('the server did not start');
  }

  async function stopServer() {
    if (!server || server.exitCode !== null) return;
    const child = server;
    child.kill('SIGTERM');
    const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await child.exited;
    clearTimeout(timeout);
  }

  /** A JSON call; a failure throws with the status and the answer's body. */
  const call = (method, path, options) => jsonCall(base, method, path, options);

  /**
   * Stops the server and removes what this run created: the database (unless BENCH_KEEP_DB=1), the
   * Redis keys under this run's prefixes, the data directory. Runs once however often it is called.
   */
  let cleaned = false;
  async function cleanup() {
    if (cleaned) return;
    cleaned = true;
    await stopServer();
    if (embedded) {
      rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    if (process.env.BENCH_KEEP_DB === '1') log(`database ${dbName} kept (BENCH_KEEP_DB=1)`);
    else
      try {
        const conn = await mysql.createConnection({ uri: mysqlUrl });
        await conn.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
        await conn.end();
      } catch (error) {
        console.error(`could not drop ${dbName}: ${error.message}`);
      }
    const redis = newRedis();
    try {
      await redis.connect();
      for (const match of [`${prefix}:*`, `${prefix}-debug:*`]) {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
          cursor = next;
          if (keys.length) await redis.del(...keys);
        } while (cursor !== '0');
      }
    } catch (error) {
      console.error(`could not remove the Redis keys under ${prefix}: ${error.message}`);
    } finally {
      redis.disconnect();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  /**
   * Runs the benchmark's main: cleans up on Ctrl-C, exits 1 on an error or a missed target, and
   * does not let socket.io-client, undici keep-alive or autocannon timers hold the process open.
   */
  async function run(main, finish = cleanup) {
    process.on('SIGINT', () => {
      void finish().finally(() => process.exit(130));
    });
    try {
      await main();
    } catch (error) {
      console.error(error);
      process.exitCode = 1;
    }
    if (results.some((r) => r.ok === false)) process.exitCode = 1;
    setTimeout(() => process.exit(), 500).unref();
  }

  return {
    run,
    port,
    base,
    mysqlUrl,
    dbName,
    redisUrl,
    prefix,
    results,
    report,
    printSummary,
    unreachable,
    prepare,
    freshDatabase,
    serverEnv,
    startServer,
    stopServer,
    /** The running server's child process, or null. */
    server: () => server,
    call,
    cleanup,
  };
}

/**
 * The SQL statements TypeORM logged ("query: ..." lines of a LOG_LEVEL=debug server), for counting
 * a request's statements: `onLine` goes to startServer; `during(fn)` collects what is logged while
 * fn runs and for 150 ms after it (a statement logged late still belongs to the request).
 */
export function statementLog() {
  let capture = null;
  return {
    onLine(raw) {
      const line = raw.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
      if (capture && /^query( failed)?:/.test(line)) capture.push(line.replace(/^query( failed)?: /, ''));
    },
    async during(fn) {
      capture = [];
      await fn();
      await sleep(150);
      const captured = capture;
      capture = null;
      return captured;
    },
  };
}
