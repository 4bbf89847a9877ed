import { isPlatformSetting, SETTING_KEYS } from '@atendo/shared';
import { ADMIN, nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('settings', () => {
  it('every company starts with the whole catalogue of defaults', async () => {
    const { token } = await signupCompany(t, 'Settings');
    const res = await t.request('GET', '/settings', { token });
    // The platform's own keys (the payment provider's) are the platform company's only.
    expect(res.body.map((s: { key: string }) => s.key).sort()).toEqual(
      SETTING_KEYS.filter((key) => !isPlatformSetting(key)).sort(),
    );
    const platform = await t.login(ADMIN.email, ADMIN.password);
    const all = await t.request('GET', '/settings', { token: platform.token });
    expect(all.body.map((s: { key: string }) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
    expect(res.body).toEqual(
      expect.arrayContaining([
        { key: 'userRating', value: 'disabled' },
        { key: 'campaignsEnabled', value: 'true' },
      ]),
    );
  });

  it('updates a key, tells the company, and shows in the session user', async () => {
    const company = await signupCompany(t, 'SettingsUpdate');
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const event = nextEvent(socket, `company-${company.companyId}-settings`);
    const res = await t.request('PUT', '/settings/scheduleType', {
      token: company.token,
      body: { key: 'scheduleType', value: 'queue' },
    });
    expect(res).toMatchObject({ status: 200, body: { key: 'scheduleType', value: 'queue' } });
    await expect(event).resolves.toEqual({ action: 'update', setting: { key: 'scheduleType', value: 'queue' } });
    const me = await t.request('GET', '/auth/me', { token: company.token });
    expect(me.body.company.settings).toEqual(expect.arrayContaining([{ key: 'scheduleType', value: 'queue' }]));
  });

  it('refuses unknown keys and values outside the allowed ones', async () => {
    const { token } = await signupCompany(t, 'SettingsBad');
    expect(await t.request('PUT', '/settings/nope', { token, body: { value: 'x' } })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_SETTING_FOUND' },
    });
    const res = await t.request('PUT', '/settings/userRating', { token, body: { value: 'maybe' } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'value', message: 'validation.oneOf' }] },
    });
  });

  it('is changed by admins only; agents read what is not secret', async () => {
    const company = await signupCompany(t, 'SettingsAgent');
    await t.request('POST', '/users', {
      token: company.token,
      body: { name: 'Agent', email: 'agent@settingsagent.test', password: 'agent-pass' },
    });
    const agent = await t.login('agent@settingsagent.test', 'agent-pass');
    const read = await t.request('GET', '/settings', { token: agent.token });
    expect(read.status).toBe(200);
    expect(read.body.map((s: { key: string }) => s.key)).not.toContain('asaas');
    expect(
      (await t.request('PUT', '/settings/userRating', { token: agent.token, body: { value: 'enabled' } })).status,
    ).toBe(403);
  });

  it('tells a secret setting only to the sockets of those who may read it', async () => {
    const platform = await t.login(ADMIN.email, ADMIN.password);
    const companyId = platform.user.companyId;
    const email = `agent.${Date.now()}@platform.test`;
    const made = await t.request('POST', '/users', {
      token: platform.token,
      body: { name: 'Platform agent', email, password: 'agent-pass' },
    });
    expect(made.status).toBe(201);
    const agent = await t.login(email, 'agent-pass');
    const agentSocket = t.socket(agent.token);
    const adminSocket = t.socket(platform.token);
    await Promise.all([nextEvent(agentSocket, 'ready'), nextEvent(adminSocket, 'ready')]);
    const event = `company-${companyId}-settings`;
    const leaked = receives(agentSocket, event, 800);
    const told = nextEvent(adminSocket, event);
    const secret = 'aact_prod_000000000000000000000000';
    const res = await t.request('PUT', '/settings/asaas', { token: platform.token, body: { value: secret } });
    expect(res).toMatchObject({ status: 200, body: { key: 'asaas', value: secret } });
    expect(await told).toEqual({ action: 'update', setting: { key: 'asaas', value: secret } });
    expect(await leaked).toBe(false);
    // What every user may read still reaches them all.
    const heard = nextEvent(agentSocket, event);
    await t.request('PUT', '/settings/userRating', { token: platform.token, body: { value: 'enabled' } });
    expect(await heard).toEqual({ action: 'update', setting: { key: 'userRating', value: 'enabled' } });
    const me = await t.request('GET', '/auth/me', { token: agent.token });
    expect(me.body.company.settings.map((s: { key: string }) => s.key)).not.toContain('asaas');
    const read = await t.request('GET', '/settings', { token: agent.token });
    expect(read.body.map((s: { key: string }) => s.key)).not.toContain('asaas');
  });

  it("keeps the payment provider's key off every company but the platform", async () => {
    const company = await signupCompany(t, 'SettingsNoPayments');
    expect(
      await t.request('PUT', '/settings/asaas', { token: company.token, body: { value: 'aact_someone_else' } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
    const read = await t.request('GET', '/settings', { token: company.token });
    expect(read.body.map((s: { key: string }) => s.key)).not.toContain('asaas');
    const me = await t.request('GET', '/auth/me', { token: company.token });
    expect(me.body.company.settings.map((s: { key: string }) => s.key)).not.toContain('asaas');
    const platform = await t.login(ADMIN.email, ADMIN.password);
    const own = await t.request('GET', '/auth/me', { token: platform.token });
    expect(own.body.company.settings.map((s: { key: string }) => s.key)).toContain('asaas');
  });
});
