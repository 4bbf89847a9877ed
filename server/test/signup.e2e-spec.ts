import { TRIAL_DAYS } from '@atendo/shared';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('self-service sign-up', () => {
  it('lists the plans publicly with their limits and flags', async () => {
    const res = await t.request('GET', '/plans/list');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ name: 'Default', useCampaigns: true, useExternalApi: true });
    expect(typeof res.body[0].value).toBe('number');
  });

  it('creates a company on a 3-day monthly trial with its admin, ignoring what the client says of them', async () => {
    const plans = await t.request('GET', '/plans/list');
    const before = Date.now();
    const res = await t.request('POST', '/companies/cadastro', {
      body: {
        name: 'Padaria Sol',
        email: 'Dono@Padaria.test',
        phone: '(11) 91234-5678',
        password: 'padaria-1',
        planId: plans.body[0].id,
        recurrence: 'MENSAL',
        dueDate: '2099-01-01',
        status: 't',
        campaignsEnabled: true,
      },
    });
    expect(res.status).toBe(201);
    const due = new Date(res.body.dueDate).getTime();
    expect(due).toBeGreaterThanOrEqual(before + TRIAL_DAYS * 86_400_000 - 1000);
    expect(due).toBeLessThan(before + TRIAL_DAYS * 86_400_000 + 60_000);

    const session = await t.login('dono@padaria.test', 'padaria-1');
    expect(session.user).toMatchObject({
      profile: 'admin',
      super: false,
      name: 'Padaria Sol',
      company: { name: 'Padaria Sol' },
    });
    const plan = await t.request('GET', `/companies/listPlan/${session.user.companyId}`, { token: session.token });
    expect(plan.body).toMatchObject({
      id: session.user.companyId,
      recurrence: 'MENSAL',
      plan: { id: plans.body[0].id },
    });
    expect(Object.keys(plan.body.plan)).toEqual(
      expect.arrayContaining([
        'useCampaigns',
        'useKanban',
        'useOpenAi',
        'useIntegrations',
        'useSchedules',
        'useInternalChat',
        'useExternalApi',
      ]),
    );
  });

  it('refuses an e-mail in use, an unknown plan and bad fields', async () => {
    const plans = await t.request('GET', '/plans/list');
    const body = { name: 'Dup', email: 'dup@signup.test', password: 'dup-pass', planId: plans.body[0].id };
    expect((await t.request('POST', '/companies/cadastro', { body })).status).toBe(201);
    expect(await t.request('POST', '/companies/cadastro', { body })).toMatchObject({
      status: 409,
      body: { error: 'ERR_EMAIL_ALREADY_EXISTS' },
    });
    expect(
      (await t.request('POST', '/companies/cadastro', { body: { ...body, email: 'x@signup.test', planId: 999 } })).body
        .fields,
    ).toEqual([{ field: 'planId', message: 'validation.oneOf' }]);
    const bad = await t.request('POST', '/companies/cadastro', {
      body: { name: 'A', email: 'no', phone: '123', password: '1' },
    });
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'email',
      'name',
      'password',
      'phone',
      'planId',
    ]);
  });
});
