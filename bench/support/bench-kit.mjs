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
import { jsonCall, jsonRequest } from '../../scripts/lib/json-api.mjs';

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
   * Loads GET `path` with `connections` clients at once: 3 s of warm-up, then `seconds` measured
   * and reported as `name`. With `targetMs`, a p99 within it and no failed request is a target.
   */
  async function measureGet({ name: label, path, headers, connections, seconds, targetMs }) {
    await cannon({ url: `${base}${path}`, connections, duration: 3, headers });
    const r = await cannon({ url: `${base}${path}`, connections, duration: seconds, headers });
    report(
      label,
      `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average * 10) / 10} req/s` +
        `${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors` : ''}`,
      targetMs ? `p99 ≤ ${targetMs} ms` : '(info)',
      targetMs ? r.latency.p99 <= targetMs && r.non2xx === 0 && r.errors === 0 : null,
    );
  }

  /**
   * A company signed up on the largest plan, with four queues, an agent of the first two and a
   * sandbox line of all four (never started); answers their ids and the admin's token.
   */
  async function provisionCompany({ companyName, adminEmail, agentEmail, password }) {
    const plans = await call('GET', '/plans/list');
    const plan = plans.sort((a, b) => b.users - a.users)[0];
    const company = await call('POST', '/companies/cadastro', {
      body: { name: companyName, email: adminEmail, phone: '11987654321', password, planId: plan.id },
    });
    const login = await call('POST', '/auth/login', { body: { email: adminEmail, password } });
    const queueIds = [];
    for (const [i, color] of ['#008B02', '#1273DE', '#DB3E00', '#5300EB'].entries()) {
      const queue = await call('POST', '/queue', {
        token: login.token,
        body: { name: ['Vendas', 'Suporte', 'Financeiro', 'Trocas'][i], color },
      });
      queueIds.push(queue.id);
    }
    const agentQueueIds = queueIds.slice(0, 2);
    const agent = await call('POST', '/users', {
      token: login.token,
      body: { name: 'Agente', email: agentEmail, password, profile: 'user', queueIds: agentQueueIds },
    });
    const line = await call('POST', '/whatsapp', {
      token: login.token,
      body: { name: 'Bench line', provider: 'sandbox', isDefault: true, greetingMessage: 'Olá!', queueIds },
    });
    return {
      companyId: company.id,
      adminId: login.user.id,
      adminToken: login.token,
      agentId: agent.id,
      whatsappId: line.id,
      queueIds,
      agentQueueIds,
    };
  }

  /** Starts a sandbox connection's session and "scans" its QR: answers once it is CONNECTED. */
  async function connectSandbox(whatsappId, token) {
    await call('POST', `/whatsappsession/${whatsappId}`, { token });
    // The session opens in the background: the QR can be "scanned" once it is shown.
    for (let i = 0; ; i++) {
      const scanned = await jsonRequest(base, 'POST', `/sandbox/connections/${whatsappId}/scan`, { token, body: {} });
      if (scanned.ok) break;
      if (i === 100) throw new Error(`the sandbox connection did not connect: ${scanned.status} ${scanned.text}`);
      await sleep(100);
    }
    for (let i = 0; (await call('GET', `/whatsapp/${whatsappId}`, { token })).status !== 'CONNECTED'; i++) {
      if (i === 100) throw new Error('the connection is not CONNECTED');
      await sleep(100);
    }
  }

  /** `provisionCompany` named after `name`, its sandbox connection connected. */
  async function sandboxCompany(name, password) {
    const slug = name.toLowerCase();
    const ctx = await provisionCompany({
      companyName: `Bench ${name}`,
      adminEmail: `admin@bench-${slug}.test`,
      agentEmail: `agente@bench-${slug}.test`,
      password,
    });
    await connectSandbox(ctx.whatsappId, ctx.adminToken);
    return ctx;
  }

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
    measureGet,
    provisionCompany,
    connectSandbox,
    sandboxCompany,
    cleanup,
  };
}

/**
 * The SQL statements TypeORM logged (the [Database] lines of a LOG_LEVEL=debug server), for counting
 * a request's statements: `onLine` goes to startServer; `during(fn)` collects what is logged while
 * fn runs and for 150 ms after it (a statement logged late still belongs to the request).
 */
export function statementLog() {
  let capture = null;
  return {
    onLine(raw) {
      // The server's text log prefixes each statement with its pid, time, level and context
      // ([Database]); TypeORM's own console wrote "query: ".
      const line = raw.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
      const query = /^.*?\[Database\] (?:query( failed)?: )?|^query( failed)?: /.exec(line);
      if (capture && query) capture.push(line.slice(query[0].length));
    },
    async during(fn) {
      capture = [];
      await fn();
      await sleep(150);
      const captured = capture;
      capture = null;
      return captured;
    },
    /**
     * The statements of GET `path` with their parameters, ready for explain(). The call is sent
     * once before, to warm the session cache: its lookup is not the call's.
     */
    async ofGet(call, path, token) {
      await call('GET', path, { token });
      const captured = await this.during(() => call('GET', path, { token }));
      return captured
        .filter((sql) => !/FROM `?sessions`?/i.test(sql))
        .map((line) => {
          const at = line.lastIndexOf(' -- PARAMETERS: ');
          if (at < 0) return { sql: line, params: [] };
          // mysql2 reads ISO instants as UTC ('Z' pool timezone).
          const params = JSON.parse(line.slice(at + ' -- PARAMETERS: '.length)).map((p) =>
            typeof p === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(p) ? new Date(p) : p,
          );
          return { sql: line.slice(0, at), params };
        });
    },
  };
}

/** The plan MariaDB chooses for a logged statement, one line per table. */
export async function explain(pool, { sql, params }) {
  const [rows] = await pool.query(`EXPLAIN ${sql}`, params);
  return rows
    .map((r) => `${r.table}: ${r.type} ${r.key ?? 'no index'}, ~${r.rows} rows${r.Extra ? ` (${r.Extra})` : ''}`)
    .join('; ');
}
