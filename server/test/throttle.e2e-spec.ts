import { ADMIN, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    LOGIN_LIMIT_PER_ACCOUNT: '3',
    LOGIN_LIMIT_PER_IP: '6',
    LOGIN_LIMIT_PER_ACCOUNT_HOURLY: '8',
    SIGNUP_LIMIT_PER_IP: '5',
  });
});
afterAll(() => t.close());

let nextIp = 1;
/** A fresh client address, so each test counts only what it sends. */
const newIp = () => `10.20.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function post(url: string, ip: string, payload?: object) {
  const res = await t.app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url, remoteAddress: ip, headers: { accept: 'application/json' }, payload });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
}
const signIn = (email: string, password: string, ip: string) => post('/auth/login', ip, { email, password });

describe('sign-in throttling', () => {
  it("throttles an attacker's IP without locking the owner out from another", async () => {
    const owner = await signupCompany(t, 'Locked');
    const attacker = newIp();
    for (let i = 0; i < 3; i++) expect((await signIn(owner.email, 'wrong-password', attacker)).status).toBe(401);
    const refused = await signIn(owner.email, 'wrong-password', attacker);
    expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Not even the right password gets through for the attacker now: it learns nothing.
    expect((await signIn(owner.email, owner.password, attacker)).status).toBe(429);
    // The owner, from an IP that never failed, signs in.
    expect((await signIn(owner.email, owner.password, newIp())).status).toBe(200);
  });

  it('counts failures only: a success clears its account and IP pair', async () => {
    const owner = await signupCompany(t, 'Clears');
    const ip = newIp();
    for (let i = 0; i < 2; i++) expect((await signIn(owner.email, 'typo-password', ip)).status).toBe(401);
    expect((await signIn(owner.email, owner.password, ip)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn(owner.email, 'typo-password', ip)).status).toBe(401);
    expect((await signIn(owner.email, 'typo-password', ip)).status).toBe(429);
  });

  it('slows one IP trying many accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 6; i++) expect((await signIn(`nobody${i}@spray.test`, 'guess-password', ip)).status).toBe(401);
    expect((await signIn('nobody-else@spray.test', 'guess-password', ip)).status).toBe(429);
    expect((await signIn(ADMIN.email, ADMIN.password, newIp())).status).toBe(200);
  });

  it('holds guessing spread over many IPs at an account-wide ceiling, except for IPs the owner signed in from', async () => {
    const owner = await signupCompany(t, 'Spread');
    const home = newIp();
    expect((await signIn(owner.email, owner.password, home)).status).toBe(200);
    // Eight failures from four IPs, each IP under its own budgets.
    for (let i = 0; i < 4; i++) {
      const ip = newIp();
      for (let j = 0; j < 2; j++) expect((await signIn(owner.email, 'spread-guess', ip)).status).toBe(401);
    }
    expect((await signIn(owner.email, 'spread-guess', newIp())).status).toBe(429);
    expect((await signIn(owner.email, owner.password, newIp())).status).toBe(429);
    expect((await signIn(owner.email, owner.password, home)).status).toBe(200);
  });

  it('counts an attempt before checking it, so parallel guesses cannot pass the budget', async () => {
    const owner = await signupCompany(t, 'Parallel');
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn(owner.email, 'parallel-guess', ip).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 401)).toHaveLength(3);
    expect(answers.filter((s) => s === 429)).toHaveLength(7);
  });
});

it('slows sign-ups per IP, and nothing else', async () => {
  const ip = newIp();
  const plans = await t.request('GET', '/plans/list');
  const signup = (n: number) =>
    post('/companies/cadastro', ip, {
      name: `Throttled ${n}`,
      email: `throttled${n}@signup.test`,
      password: 'company-pass',
      planId: plans.body[0].id,
    });
  expect((await signup(1)).status).toBe(201);
  // Probing for taken addresses spends the same budget.
  for (let i = 0; i < 4; i++) expect((await signup(1)).status).toBe(409);
  expect(await signup(2)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
  expect((await post('/companies/cadastro', newIp(), {})).status).toBe(400);
  expect((await t.request('GET', '/plans/list')).status).toBe(200);
});
