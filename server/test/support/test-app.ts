import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createConnection } from 'mysql2/promise';
import { io, type Socket } from 'socket.io-client';
import { createApp, type CreateAppOptions } from '../../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';

export const ADMIN = { email: 'root@platform.test', password: 'platform-secret-1' };

export interface Reply {
  status: number;
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: { name: string; value: string }[];
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  url: string;
  request(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; cookies?: Record<string, string> },
  ): Promise<Reply>;
  login(email: string, password: string): Promise<{ token: string; user: any; refresh: string }>;
  socket(token: string): Socket;
  close(): Promise<void>;
}

/**
 * One server per test file, on its own data: a fresh SQLite file by default, or its own database
 * on the MySQL/MariaDB server of DB_URL, and its own key prefix on the Redis of REDIS_URL. Files
 * can therefore run in parallel against one MariaDB and one Redis.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  sharing?: TestApp,
  options: CreateAppOptions = {},
): Promise<TestApp> {
  const suffix = randomBytes(4).toString('hex');
  // A second node of the same installation shares the first one's data and Redis prefix.
  const dataDir = sharing ? sharing.config.dataDir : mkdtempSync(join(tmpdir(), 'atendo-test-'));
  let database: { admin: string; name: string } | null = null;
  let dbUrl: string | undefined = sharing?.config.dbUrl ?? undefined;
  if (process.env.DB_URL && !sharing) {
    const base = new URL(process.env.DB_URL);
    const name = `atendo_test_${suffix}`;
    const admin = `${base.protocol}//${base.username}${base.password ? `:${base.password}` : ''}@${base.host}/`;
    const connection = await createConnection(admin.replace(/^mariadb:/, 'mysql:'));
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await connection.end();
    database = { admin, name };
    base.pathname = `/${name}`;
    dbUrl = base.toString();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'no-web-build'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    SIGNUP_LIMIT_PER_IP: '1000',
    SEND_TOKEN_FAILURES_PER_IP: '1000',
    ...(dbUrl ? { DB_URL: dbUrl } : {}),
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: sharing?.config.redisPrefix ?? `atendo-test-${suffix}` }
      : {}),
    ...(sharing ? { JWT_SECRET: sharing.config.jwtSecret, JWT_REFRESH_SECRET: sharing.config.jwtRefreshSecret } : {}),
    ...env,
  });
  const app = await createApp(config, options);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const sockets: Socket[] = [];
  const fastify = app.getHttpAdapter().getInstance();

  const request: TestApp['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fastify.inject({
      method: method as 'GET',
      url: path,
      headers,
      cookies: options.cookies,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      // not JSON (the web app's HTML)
    }
    return {
      status: res.statusCode,
      body,
      headers: res.headers,
      cookies: res.cookies as { name: string; value: string }[],
    };
  };

  return {
    app,
    config,
    url,
    request,
    async login(email, password) {
      const res = await request('POST', '/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      const refresh = res.cookies.find((c) => c.name === 'jrt')?.value ?? '';
      return { token: res.body.token, user: res.body.user, refresh };
    },
    socket(token) {
      const socket = io(url, { transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await app.close();
      if (database) {
        const connection = await createConnection(database.admin.replace(/^mariadb:/, 'mysql:'));
        await connection.query(`DROP DATABASE IF EXISTS \`${database.name}\``);
        await connection.end();
      }
      if (!sharing) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** Signs up a new company (a trial) and signs its admin in. */
export async function signupCompany(t: TestApp, name = 'Acme') {
  counter += 1;
  const email = `admin${counter}.${randomBytes(3).toString('hex')}@${name.toLowerCase().replace(/\W/g, '')}.test`;
  const plans = await t.request('GET', '/plans/list');
  const res = await t.request('POST', '/companies/cadastro', {
    body: {
      name: `${name} ${counter}`,
      email,
      phone: '(11) 98765-4321',
      password: 'company-pass',
      planId: plans.body[0].id,
    },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await t.login(email, 'company-pass');
  return { companyId: res.body.id as number, email, password: 'company-pass', ...session };
}

/**
 * The admin session of a new company on a new plan with `flags` (a feature turned off, say), made
 * by the super-admin (`superToken`).
 */
export async function adminOnPlan(t: TestApp, superToken: string, name: string, flags: Record<string, boolean>) {
  counter += 1;
  const plan = (
    await t.request('POST', '/plans', { token: superToken, body: { name: `${name} ${counter}`, ...flags } })
  ).body as { id: number };
  const email = `admin${counter}.${randomBytes(3).toString('hex')}@plan.test`;
  const res = await t.request('POST', '/companies', {
    token: superToken,
    body: { name: `${name} ${counter}`, email, password: 'admin-pass', planId: plan.id },
  });
  if (res.status !== 201) throw new Error(`company failed: ${res.status} ${JSON.stringify(res.body)}`);
  return t.login(email, 'admin-pass');
}

/** Resolves with the first payload of `event`, or rejects after `ms`. */
export function nextEvent<T = any>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves true if `event` arrives within `ms`, false otherwise. */
export function receives(socket: Socket, event: string, ms = 500): Promise<boolean> {
  return nextEvent(socket, event, ms).then(
    () => true,
    () => false,
  );
}
