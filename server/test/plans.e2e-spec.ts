import { Reflector } from '@nestjs/core';
import { featureOfPath, QUEUE_COLOR_PALETTE } from '@atendo/shared';
import { REQUIRED_FEATURE } from '../src/common/decorators.js';
import { connected } from './support/conversations.js';
import { registeredRoutes } from './support/routes.js';
import { ADMIN, nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(() => t.close());

const FLAGS_ON = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};

let plans = 0;
async function createPlan(body: Record<string, unknown> = {}) {
  plans += 1;
  const res = await t.request('POST', '/plans', { token: superToken, body: { name: `Plan ${plans}`, ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}

/** A company on `planId`, created by the super-admin, with its admin signed in. */
let companies = 0;
async function companyOn(planId: number) {
  companies += 1;
  const email = `admin${companies}.${Date.now()}@plans.test`;
  const res = await t.request('POST', '/companies', {
    token: superToken,
    body: { name: `On plan ${companies}`, email, password: 'admin-pass', planId },
  });
  expect(res.status).toBe(201);
  const session = await t.login(email, 'admin-pass');
  return { id: res.body.id as number, token: session.token };
}

describe('plans (super-admin)', () => {
  it('creates with the form defaults, reads, lists, updates and deletes', async () => {
    const created = await t.request('POST', '/plans', { token: superToken, body: { name: 'Starter' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Starter',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
      ...FLAGS_ON,
    });

    const read = await t.request('GET', `/plans/${created.body.id}`, { token: superToken });
    expect(read.body).toEqual(created.body);
    const all = await t.request('GET', '/plans/all', { token: superToken });
    expect(all.body.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Default', 'Starter']));

    const updated = await t.request('PUT', `/plans/${created.body.id}`, {
      token: superToken,
      body: { name: 'Starter+', users: 5, connections: 2, queues: 4, value: 99.9, useKanban: false, useOpenAi: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Starter+',
      users: 5,
      connections: 2,
      queues: 4,
      value: 99.9,
      useKanban: false,
      useOpenAi: false,
      useCampaigns: true,
    });
    // The public list (sign-up page) shows the change too.
    const listed = (await t.request('GET', '/plans/list')).body.find((p: { id: number }) => p.id === created.body.id);
    expect(listed).toMatchObject({ name: 'Starter+', value: 99.9 });

    expect((await t.request('DELETE', `/plans/${created.body.id}`, { token: superToken })).status).toBe(204);
    expect(await t.request('GET', `/plans/${created.body.id}`, { token: superToken })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_PLAN_FOUND' },
    });
    expect((await t.request('DELETE', `/plans/${created.body.id}`, { token: superToken })).status).toBe(404);
    expect((await t.request('PUT', '/plans/abc', { token: superToken, body: { name: 'X plan' } })).status).toBe(404);
  });

  it('answers 400 with each bad field, and refuses a name already taken', async () => {
    const bad = await t.request('POST', '/plans', {
      token: superToken,
      body: { name: 'x', users: -1, connections: 1.5, queues: 'many', value: 'free', useKanban: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect(
      Object.fromEntries(bad.body.fields.map((f: { field: string; message: string }) => [f.field, f.message])),
    ).toEqual({
      name: 'validation.tooShort',
      users: 'validation.min',
      connections: 'validation.integer',
      queues: 'validation.number',
      value: 'validation.number',
      useKanban: expect.any(String),
    });
    expect((await t.request('POST', '/plans', { token: superToken, body: {} })).body.fields).toEqual([
      { field: 'name', message: 'validation.required' },
    ]);
    const first = await createPlan();
    expect(await t.request('POST', '/plans', { token: superToken, body: { name: first.name } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'validation.taken' }] },
    });
    const second = await createPlan();
    expect(
      (await t.request('PUT', `/plans/${second.id}`, { token: superToken, body: { name: first.name } })).body.fields,
    ).toEqual([{ field: 'name', message: 'validation.taken' }]);
  });

  it('is for the super-admin only; the sign-up list and one plan stay readable', async () => {
    const company = await signupCompany(t, 'NotSuper');
    const plan = await createPlan();
    // The checkout of the existing clients reads the chosen plan as the company's admin.
    expect((await t.request('GET', `/plans/${plan.id}`, { token: company.token })).body.name).toBe(plan.name);
    for (const [method, path] of [
      ['GET', '/plans/all'],
      ['POST', '/plans'],
      ['PUT', `/plans/${plan.id}`],
      ['DELETE', `/plans/${plan.id}`],
    ]) {
      const res = await t.request(method, path, {
        token: company.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'Hijack' },
      });
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    expect((await t.request('GET', `/plans/${plan.id}`, { token: superToken })).body.name).toBe(plan.name);
    expect((await t.request('GET', '/plans/list')).status).toBe(200);
  });

  it('keeps a plan some company is on', async () => {
    const plan = await createPlan();
    const company = await companyOn(plan.id);
    expect(await t.request('DELETE', `/plans/${plan.id}`, { token: superToken })).toMatchObject({
      status: 409,
      body: { error: 'ERR_PLAN_IN_USE' },
    });
    expect((await t.request('GET', `/plans/${plan.id}`, { token: superToken })).status).toBe(200);
    // Once the company moves to another plan, it can go.
    const other = await createPlan();
    const company2 = (await t.request('GET', `/companies/${company.id}`, { token: superToken })).body;
    await t.request('PUT', `/companies/${company.id}`, { token: superToken, body: { ...company2, planId: other.id } });
    expect((await t.request('DELETE', `/plans/${plan.id}`, { token: superToken })).status).toBe(204);
  });
});

describe('plan limits', () => {
  it('caps users, queues and connections at creation, and a raised limit applies at once', async () => {
    const plan = await createPlan({ users: 2, queues: 1, connections: 1 });
    const company = await companyOn(plan.id);
    const user = (n: number) =>
      t.request('POST', '/users', {
        token: company.token,
        body: { name: `Agent ${n}`, email: `agent${n}.${company.id}@limits.test`, password: 'agent-pass' },
      });
    // The first admin is the first of the two users.
    expect((await user(1)).status).toBe(201);
    expect(await user(2)).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT_USERS' } });

    const queue = (n: number) =>
      t.request('POST', '/queue', {
        token: company.token,
        body: { name: `Queue ${n}`, color: QUEUE_COLOR_PALETTE[n] },
      });
    expect((await queue(1)).status).toBe(201);
    expect(await queue(2)).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT_QUEUES' } });

    const line = (n: number) => t.request('POST', '/whatsapp', { token: company.token, body: { name: `Line ${n}` } });
    expect((await line(1)).status).toBe(201);
    expect(await line(2)).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT_CONNECTIONS' } });

    await t.request('PUT', `/plans/${plan.id}`, {
      token: superToken,
      body: { name: plan.name, users: 3, queues: 2, connections: 2 },
    });
    expect((await user(2)).status).toBe(201);
    expect((await queue(2)).status).toBe(201);
    expect((await line(2)).status).toBe(201);
  });

  it('holds under simultaneous creations', async () => {
    const plan = await createPlan({ users: 3, queues: 3, connections: 2 });
    const company = await companyOn(plan.id);
    const queues = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        t.request('POST', '/queue', {
          token: company.token,
          body: { name: `Race ${n}`, color: QUEUE_COLOR_PALETTE[n] },
        }),
      ),
    );
    expect(queues.filter((r) => r.status === 201)).toHaveLength(3);
    expect(queues.filter((r) => r.status === 403).every((r) => r.body.error === 'ERR_PLAN_LIMIT_QUEUES')).toBe(true);
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        t.request('POST', '/users', {
          token: company.token,
          body: { name: `Racer ${n}`, email: `racer${n}.${company.id}@limits.test`, password: 'agent-pass' },
        }),
      ),
    );
    // Two places left beside the admin.
    expect(users.filter((r) => r.status === 201)).toHaveLength(2);
    const lines = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        t.request('POST', '/whatsapp', { token: company.token, body: { name: `Racer ${n}` } }),
      ),
    );
    expect(lines.filter((r) => r.status === 201)).toHaveLength(2);
    expect((await t.request('GET', '/queue', { token: company.token })).body).toHaveLength(3);
  });
});

// Several server processes share one MySQL/MariaDB: the company's row lock orders their creations.
// The embedded SQLite serves one process only, so there the in-process order is the whole story.
(process.env.DB_URL ? it : it.skip)('holds when the creations land on different server processes', async () => {
  const second = await startTestApp({}, t);
  try {
    const plan = await createPlan({ queues: 1 });
    const company = await companyOn(plan.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 ? second : t).request('POST', '/queue', {
          token: company.token,
          body: { name: `Node race ${n}`, color: QUEUE_COLOR_PALETTE[n] },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  } finally {
    await second.close();
  }
});

describe('plan feature flags', () => {
  it('deny the routes of a feature the plan lacks, and a change applies at once', async () => {
    const plan = await createPlan({ useInternalChat: false });
    const company = await companyOn(plan.id);
    expect(await t.request('GET', '/chats', { token: company.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await t.request('GET', '/tags/kanban', { token: company.token })).status).toBe(200);

    // Turned on: the very next request passes, with no wait for a cache to expire.
    await t.request('PUT', `/plans/${plan.id}`, {
      token: superToken,
      body: { ...FLAGS_ON, name: plan.name, useKanban: false },
    });
    expect((await t.request('GET', '/chats', { token: company.token })).status).toBe(200);
    expect(await t.request('GET', '/tags/kanban', { token: company.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });

    // Moving the company to a plan with the feature works the same way.
    const full = await createPlan();
    const current = (await t.request('GET', `/companies/${company.id}`, { token: superToken })).body;
    await t.request('PUT', `/companies/${company.id}`, { token: superToken, body: { ...current, planId: full.id } });
    expect((await t.request('GET', '/tags/kanban', { token: company.token })).status).toBe(200);
    // The menu reads the same flags.
    const listed = await t.request('GET', `/companies/listPlan/${company.id}`, { token: company.token });
    expect(listed.body.plan).toMatchObject(FLAGS_ON);
  });

  it("reach the company's open screens at once: a plan edit and a move to another plan", async () => {
    const plan = await createPlan({ useKanban: false });
    const company = await companyOn(plan.id);
    const bystander = await companyOn((await createPlan()).id);
    const socket = await connected(t.socket(company.token));
    const other = await connected(t.socket(bystander.token));

    const edited = nextEvent(socket, `company-${company.id}-plan`);
    const unrelated = receives(other, `company-${bystander.id}-plan`);
    await t.request('PUT', `/plans/${plan.id}`, { token: superToken, body: { name: plan.name, useKanban: true } });
    expect(await edited).toMatchObject({ action: 'update', plan: { id: plan.id, useKanban: true } });
    expect(await unrelated).toBe(false);

    const target = await createPlan({ users: 7 });
    const moved = nextEvent(socket, `company-${company.id}-plan`);
    const current = (await t.request('GET', `/companies/${company.id}`, { token: superToken })).body;
    await t.request('PUT', `/companies/${company.id}`, { token: superToken, body: { ...current, planId: target.id } });
    expect(await moved).toMatchObject({ action: 'update', plan: { id: target.id, name: target.name, users: 7 } });

    // Saving the company without touching its plan tells nobody anything.
    const quiet = receives(socket, `company-${company.id}-plan`);
    await t.request('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { ...current, planId: target.id, name: 'Renamed' },
    });
    expect(await quiet).toBe(false);
  });

  it('reach the other server processes of the installation through Redis', async () => {
    const second = await startTestApp({}, t);
    try {
      const plan = await createPlan({ useInternalChat: false });
      const company = await companyOn(plan.id);
      expect((await second.request('GET', '/chats', { token: company.token })).status).toBe(403);
      await t.request('PUT', `/plans/${plan.id}`, {
        token: superToken,
        body: { name: plan.name, useInternalChat: true },
      });
      // The other node's cache is cleared over Redis; a lone process has no other node to tell.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const status = (await second.request('GET', '/chats', { token: company.token })).status;
      expect(status).toBe(process.env.REDIS_URL ? 200 : 403);
    } finally {
      await second.close();
    }
  });
});

it("every route under a plan feature's paths requires that feature, and no other route does", () => {
  const reflector = new Reflector();
  const routes = registeredRoutes(t.app).map(({ route, handler, controller }) => ({
    route,
    feature: reflector.getAllAndOverride<string | undefined>(REQUIRED_FEATURE, [handler, controller]) ?? null,
  }));
  expect(routes).toEqual(expect.arrayContaining([{ route: 'GET /chats', feature: 'useInternalChat' }]));
  const mismatched = routes
    .map(({ route, feature }) => ({ route, feature, expected: featureOfPath(route.split(' ')[1]) }))
    .filter(({ feature, expected }) => feature !== expected);
  expect(mismatched).toEqual([]);
});
