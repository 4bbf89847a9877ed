import { DataSource } from 'typeorm';
import { PlanEntity } from '../src/modules/plans/entities/plan.entity.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signupCompany>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signupCompany(t, 'Users');
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Maria Agent',
  email: `maria.${Math.random().toString(36).slice(2, 8)}@users.test`,
  password: 'agent-pass',
  profile: 'user',
  ...over,
});

describe('users', () => {
  it('creates a user with queues, lists, searches, pages and deletes', async () => {
    const queue = await t.request('POST', '/queue', { token: admin.token, body: { name: 'Sales', color: '#1273DE' } });
    expect(queue.status).toBe(201);
    const created = await t.request('POST', '/users', {
      token: admin.token,
      body: newUser({ queueIds: [queue.body.id], allTicket: 'enabled' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria Agent',
      profile: 'user',
      allTicket: 'enabled',
      queues: [{ id: queue.body.id, name: 'Sales', color: '#1273DE' }],
    });
    expect(created.body).not.toHaveProperty('passwordHash');

    const page = await t.request('GET', '/users/?searchParam=MARIA&pageNumber=1', { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ hasMore: false, count: 1 });
    expect(page.body.users[0].id).toBe(created.body.id);

    const list = await t.request('GET', '/users/list', { token: admin.token });
    expect(list.body.map((u: { name: string }) => u.name)).toEqual(expect.arrayContaining(['Maria Agent']));
    expect(list.body[0]).not.toHaveProperty('email');

    const agent = await t.login(created.body.email, 'agent-pass');
    expect(agent.user.queues).toHaveLength(1);

    expect((await t.request('DELETE', `/users/${created.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.request('GET', `/users/${created.body.id}`, { token: admin.token })).body).toEqual({
      error: 'ERR_NO_USER_FOUND',
    });
    // The deleted user's session ended with them.
    expect((await t.request('GET', '/auth/me', { token: agent.token })).status).toBe(401);
  });

  it("finds a search's wildcards and escape character as typed, on every engine", async () => {
    const company = await signupCompany(t, 'Wildcards');
    for (const name of ['Promo 50% off', 'Promo 500 off', 'Promo a_b', 'Promo axb', 'Promo wow!']) {
      const created = await t.request('POST', '/users', { token: company.token, body: newUser({ name }) });
      expect(created.status).toBe(201);
    }
    const names = async (search: string) => {
      const page = await t.request('GET', `/users/?searchParam=${encodeURIComponent(search)}`, {
        token: company.token,
      });
      expect(page.status).toBe(200);
      return (page.body.users as { name: string }[]).map((u) => u.name).sort();
    };
    expect(await names('50%')).toEqual(['Promo 50% off']);
    expect(await names('a_b')).toEqual(['Promo a_b']);
    expect(await names('wow!')).toEqual(['Promo wow!']);
    expect(await names('promo')).toHaveLength(5);
  });

  it('pages 20 at a time', async () => {
    const company = await signupCompany(t, 'Paging');
    await t.app.get(DataSource).getRepository(PlanEntity).update({ name: 'Default' }, { users: 0 });
    for (let i = 0; i < 22; i++) {
      const res = await t.request('POST', '/users', {
        token: company.token,
        body: newUser({ name: `Pager ${String(i).padStart(2, '0')}` }),
      });
      expect(res.status).toBe(201);
    }
    const first = await t.request('GET', '/users/?pageNumber=1', { token: company.token });
    const second = await t.request('GET', '/users/?pageNumber=2', { token: company.token });
    expect(first.body).toMatchObject({ hasMore: true, count: 23 });
    expect(first.body.users).toHaveLength(20);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.users).toHaveLength(3);
    const ids = new Set([...first.body.users, ...second.body.users].map((u: { id: number }) => u.id));
    expect(ids.size).toBe(23);
    await t.app.get(DataSource).getRepository(PlanEntity).update({ name: 'Default' }, { users: 10 });
  });

  it('answers 400 with every failing field', async () => {
    const res = await t.request('POST', '/users', {
      token: admin.token,
      body: { name: 'A', email: 'bad', password: '123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'validation.tooShort', params: { min: 2 } },
        { field: 'email', message: 'validation.email' },
        { field: 'password', message: 'validation.tooShort', params: { min: 5 } },
      ]),
    );
  });

  it('refuses an e-mail already in use anywhere on the platform', async () => {
    const other = await signupCompany(t, 'Other');
    const res = await t.request('POST', '/users', { token: admin.token, body: newUser({ email: other.email }) });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it('enforces the plan limit on users', async () => {
    const company = await signupCompany(t, 'Limited');
    const plan = await t.request('GET', `/companies/listPlan/${company.companyId}`, { token: company.token });
    const limit = plan.body.plan.users as number;
    for (let i = 1; i < limit; i++) {
      expect((await t.request('POST', '/users', { token: company.token, body: newUser() })).status).toBe(201);
    }
    expect(await t.request('POST', '/users', { token: company.token, body: newUser() })).toMatchObject({
      status: 403,
      body: { error: 'ERR_PLAN_LIMIT_USERS' },
    });
  });

  it('refuses creation while the company disabled it', async () => {
    const company = await signupCompany(t, 'NoCreation');
    expect(
      (await t.request('PUT', '/settings/userCreation', { token: company.token, body: { value: 'disabled' } })).status,
    ).toBe(200);
    expect(await t.request('POST', '/users', { token: company.token, body: newUser() })).toMatchObject({
      status: 403,
      body: { error: 'ERR_USER_CREATION_DISABLED' },
    });
  });

  it('lets a user edit their own name and password but not their profile, queues or others', async () => {
    const created = await t.request('POST', '/users', { token: admin.token, body: newUser() });
    const agent = await t.login(created.body.email, 'agent-pass');
    const own = await t.request('PUT', `/users/${agent.user.id}`, {
      token: agent.token,
      body: { name: 'Maria Renamed', email: agent.user.email, password: 'new-pass-1' },
    });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('Maria Renamed');
    await t.login(agent.user.email, 'new-pass-1');

    const fresh = await t.login(agent.user.email, 'new-pass-1');
    const promote = await t.request('PUT', `/users/${agent.user.id}`, {
      token: fresh.token,
      body: { name: 'Maria', email: agent.user.email, profile: 'admin' },
    });
    expect(promote).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await t.request('GET', `/users/${admin.user.id}`, { token: fresh.token })).status).toBe(403);
    // Listing gives them names and queues only (the transfer dialog), never the e-mails.
    const listed = await t.request('GET', '/users/', { token: fresh.token });
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body.users[0]).sort()).toEqual(['id', 'name', 'queues']);
    expect((await t.request('POST', '/users', { token: fresh.token, body: newUser() })).status).toBe(403);
    expect((await t.request('DELETE', `/users/${admin.user.id}`, { token: fresh.token })).status).toBe(403);
  });

  it('keeps at least one admin and refuses deleting oneself', async () => {
    const company = await signupCompany(t, 'Admins');
    expect(await t.request('DELETE', `/users/${company.user.id}`, { token: company.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_CANNOT_DELETE_SELF' },
    });
    const demote = await t.request('PUT', `/users/${company.user.id}`, {
      token: company.token,
      body: { name: company.user.name, email: company.email, profile: 'user' },
    });
    expect(demote).toMatchObject({ status: 400, body: { error: 'ERR_LAST_ADMIN' } });
  });

  it('takes a profile change into account on the next requests', async () => {
    const created = await t.request('POST', '/users', { token: admin.token, body: newUser() });
    const agent = await t.login(created.body.email, 'agent-pass');
    const emails = async () =>
      (await t.request('GET', '/users/', { token: agent.token })).body.users.some((u: { email?: string }) => u.email);
    expect(await emails()).toBe(false);
    await t.request('PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { name: created.body.name, email: created.body.email, profile: 'admin' },
    });
    expect(await emails()).toBe(true);
  });

  it("refuses queues that are not the company's", async () => {
    const other = await signupCompany(t, 'ForeignQueues');
    const foreign = await t.request('POST', '/queue', {
      token: other.token,
      body: { name: 'Theirs', color: '#B80000' },
    });
    const res = await t.request('POST', '/users', {
      token: admin.token,
      body: newUser({ queueIds: [foreign.body.id] }),
    });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
  });
});
