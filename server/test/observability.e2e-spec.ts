import { jest } from '@jest/globals';
import { Controller, Injectable, Logger, Module, Post, Req } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { Lifecycle } from '../src/modules/health/lifecycle.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

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
    let res!: Awaited<ReturnType<TestApp['request']>>;
    const lines = await tap.during(async () => {
      res = await t.request('POST', '/probe/fail', {
        token,
        body: { note: 'x', password: 'Probe-Pass-Secret-1' },
        cookies: { jrt: 'refresh-cookie-secret-value' },
      });
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
