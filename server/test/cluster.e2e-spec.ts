import { ADMIN, nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// Two server processes of one installation, as behind a load balancer: same database, same Redis.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({}, first);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

it('a token issued by one node is honoured by the other', async () => {
  const company = await signupCompany(first, 'Cluster');
  expect((await second.request('GET', '/auth/me', { token: company.token })).status).toBe(200);
});

it('an event raised on one node reaches sockets held by the other when Redis carries the rooms', async () => {
  const company = await signupCompany(first, 'ClusterRooms');
  const socket = second.socket(company.token);
  await nextEvent(socket, 'ready');
  const heard = receives(socket, `company-${company.companyId}-queue`, 1500);
  await first.request('POST', '/queue', { token: company.token, body: { name: 'Cross-node', color: '#5300EB' } });
  // Without Redis each process only reaches its own sockets: that is why REDIS_URL is required
  // to run more than one.
  expect(await heard).toBe(!!process.env.REDIS_URL);
});

/** Resolves with the milliseconds `check` took to hold, or rejects after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

/** Whether a new socket with `token` is refused at its handshake. */
function refused(t: TestApp, token: string): Promise<boolean> {
  const socket = t.socket(token);
  return new Promise((resolve) => {
    socket.once('connect_error', () => resolve(true));
    socket.once('ready', () => resolve(false));
  });
}

// Each node remembers a live session for a few seconds; an end must reach the other nodes at once
// (over Redis) rather than when that memory runs out.
const withRedis = process.env.REDIS_URL ? it : it.skip;

withRedis('a sign-out on one node is refused by the other at once, and drops its sockets there', async () => {
  const company = await signupCompany(first, 'ClusterLogout');
  expect((await second.request('GET', '/auth/me', { token: company.token })).status).toBe(200);
  const socket = second.socket(company.token);
  await nextEvent(socket, 'ready');
  const dropped = nextEvent(socket, 'disconnect');

  const res = await first.request('DELETE', '/auth/logout', {
    token: company.token,
    cookies: { jrt: company.refresh },
  });
  expect(res.status).toBe(204);
  await within(1000, async () => (await second.request('GET', '/auth/me', { token: company.token })).status === 401);
  await dropped;
  expect(await refused(second, company.token)).toBe(true);
});

withRedis('disabling a company ends its sessions on every node at once', async () => {
  const company = await signupCompany(first, 'ClusterDisable');
  const root = await first.login(ADMIN.email, ADMIN.password);
  expect((await second.request('GET', '/auth/me', { token: company.token })).status).toBe(200);
  const socket = second.socket(company.token);
  await nextEvent(socket, 'ready');
  const dropped = nextEvent(socket, 'disconnect');

  const current = (await first.request('GET', `/companies/${company.companyId}`, { token: root.token })).body;
  const res = await first.request('PUT', `/companies/${company.companyId}`, {
    token: root.token,
    body: { ...current, status: false },
  });
  expect(res.status).toBe(200);
  await within(1000, async () => (await second.request('GET', '/auth/me', { token: company.token })).status === 401);
  await dropped;
  expect(await refused(second, company.token)).toBe(true);
});
