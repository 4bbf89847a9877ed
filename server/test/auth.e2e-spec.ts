import { SignJWT } from 'jose';
import { NEVER_EXPIRES } from '@atendo/shared';
import { DataSource, IsNull, Not } from 'typeorm';
import { CompanyEntity } from '../src/modules/companies/entities/company.entity.js';
import { RefreshTokenEntity } from '../src/modules/sessions/entities/refresh-token.entity.js';
import { ADMIN, nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('answers the token and the user in the shape the existing clients read', async () => {
    const res = await t.request('POST', '/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.user).toMatchObject({
      email: ADMIN.email,
      profile: 'admin',
      super: true,
      queues: [],
      allTicket: 'enabled',
      whatsappId: null,
      // The platform never expires; the existing clients read a null due date as expired.
      company: { name: 'Platform', dueDate: NEVER_EXPIRES },
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.body.user.company.settings).toEqual(
      expect.arrayContaining([{ key: 'campaignsEnabled', value: 'true' }]),
    );
    const cookie = res.headers['set-cookie'] as string;
    expect(String(cookie)).toMatch(/^jrt=[^;]+;.*HttpOnly/i);
    expect(String(cookie)).toMatch(/Path=\/auth/);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await t.request('POST', '/auth/login', { body: { email: ADMIN.email, password: 'nope-nope' } });
    const unknown = await t.request('POST', '/auth/login', {
      body: { email: 'ghost@nowhere.test', password: 'nope-nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it('answers 400 with the fields when the credentials are missing', async () => {
    const res = await t.request('POST', '/auth/login', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'validation.email' },
        { field: 'password', message: 'validation.required' },
      ]),
    );
  });

  it('refuses a company whose subscription has expired, with the date', async () => {
    const company = await signupCompany(t, 'Expired');
    const past = new Date(Date.now() - 2 * 86_400_000);
    await t.app.get(DataSource).getRepository(CompanyEntity).update({ id: company.companyId }, { dueDate: past });
    const res = await t.request('POST', '/auth/login', { body: { email: company.email, password: company.password } });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(new Date(res.body.dueDate).toDateString()).toBe(past.toDateString());
  });

  it('never locks the platform company out, whatever its due date', async () => {
    const { user } = await t.login(ADMIN.email, ADMIN.password);
    const companies = t.app.get(DataSource).getRepository(CompanyEntity);
    await companies.update({ id: user.companyId }, { dueDate: new Date(Date.now() - 30 * 86_400_000) });
    expect((await t.request('POST', '/auth/login', { body: ADMIN })).status).toBe(200);
    await companies.update({ id: user.companyId }, { dueDate: null });
  });

  it('refuses a disabled company', async () => {
    const company = await signupCompany(t, 'Disabled');
    await t.app.get(DataSource).getRepository(CompanyEntity).update({ id: company.companyId }, { status: false });
    const res = await t.request('POST', '/auth/login', { body: { email: company.email, password: company.password } });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_INACTIVE' } });
  });
});

describe('access tokens', () => {
  it('401 without a token, 401 with a forged one, 403 with an expired one', async () => {
    expect((await t.request('GET', '/auth/me')).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: 'abc.def.ghi' })).body).toEqual({ error: 'ERR_INVALID_TOKEN' });

    const { token, user } = await t.login(ADMIN.email, ADMIN.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const expired = await new SignJWT({ sid: claims.sid, companyId: user.companyId, profile: 'admin', super: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('atendo')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await t.request('GET', '/auth/me', { token: expired })).toMatchObject({
      status: 403,
      body: { error: 'ERR_TOKEN_EXPIRED' },
    });

    // A token that was accepted before is refused once it expires (verified tokens are remembered).
    const shortLived = await new SignJWT({ sid: claims.sid, companyId: user.companyId, profile: 'admin', super: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('atendo')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(key);
    expect((await t.request('GET', '/auth/me', { token: shortLived })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await t.request('GET', '/auth/me', { token: shortLived })).toMatchObject({
      status: 403,
      body: { error: 'ERR_TOKEN_EXPIRED' },
    });

    const forged = await new SignJWT({ sid: claims.sid, companyId: user.companyId, profile: 'admin', super: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('atendo')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await t.request('GET', '/auth/me', { token: forged })).status).toBe(401);
  });

  it('refuses tokens signed with another algorithm', async () => {
    const { token } = await t.login(ADMIN.email, ADMIN.password);
    const [, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await t.request('GET', '/auth/me', { token: none })).status).toBe(401);
  });

  it('GET /auth/me answers the session user', async () => {
    const { token } = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request('GET', '/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: ADMIN.email, company: { name: 'Platform' } });
  });
});

describe('refresh tokens', () => {
  it('rotate on every use', async () => {
    const first = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request('POST', '/auth/refresh_token', { cookies: { jrt: first.refresh } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(ADMIN.email);
    const second = res.cookies.find((c) => c.name === 'jrt')!.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.refresh);
    expect((await t.request('GET', '/auth/me', { token: res.body.token })).status).toBe(200);
    const third = await t.request('POST', '/auth/refresh_token', { cookies: { jrt: second } });
    expect(third.status).toBe(200);
  });

  it('revoke the whole session when a spent token comes back (reuse detection)', async () => {
    const { refresh, token } = await t.login(ADMIN.email, ADMIN.password);
    const rotated = await t.request('POST', '/auth/refresh_token', { cookies: { jrt: refresh } });
    const successor = rotated.cookies.find((c) => c.name === 'jrt')!.value;
    // Past the short window that tolerates two tabs refreshing at once.
    await t.app
      .get(DataSource)
      .getRepository(RefreshTokenEntity)
      .update({ usedAt: Not(IsNull()) }, { usedAt: new Date(Date.now() - 60_000) });
    const replay = await t.request('POST', '/auth/refresh_token', { cookies: { jrt: refresh } });
    expect(replay).toMatchObject({ status: 401, body: { error: 'ERR_REFRESH_TOKEN_REUSED' } });
    // The legitimate successor and every access token of the family die with it.
    expect((await t.request('POST', '/auth/refresh_token', { cookies: { jrt: successor } })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: rotated.body.token })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('lets two tabs that refresh at the same moment both carry on', async () => {
    const { refresh } = await t.login(ADMIN.email, ADMIN.password);
    const [a, b] = await Promise.all([
      t.request('POST', '/auth/refresh_token', { cookies: { jrt: refresh } }),
      t.request('POST', '/auth/refresh_token', { cookies: { jrt: refresh } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Only one of them was handed a new refresh token.
    const issued = [a, b].filter((r) => r.cookies.some((c) => c.name === 'jrt' && c.value)).length;
    expect(issued).toBe(1);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await t.request('POST', '/auth/refresh_token')).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await t.request('POST', '/auth/refresh_token', { cookies: { jrt: 'made-up' } })).status).toBe(401);
  });
});

describe('one session per user', () => {
  it('signing in elsewhere ends the older session and tells its sockets', async () => {
    const company = await signupCompany(t, 'Sessions');
    const older = await t.login(company.email, company.password);
    const socket = t.socket(older.token);
    await nextEvent(socket, 'ready');
    const told = nextEvent(socket, `company-${company.companyId}-auth`);
    const newer = await t.login(company.email, company.password);
    await expect(told).resolves.toEqual({ action: 'update', user: { id: older.user.id } });
    expect((await t.request('GET', '/auth/me', { token: older.token })).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh_token', { cookies: { jrt: older.refresh } })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: newer.token })).status).toBe(200);
  });

  it('logout ends the session even with an expired access token', async () => {
    const company = await signupCompany(t, 'Logout');
    const res = await t.request('DELETE', '/auth/logout', { cookies: { jrt: company.refresh } });
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/jrt=;/);
    expect((await t.request('GET', '/auth/me', { token: company.token })).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh_token', { cookies: { jrt: company.refresh } })).status).toBe(401);
  });
});

describe('language', () => {
  it('stores the language and refuses others', async () => {
    const { token } = await t.login(ADMIN.email, ADMIN.password);
    expect((await t.request('POST', '/users/set-language/es', { token })).body).toEqual({ language: 'es' });
    expect((await t.request('GET', '/auth/me', { token })).body.language).toBe('es');
    expect((await t.request('POST', '/users/set-language/fr', { token })).status).toBe(400);
  });
});
