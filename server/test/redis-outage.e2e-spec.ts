import { startTcpProxy, type TcpProxy } from '../../scripts/lib/tcp-proxy.mjs';
import { nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// Two nodes reach Redis through a proxy that can cut them off, as when Redis restarts: the shared
// Redis of the other test files runs on.
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('a Redis outage', () => {
  let proxy: TcpProxy;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL!);
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    first = await startTestApp({ REDIS_URL: proxy.url });
    second = await startTestApp({ REDIS_URL: proxy.url }, first);
  });
  // The node that lived through the cut takes about 40 s to close (measured on this machine, with
  // the server code of before and after the AI and integration modules alike): more than the
  // hooks' 30 s default. Why its shutdown waits that long is open.
  afterAll(async () => {
    proxy.restore();
    await second?.close();
    await first?.close();
    await proxy.close();
  }, 120_000);

  const until = async (check: () => Promise<boolean>, ms: number) => {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const healthy = async (t: TestApp) => (await t.request('GET', '/health')).body.status === 'ok';

  it('keeps both nodes up and signing in, says so in health, and recovers by itself', async () => {
    const company = await signupCompany(first, 'Outage');
    const before = second.socket(company.token);
    await nextEvent(before, 'ready');
    const dropped = nextEvent(before, 'disconnect', 15_000);

    proxy.cut();
    // Emits and announcements fail in the background (the adapter publishes without awaiting).
    const queue = { token: company.token, body: { name: 'During the outage', color: '#5300EB' } };
    expect((await first.request('POST', '/queue', queue)).status).toBe(201);
    expect(await first.request('GET', '/health')).toMatchObject({
      status: 200,
      body: { status: 'degraded', database: 'up', redis: 'down' },
    });
    // Sign-in counts its attempts in this node's memory meanwhile; it also ends the older session,
    // which the other node cannot hear of yet.
    const signIn = await first.request('POST', '/auth/login', {
      body: { email: company.email, password: company.password },
    });
    expect(signIn.status).toBe(200);
    // Long enough for the connections to give up the commands they held.
    await new Promise((r) => setTimeout(r, 1500));
    proxy.restore();

    await until(async () => (await healthy(first)) && (await healthy(second)), 10_000);
    // The other node checks its sockets again once it hears the sessions' channel: the one of the
    // session that ended meanwhile goes.
    await dropped;
    const after = second.socket(signIn.body.token);
    await nextEvent(after, 'ready');
    // Events cross between the nodes again.
    const heard = receives(after, `company-${company.companyId}-queue`, 3000);
    await first.request('POST', '/queue', {
      token: signIn.body.token,
      body: { name: 'After the outage', color: '#0693E3' },
    });
    expect(await heard).toBe(true);
  });
});
