import type { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { DataSource, IsNull } from 'typeorm';
import { RealtimeService } from '../src/modules/realtime/realtime.service.js';
import { SessionEntity } from '../src/modules/sessions/entities/session.entity.js';
import { nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/** Tight sign-in budgets, so three wrong passwords lock an account and IP pair (and the IP) out. */
const BUDGETS = { LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '3' };

/** A sign-in over a real connection from this machine, as a proxy on it would send it. */
async function signIn(t: TestApp, email: string, password: string, forwardedFor: string) {
  const res = await fetch(`${t.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; user?: { id: number } } };
}

async function lockOut(t: TestApp, email: string, forwardedFor: string) {
  for (let i = 0; i < 3; i++) expect((await signIn(t, email, 'wrong-password', forwardedFor)).status).toBe(401);
  expect((await signIn(t, email, 'wrong-password', forwardedFor)).status).toBe(429);
}

/** The address recorded for the user's live session (a sign-in ends the ones before it). */
async function sessionIp(t: TestApp, userId: number): Promise<string> {
  const sessions = t.app.get(DataSource).getRepository(SessionEntity);
  return (await sessions.findOneByOrFail({ userId, revokedAt: IsNull() })).ip;
}

/** The address the server holds for a socket that connected through a proxy saying `forwardedFor`. */
async function handshakeAddress(t: TestApp, token: string, forwardedFor: string): Promise<string> {
  const socket = io(t.url, {
    transports: ['websocket'],
    query: { token },
    extraHeaders: { 'x-forwarded-for': forwardedFor },
    reconnection: false,
    forceNew: true,
  });
  try {
    await nextEvent(socket, 'ready');
    const server = (t.app.get(RealtimeService) as unknown as { server: Server }).server;
    const [held] = (await server.fetchSockets()).filter((s) => s.id === socket.id);
    return held.handshake.address;
  } finally {
    socket.disconnect();
  }
}

describe('behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...BUDGETS, TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  it('throttles two clients of the proxy apart and records each one’s own address', async () => {
    const owner = await signupCompany(t, 'Proxied');
    await lockOut(t, owner.email, '203.0.113.10');
    // Another client behind the same proxy is neither held by that pair nor by that IP's budget.
    const signedIn = await signIn(t, owner.email, owner.password, '198.51.100.20');
    expect(signedIn.status).toBe(200);
    expect((await signIn(t, 'nobody@proxied.test', 'wrong-password', '198.51.100.20')).status).toBe(401);
    expect(await sessionIp(t, signedIn.body.user!.id)).toBe('198.51.100.20');
  });

  it('believes only the trusted hops: an address the client itself prepends is ignored', async () => {
    const owner = await signupCompany(t, 'Chain');
    await lockOut(t, owner.email, '203.0.113.30');
    // The client claims to be the locked-out address; the proxy appends whom it really saw.
    const forged = await signIn(t, owner.email, owner.password, '203.0.113.30, 198.51.100.31');
    expect(forged.status).toBe(200);
    expect(await sessionIp(t, forged.body.user!.id)).toBe('198.51.100.31');
  });

  it('gives the socket handshake the forwarded address', async () => {
    const owner = await signupCompany(t, 'Socket');
    expect(await handshakeAddress(t, owner.token, '198.51.100.40')).toBe('198.51.100.40');
  });
});

describe('with no proxy trusted (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(BUDGETS);
  });
  afterAll(() => t.close());

  it('records the connection’s own address for sessions and sockets', async () => {
    const owner = await signupCompany(t, 'DirectSocket');
    const signedIn = await signIn(t, owner.email, owner.password, '198.51.100.70');
    expect(signedIn.status).toBe(200);
    expect(await sessionIp(t, signedIn.body.user!.id)).toBe('127.0.0.1');
    expect(await handshakeAddress(t, signedIn.body.token!, '198.51.100.71')).toBe('127.0.0.1');
  });

  // Last: the lock-out spends this machine's IP budget for a minute.
  it('ignores a forged X-Forwarded-For: every client still shares the connection’s address and budget', async () => {
    const owner = await signupCompany(t, 'Direct');
    await lockOut(t, owner.email, '203.0.113.50');
    expect((await signIn(t, owner.email, owner.password, '198.51.100.60')).status).toBe(429);
    expect((await signIn(t, 'nobody@direct.test', 'wrong-password', '198.51.100.61')).status).toBe(429);
  });
});
