import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { OUTBOUND_PORT, type OutboundPort } from '../src/modules/gateway/gateway.types.js';
import { LEASE_RENEW_MS, LEASE_TTL_MS, RedisLease } from '../src/modules/gateway/lease.js';
import { SessionManager } from '../src/modules/gateway/session-manager.js';
import { RecordingSink, recordingSinkModule } from './support/recording-sink.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// Two server processes of one installation sharing one database (and Redis when REDIS_URL is set):
// each connection's session runs on exactly one of them, under a lease in Redis.
const ENV = { SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '10' };
const withRedis = !!process.env.REDIS_URL;
const sink = new RecordingSink();
let first: TestApp;
let second: TestApp;
let redis: Redis | null = null;

beforeAll(async () => {
  first = await startTestApp(ENV, undefined, { extraModules: [recordingSinkModule(sink)] });
  second = await startTestApp(ENV, first, { extraModules: [recordingSinkModule(sink)] });
  if (withRedis) redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  await redis?.quit();
  await second.close();
  await first.close();
});

const managerOf = (t: TestApp) => t.app.get(SessionManager);
const leaseKey = (id: number) => `${first.config.redisPrefix}:wa-lease:${id}`;

async function startedOnFirst() {
  const company = await signupCompany(first, 'Nodes');
  const line = (
    await first.request('POST', '/whatsapp', { token: company.token, body: { name: 'Shared', provider: 'sandbox' } })
  ).body as { id: number };
  expect((await first.request('POST', `/whatsappsession/${line.id}`, { token: company.token })).status).toBe(200);
  return { company, line };
}

it('runs a session on one node only, and the other node reaches it through the holder', async () => {
  const { company, line } = await startedOnFirst();
  expect(managerOf(first).isLocal(line.id)).toBe(true);
  // Asking the other node to start it does not open a second socket on the number.
  await second.request('POST', `/whatsappsession/${line.id}`, { token: company.token });
  expect(managerOf(second).isLocal(line.id)).toBe(!withRedis);
  if (!withRedis) return;
  expect(await redis!.get(leaseKey(line.id))).toBe(managerOf(first).nodeId);
  expect(Number(await redis!.pttl(leaseKey(line.id)))).toBeGreaterThan(LEASE_TTL_MS - LEASE_RENEW_MS);

  // Scan, inject and send through the node that does not hold the session.
  const scan = await second.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
  expect(scan).toMatchObject({ status: 200, body: { status: 'CONNECTED' } });
  const res = await second.request('POST', `/sandbox/connections/${line.id}/messages`, {
    token: company.token,
    body: { from: '5511912345678', body: 'via the other node' },
  });
  expect(res.status).toBe(201);
  await sink.until(() => sink.messages.find((m) => m.providerId === res.body.providerId));
  const outbound = second.app.get<OutboundPort>(OUTBOUND_PORT);
  const sent = await outbound.sendText(line.id, { number: '5511912345678', isGroup: false }, 'hi');
  expect(sent.timestamp).toBeInstanceOf(Date);
  await sink.until(() => sink.changes.find((c) => c.kind === 'ack' && c.providerId === sent.providerId && c.ack === 4));
  expect(await outbound.checkNumber(line.id, '5511912345678')).toEqual({ exists: true, number: '5511912345678' });
  await second.request('PUT', '/sandbox/numbers/5511900000001', { token: company.token, body: { onWhatsApp: false } });
  await expect(outbound.sendText(line.id, { number: '5511900000001', isGroup: false }, 'hi')).rejects.toMatchObject({
    code: 'ERR_WAPP_INVALID_CONTACT',
  });

  // Disconnecting through the other node signs the holder's session out.
  expect((await second.request('DELETE', `/whatsappsession/${line.id}`, { token: company.token })).status).toBe(200);
  expect(managerOf(first).isLocal(line.id)).toBe(false);
  expect(await redis!.get(leaseKey(line.id))).toBeNull();
  expect((await first.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.status).toBe(
    'DISCONNECTED',
  );
});

(withRedis ? it : it.skip)(
  'stops a session whose lease another node took, and takes over when the holder died',
  async () => {
    const { company, line } = await startedOnFirst();
    await first.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });

    // The lease went to someone else (this node stalled past the TTL): renewing finds out and stops.
    await redis!.set(leaseKey(line.id), 'another-node', 'PX', 200);
    await managerOf(first).renewLeases();
    expect(managerOf(first).isLocal(line.id)).toBe(false);
    // A holder that does not answer (its process is gone) makes sends fail fast, not hang, and
    // retryable: the session is on its way to another node.
    await expect(
      first.app.get<OutboundPort>(OUTBOUND_PORT).sendText(line.id, { number: '5511912345678', isGroup: false }, 'x'),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_UNAVAILABLE' });

    // That holder dies: its lease expires and the next sweep of a live node (either: both sweep
    // every second) takes the session over, connected again from the stored auth state.
    await new Promise((r) => setTimeout(r, 300));
    await managerOf(second).sweep();
    const holder = managerOf(first).isLocal(line.id) ? first : second;
    const other = holder === first ? second : first;
    expect(managerOf(other).isLocal(line.id)).toBe(false);
    expect(await redis!.get(leaseKey(line.id))).toBe(managerOf(holder).nodeId);
    for (let i = 0; i < 30; i++) {
      if ((await first.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.status === 'CONNECTED')
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await first.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.status).toBe(
      'CONNECTED',
    );
    // The other node's own sweep leaves it where it is.
    await managerOf(other).sweep();
    expect(managerOf(other).isLocal(line.id)).toBe(false);
    const sent = await other.app
      .get<OutboundPort>(OUTBOUND_PORT)
      .sendText(line.id, { number: '5511912345678', isGroup: false }, 'through the new holder');
    expect(sent.providerId).toEqual(expect.any(String));
  },
);

(withRedis ? it : it.skip)(
  'refuses inbound with a retryable 503 while the holder is gone, and takes it once the lease lapses',
  async () => {
    const { company, line } = await startedOnFirst();
    await first.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
    // The holder dies without a word: its lease runs on for a moment.
    await redis!.set(leaseKey(line.id), 'a-node-that-died', 'PX', 1_000);
    await managerOf(first).renewLeases();
    expect(managerOf(first).isLocal(line.id)).toBe(false);

    const message = { token: company.token, body: { from: '5511912340000', id: 'GAP-1', body: 'during the gap' } };
    const refused = await second.request('POST', `/sandbox/connections/${line.id}/messages`, message);
    expect(refused).toMatchObject({ status: 503, body: { error: 'ERR_WAPP_UNAVAILABLE' } });
    expect(refused.headers['retry-after']).toBe('1');

    // Sent again once the lease lapsed, it starts the session where it arrived if no sweep did yet.
    await new Promise((r) => setTimeout(r, 1_100));
    const taken = await second.request('POST', `/sandbox/connections/${line.id}/messages`, message);
    expect(taken).toMatchObject({ status: 201, body: { providerId: 'GAP-1' } });
    await sink.until(() => sink.messages.find((m) => m.providerId === 'GAP-1'));
    expect(managerOf(first).isLocal(line.id) || managerOf(second).isLocal(line.id)).toBe(true);
  },
);

(withRedis ? it : it.skip)('stops a session whose lease it could not renew before it may lapse', async () => {
  const { company, line } = await startedOnFirst();
  await first.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
  const renew = jest.spyOn(RedisLease.prototype, 'renew').mockRejectedValue(new Error('Redis is away'));
  try {
    // One failed renewal is borne: the lease still runs.
    await managerOf(first).renewLeases();
    expect(managerOf(first).isLocal(line.id)).toBe(true);
    // Later, with the lease about to lapse unrenewed, running on could mean running beside a new holder.
    await managerOf(first).renewLeases(Date.now() + LEASE_TTL_MS - LEASE_RENEW_MS);
    expect(managerOf(first).isLocal(line.id)).toBe(false);
  } finally {
    renew.mockRestore();
  }
  // Stopping is not disconnecting: the connection resumes as soon as a node holds its lease.
  expect((await first.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.status).toBe('CONNECTED');
});
