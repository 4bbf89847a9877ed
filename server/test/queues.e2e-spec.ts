import { DEFAULT_QUEUE_SCHEDULES, QUEUE_COLOR_PALETTE } from '@atendo/shared';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('queues', () => {
  it('creates, reads, orders, updates and deletes', async () => {
    const { token } = await signupCompany(t, 'Queues');
    const support = await t.request('POST', '/queue', {
      token,
      body: {
        name: 'Support',
        color: '#008B02',
        greetingMessage: 'Hi!',
        orderQueue: 2,
        schedules: DEFAULT_QUEUE_SCHEDULES,
      },
    });
    expect(support.status).toBe(201);
    expect(support.body).toMatchObject({
      name: 'Support',
      color: '#008B02',
      greetingMessage: 'Hi!',
      orderQueue: 2,
      outOfHoursMessage: '',
    });
    expect(support.body.schedules).toHaveLength(7);
    await t.request('POST', '/queue', { token, body: { name: 'Billing', color: '#B80000', orderQueue: 1 } });
    await t.request('POST', '/queue', { token, body: { name: 'Archive', color: '#999999' } });

    const list = await t.request('GET', '/queue', { token });
    expect(list.body.map((q: { name: string }) => q.name)).toEqual(['Billing', 'Support', 'Archive']);

    const updated = await t.request('PUT', `/queue/${support.body.id}`, {
      token,
      body: { name: 'Support 2', color: '#008B02' },
    });
    expect(updated.body).toMatchObject({ id: support.body.id, name: 'Support 2' });
    expect((await t.request('GET', `/queue/${support.body.id}`, { token })).body.name).toBe('Support 2');

    expect((await t.request('DELETE', `/queue/${support.body.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/queue/${support.body.id}`, { token })).body).toEqual({
      error: 'ERR_NO_QUEUE_FOUND',
    });
  });

  it('refuses a colour or a name already used by another queue of the company', async () => {
    const { token } = await signupCompany(t, 'Colours');
    const first = await t.request('POST', '/queue', { token, body: { name: 'One', color: '#1273DE' } });
    expect(await t.request('POST', '/queue', { token, body: { name: 'Two', color: '#1273DE' } })).toMatchObject({
      status: 409,
      body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' },
    });
    expect(await t.request('POST', '/queue', { token, body: { name: 'One', color: '#004DCF' } })).toMatchObject({
      status: 409,
      body: { error: 'ERR_QUEUE_NAME_ALREADY_EXISTS' },
    });
    // Keeping its own colour on update is fine; another company may use the same colour.
    expect(
      (await t.request('PUT', `/queue/${first.body.id}`, { token, body: { name: 'One!', color: '#1273DE' } })).status,
    ).toBe(200);
    const other = await signupCompany(t, 'OtherColours');
    expect(
      (await t.request('POST', '/queue', { token: other.token, body: { name: 'One', color: '#1273DE' } })).status,
    ).toBe(201);
  });

  it('validates name and colour', async () => {
    const { token } = await signupCompany(t, 'Validation');
    const res = await t.request('POST', '/queue', { token, body: { name: 'x', color: 'red' } });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['color', 'name']);
  });

  it('enforces the plan limit on queues', async () => {
    const company = await signupCompany(t, 'QueueLimit');
    const plan = await t.request('GET', `/companies/listPlan/${company.companyId}`, { token: company.token });
    for (let i = 0; i < plan.body.plan.queues; i++) {
      expect(
        (
          await t.request('POST', '/queue', {
            token: company.token,
            body: { name: `Q${i}`, color: QUEUE_COLOR_PALETTE[i] },
          })
        ).status,
      ).toBe(201);
    }
    expect(
      await t.request('POST', '/queue', { token: company.token, body: { name: 'Too many', color: '#000000' } }),
    ).toMatchObject({
      status: 403,
      body: { error: 'ERR_PLAN_LIMIT_QUEUES' },
    });
  });

  it('lets agents read queues but only admins change them', async () => {
    const company = await signupCompany(t, 'AgentQueues');
    await t.request('POST', '/users', {
      token: company.token,
      body: { name: 'Agent', email: 'agent@agentqueues.test', password: 'agent-pass' },
    });
    const agent = await t.login('agent@agentqueues.test', 'agent-pass');
    expect((await t.request('GET', '/queue', { token: agent.token })).status).toBe(200);
    expect(
      (await t.request('POST', '/queue', { token: agent.token, body: { name: 'Mine', color: '#000000' } })).status,
    ).toBe(403);
  });
});
