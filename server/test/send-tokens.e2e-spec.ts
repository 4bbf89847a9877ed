import { randomBytes } from 'node:crypto';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Guessing send-API tokens: wrong ones are counted per IP, at `POST /api/messages/send` and as a
 * clash with another company's token in the connection form, on every node (with Redis).
 */
const BUDGET = 5;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp({ SANDBOX: 'true', SEND_TOKEN_FAILURES_PER_IP: String(BUDGET) });
  second = await startTestApp({ SANDBOX: 'true', SEND_TOKEN_FAILURES_PER_IP: String(BUDGET) }, first);
}, 60_000);
afterAll(async () => {
  await second.close();
  await first.close();
});

let nextIp = 1;
/** A fresh client address, so each test counts only what it sends. */
const newIp = () => `10.30.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function call(t: TestApp, ip: string, method: 'POST' | 'PUT', url: string, bearer: string, payload: object) {
  const res = await t.app
    .getHttpAdapter()
    .getInstance()
    .inject({
      method,
      url,
      remoteAddress: ip,
      headers: { accept: 'application/json', authorization: `Bearer ${bearer}` },
      payload,
    });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
}

/** A send with no number: a right token gets as far as the body (400), a wrong one 401. */
const send = (t: TestApp, ip: string, token: string) => call(t, ip, 'POST', '/api/messages/send', token, {});
const guess = () => randomBytes(32).toString('hex');

async function connection(company: Awaited<ReturnType<typeof signupCompany>>, token?: string) {
  const res = await first.request('POST', '/whatsapp', {
    token: company.token,
    body: { name: 'API line', provider: 'sandbox', ...(token ? { token } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; token: string };
}

describe('send-API tokens', () => {
  it('throttles wrong tokens per IP, on every node with Redis, and then answers a right one 429 too', async () => {
    const line = await connection(await signupCompany(first, 'Guessed'));
    const attacker = newIp();
    for (let i = 0; i < BUDGET; i++) {
      expect((await send(first, attacker, guess())).body).toEqual({ error: 'ERR_INVALID_TOKEN' });
    }
    const refused = await send(first, attacker, guess());
    expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The right token tells the attacker nothing now.
    expect((await send(first, attacker, line.token)).status).toBe(429);
    // The other node counts the same failures when Redis carries them (each node alone without it).
    expect((await send(second, attacker, guess())).status).toBe(process.env.REDIS_URL ? 429 : 401);
    // Anyone else, and the right token, go on.
    const owner = newIp();
    const sent = await send(first, owner, line.token);
    expect(sent).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    for (let i = 0; i < BUDGET + 2; i++) expect((await send(second, owner, line.token)).status).toBe(400);
  });

  it('counts guesses sent at once before they are looked up', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => send(first, ip, guess())));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(BUDGET);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - BUDGET);
  });

  it("counts a token chosen in the form that another company holds as a wrong token, and one's own not", async () => {
    const owner = await signupCompany(first, 'Holder');
    const held = `holder-${randomBytes(16).toString('hex')}`;
    await connection(owner, held);
    const intruder = await signupCompany(first, 'Chooser');
    const own = await connection(intruder);
    const ip = newIp();
    const choose = (t: TestApp, token: string) =>
      call(t, ip, 'PUT', `/whatsapp/${own.id}`, intruder.token, { token, name: 'API line' });
    const taken = { status: 400, body: { fields: [{ field: 'token', message: 'validation.taken' }] } };
    for (let i = 0; i < BUDGET; i++) expect(await choose(first, held)).toMatchObject(taken);
    // Past the budget every chosen token answers 429, a free one too: no answer tells which exist.
    expect(await choose(first, held)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect((await choose(first, guess())).status).toBe(429);
    expect((await send(first, ip, guess())).status).toBe(429);
    if (process.env.REDIS_URL) expect((await choose(second, guess())).status).toBe(429);
    // The token was not taken over, and the intruder's connection keeps its own.
    const read = await first.request('GET', `/whatsapp/${own.id}`, { token: intruder.token });
    expect(read.body.token).toBe(own.token);

    // A clash with one of the company's own tokens, or a free token, costs nothing.
    const other = await connection(owner);
    const ownerIp = newIp();
    for (let i = 0; i < BUDGET + 2; i++) {
      const clash = await call(first, ownerIp, 'PUT', `/whatsapp/${other.id}`, owner.token, { token: held });
      expect(clash).toMatchObject(taken);
    }
    const free = `free-${randomBytes(16).toString('hex')}`;
    const changed = await call(first, ownerIp, 'PUT', `/whatsapp/${other.id}`, owner.token, { token: free });
    expect(changed).toMatchObject({ status: 200, body: { token: free } });
  });
});
