import { SETTING_KEYS } from '@atendo/shared';
import { nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('settings', () => {
  it('every company starts with the whole catalogue of defaults', async () => {
    const { token } = await signupCompany(t, 'Settings');
    const res = await t.request('GET', '/settings', { token });
    expect(res.body.map((s: { key: string }) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
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
});
