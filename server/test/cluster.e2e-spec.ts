import { nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

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
