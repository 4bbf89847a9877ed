import { request } from 'node:http';
import { jest } from '@jest/globals';
import { Controller, Injectable, Logger, Module, Post, Req } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { Lifecycle } from '../src/modules/health/lifecycle.js';
import { signupCompany, startTestApp, nextEvent, type TestApp } from './support/test-app.js';

/** Ports of this file's METRICS_PORT listener. */
const METRICS_PORT = 18_123;
const METRICS_TOKEN = 'scrape-token-0123456789';

/**
 * A service that logs on behalf of a request after an await (the request's context must survive
 * it), then fails the way a library does when it quotes its input back: the secrets in the error
 * are the caller's token and password.
 */
@Injectable()
class ProbeService {
  private readonly logger = new Logger('Probe');
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async work(request: FastifyRequest): Promise<never> {
    await this.db.query('SELECT 1');
    this.logger.warn('probe ran');
    this.logger.log({ message: 'probe input', headers: request.headers, body: request.body });
    throw new Error(`could not use ${request.headers.authorization} with ${JSON.stringify(request.body)}`);
  }
}

@Controller('probe')
class ProbeController {
  constructor(private readonly probe: ProbeService) {}

  @Post('fail')
  fail(@Req() request: FastifyRequest) {
    return this.probe.work(request);
  }
}

@Module({ controllers: [ProbeController], providers: [ProbeService] })
class ProbeModule {}

/** Holds what the process writes to stdout and stderr (the app's log) from `start()` to `stop()`. */
function logTap() {
  let chunks: string[] = [];
  let spies: { mockRestore(): void }[] = [];
  return {
    start() {
      spies = (['stdout', 'stderr'] as const).map((name) =>
        jest.spyOn(process[name], 'write').mockImplementation((chunk: unknown) => {
          chunks.push(String(chunk));
          return true;
        }),
      );
    },
    stop() {
      for (const spy of spies) spy.mockRestore();
    },
    /** The lines written while `run` ran. */
    async during(run: () => Promise<void>): Promise<string[]> {
      chunks = [];
      await run();
      // The access line is written once the answer has gone.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return chunks.join('').split('\n').filter(Boolean);
    },
  };
}

/** A sample's value in Prometheus' text format, 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return 0;
}

/**
 * A JSON POST over a real connection whose body comes in two packets 100 ms apart: the handler
 * runs from the body's later events, and must still run in the request's context.
 */
function postInTwoPackets(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: any; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 100);
  });
}

describe('JSON logs', () => {
  let t: TestApp;
  const tap = logTap();
  beforeAll(async () => {
    tap.start();
    t = await startTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, undefined, { extraModules: [ProbeModule] });
  });
  afterAll(async () => {
    await t.close();
    tap.stop();
  });

  it('names the request on its access line, on the lines services log for it and in its error answer', async () => {
    const { token, user } = await signupCompany(t, 'Logs');
    let res!: Awaited<ReturnType<typeof postInTwoPackets>>;
    const lines = await tap.during(async () => {
      res = await postInTwoPackets(
        `${t.url}/probe/fail`,
        JSON.stringify({ note: 'x', password: 'Probe-Pass-Secret-1' }),
        {
          authorization: `Bearer ${token}`,
          cookie: 'jrt=refresh-cookie-secret-value',
        },
      );
    });
    expect(res.status).toBe(500);
    const requestId = res.body.requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(requestId);

    // Every line is one JSON object.
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const probe = records.find((r) => r.context === 'Probe' && r.message === 'probe ran');
    const access = records.find((r) => r.context === 'HTTP');
    const failure = records.find((r) => r.context === 'Errors');
    const common = {
      requestId,
      route: 'POST /probe/fail',
      companyId: user.companyId,
      userId: user.id,
    };
    expect(probe).toMatchObject({ level: 'warn', ...common });
    expect(access).toMatchObject({ level: 'info', ...common, method: 'POST', status: 500 });
    expect(typeof access?.durationMs).toBe('number');
    expect(failure).toMatchObject({ level: 'error', requestId });
    for (const record of records) expect(new Date(String(record.time)).toISOString()).toBe(record.time);

    // Secrets never reach the log: neither the bearer token, nor the password, nor the cookie.
    const all = lines.join('\n');
    for (const secret of [token, token.split('.')[2], 'Probe-Pass-Secret-1', 'refresh-cookie-secret-value']) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('[redacted]');
  });

  it('answers X-Request-Id on every answer, and the request id in 4xx bodies stays out (their shape is the API’s)', async () => {
    const res = await t.request('GET', '/tickets');
    expect(res.status).toBe(401);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({ error: 'ERR_INVALID_TOKEN' });
  });

  it('serves no /metrics without METRICS_TOKEN', async () => {
    expect(await t.request('GET', '/metrics')).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });

  it('is live and ready, and not ready once draining or without its database', async () => {
    expect(await t.request('GET', '/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.request('GET', '/health/ready')).toMatchObject({
      status: 200,
      body: {
        status: 'ready',
        checks: {
          database: 'up',
          redis: process.env.REDIS_URL ? 'up' : 'disabled',
          migrations: 'done',
          draining: false,
        },
        failed: [],
      },
    });
    t.app.get(Lifecycle).startDraining();
    expect(await t.request('GET', '/health/ready')).toMatchObject({
      status: 503,
      body: { status: 'unready', failed: ['draining'] },
    });
    // Liveness is about the process only: a draining node is not restarted.
    expect((await t.request('GET', '/health/live')).status).toBe(200);

    const db = t.app.get(DataSource);
    await db.destroy();
    try {
      const res = await t.request('GET', '/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks.database).toBe('down');
      expect(res.body.failed).toEqual(expect.arrayContaining(['database', 'draining']));
    } finally {
      await db.initialize();
    }
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SANDBOX: 'true', METRICS_TOKEN, METRICS_PORT: String(METRICS_PORT) });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body as string;
  };

  it('asks for the token', async () => {
    expect(await t.request('GET', '/metrics')).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_TOKEN' } });
    expect(
      await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } }),
    ).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_TOKEN' } });
  });

  it('exposes every family the operations page names', async () => {
    const text = await scrape();
    for (const family of [
      'atendo_http_request_duration_seconds',
      'atendo_sockets_connected',
      'atendo_whatsapp_sessions',
      'atendo_whatsapp_messages_total',
      'atendo_whatsapp_send_failures_total',
      'atendo_job_queue_jobs',
      'atendo_job_wait_seconds',
      'atendo_job_failures_total',
      'atendo_outbound_call_failures_total',
      'atendo_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect({ family, present: text.includes(`# TYPE ${family} `) }).toEqual({ family, present: true });
    }
    expect(sample(text, 'atendo_db_pool_connections', { state: 'max' })).toBe(
      process.env.DB_URL ? t.config.dbPoolSize : 1,
    );
    expect(sample(text, 'atendo_job_queue_jobs', { queue: 'dispatch', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(text).toContain('atendo_job_queue_jobs{queue="dispatch",state="waiting"}');
  });

  it('moves: a request is timed by its route, a socket and an inbound message are counted', async () => {
    const before = await scrape();
    const live = { method: 'GET', route: '/health/live', status: '200' };
    await t.request('GET', '/health/live');
    await t.request('GET', '/health/live');
    const company = await signupCompany(t, 'Metrics');
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');

    const queue = await t.request('POST', '/queue', {
      token: company.token,
      body: { name: 'Sales', color: '#102030' },
    });
    const line = (
      await t.request('POST', '/whatsapp', {
        token: company.token,
        body: { name: 'Line', provider: 'sandbox', queueIds: [queue.body.id] },
      })
    ).body;
    await t.request('POST', `/whatsappsession/${line.id}`, { token: company.token });
    const scan = await t.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
    expect(scan.status).toBe(200);
    const inbound = await t.request('POST', `/sandbox/connections/${line.id}/messages`, {
      token: company.token,
      body: { from: '5511912345678', name: 'Customer', body: 'hello' },
    });
    expect(inbound.status).toBe(201);

    const after = await scrape();
    expect(sample(after, 'atendo_http_request_duration_seconds_count', live)).toBe(
      sample(before, 'atendo_http_request_duration_seconds_count', live) + 2,
    );
    // By pattern, never by the URL: the connection's id is no label.
    expect(after).toContain('route="/sandbox/connections/:whatsappId/messages"');
    expect(after).not.toContain(`/sandbox/connections/${line.id}/`);
    expect(sample(after, 'atendo_sockets_connected')).toBe(sample(before, 'atendo_sockets_connected') + 1);
    expect(sample(after, 'atendo_whatsapp_messages_total', { direction: 'inbound' })).toBe(
      sample(before, 'atendo_whatsapp_messages_total', { direction: 'inbound' }) + 1,
    );
    const node = /atendo_whatsapp_sessions\{status="CONNECTED",node="([^"]+)"\} 1/.exec(after)?.[1];
    expect(node).toBe(t.config.nodeId);

    socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sample(await scrape(), 'atendo_sockets_connected')).toBe(sample(before, 'atendo_sockets_connected'));
  });

  it('serves /metrics alone, without a token, on METRICS_PORT', async () => {
    const res = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE atendo_http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/health`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
