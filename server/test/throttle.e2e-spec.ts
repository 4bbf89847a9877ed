import { ADMIN, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '6' });
});
afterAll(() => t.close());

it('slows sign-in per account, then per IP', async () => {
  const attempt = (email: string) => t.request('POST', '/auth/login', { body: { email, password: 'wrong-password' } });
  for (let i = 0; i < 3; i++) expect((await attempt(ADMIN.email)).status).toBe(401);
  expect(await attempt(ADMIN.email)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
  // Another account from the same IP still gets through until the IP's own budget is spent.
  expect((await attempt('someone@else.test')).status).toBe(401);
  expect((await attempt('third@else.test')).status).toBe(401);
  expect((await attempt('fourth@else.test')).status).toBe(429);
  // Other routes are not throttled.
  expect((await t.request('GET', '/plans/list')).status).toBe(200);
});
