import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addRecurrence, DEFAULT_QUEUE_SCHEDULES } from '@atendo/shared';
import { DataSource } from 'typeorm';
import { SessionManager } from '../src/modules/gateway/session-manager.js';
import { ADMIN, nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let superToken: string;
let platformId: number;
let defaultPlanId: number;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '20' });
  const session = await t.login(ADMIN.email, ADMIN.password);
  superToken = session.token;
  platformId = session.user.companyId;
  defaultPlanId = (await t.request('GET', '/plans/list')).body[0].id;
});
afterAll(() => t.close());

let counter = 0;
function companyBody(extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Client ${counter}`,
    email: `owner${counter}.${Date.now()}@companies.test`,
    phone: '11987654321',
    password: 'owner-pass',
    planId: defaultPlanId,
    ...extra,
  };
}

async function createCompany(extra: Record<string, unknown> = {}) {
  const body = companyBody(extra);
  const res = await t.request('POST', '/companies', { token: superToken, body });
  expect(res.status).toBe(201);
  return { ...res.body, password: body.password } as {
    id: number;
    email: string;
    password: string;
    name: string;
    dueDate: string | null;
  };
}

const db = () => t.app.get(DataSource);

/** Waits until `check` holds (inbound messages are stored after the sandbox call answers). */
async function until(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('companies (super-admin)', () => {
  it('creates a company with its first admin, who can then sign in', async () => {
    const body = companyBody({ dueDate: '2031-05-20', recurrence: 'TRIMESTRAL', campaignsEnabled: false });
    const res = await t.request('POST', '/companies', { token: superToken, body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: body.name,
      email: body.email,
      phone: '11987654321',
      planId: defaultPlanId,
      plan: expect.objectContaining({ id: defaultPlanId, name: 'Default' }),
      status: true,
      dueDate: '2031-05-20T23:59:59.999Z',
      recurrence: 'TRIMESTRAL',
      isPlatform: false,
      schedules: [],
      settings: [{ key: 'campaignsEnabled', value: 'false' }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body).not.toHaveProperty('password');
    const admin = await t.login(body.email, body.password);
    expect(admin.user).toMatchObject({ profile: 'admin', super: false, companyId: res.body.id, name: body.name });
    expect(admin.user.company.settings).toEqual(
      expect.arrayContaining([
        { key: 'campaignsEnabled', value: 'false' },
        { key: 'userRating', value: 'disabled' },
      ]),
    );
  });

  /** The mails written to DATA_DIR/outbox (no SMTP here) to `email`, as read: quoted-printable undone. */
  function mailsTo(email: string): string[] {
    const dir = t.config.mail.outboxDir;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .sort()
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .map((raw) => {
        const bytes = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      })
      .filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\r?$`, 'mi').test(mail));
  }

  it('invites the first admin of a company created without a password: no default password, a link that sets one', async () => {
    // As the family's client posts it: no password, a Portuguese browser.
    const body = companyBody({ password: undefined });
    const res = await t.request('POST', '/companies', {
      token: superToken,
      body,
      headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: body.email, invitationSent: true });
    expect(res.body).not.toHaveProperty('adminPassword');
    // Nothing signs in before the admin sets a password: not the family's default, not an empty one.
    for (const password of ['123456', '', body.email]) {
      const attempt = await t.request('POST', '/auth/login', { body: { email: body.email, password } });
      expect({ password, status: attempt.status }).toEqual({ password, status: password ? 401 : 400 });
    }

    const [mail] = mailsTo(body.email);
    expect(mail).toMatch(/^Subject: Seu acesso ao Atendo: Client \d+\r?$/m);
    const link = /^(http\S+\/forgetpsw\?\S+)\r?$/m.exec(mail)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/forgetpsw`);
    expect(url.searchParams.get('email')).toBe(body.email);
    expect(url.searchParams.get('invite')).toBe('1');
    // The code rides in the fragment (never sent to a server), and is written out as well.
    const code = /^#code=([A-Z0-9]{4}-[A-Z0-9]{4})$/.exec(url.hash)?.[1];
    expect(code).toBeDefined();
    expect(mail).toContain(`    ${code}`);
    expect(mail).toContain('O link vale por 7 dias');

    // What the link's page does: set the password with the code, then sign in with it.
    const set = await t.request(
      'POST',
      `/resetpasswords/${encodeURIComponent(body.email)}/${code}/${encodeURIComponent('First-pass-123')}`,
    );
    expect(set.status).toBe(204);
    const admin = await t.login(body.email, 'First-pass-123');
    expect(admin.user).toMatchObject({ profile: 'admin', companyId: res.body.id, email: body.email });
    // Spent: the link works once.
    const again = await t.request(
      'POST',
      `/resetpasswords/${encodeURIComponent(body.email)}/${code}/${encodeURIComponent('Other-pass-456')}`,
    );
    expect(again.status).toBe(400);
  });

  it("writes the invitation in the language asked for, else the request's, else English", async () => {
    const cases: [Record<string, unknown>, Record<string, string>, RegExp][] = [
      [{ language: 'es' }, { 'accept-language': 'pt-BR' }, /^Subject: Su cuenta de Atendo: /m],
      [{}, { 'accept-language': 'es-419,es;q=0.9' }, /^Subject: Su cuenta de Atendo: /m],
      [{}, { 'accept-language': 'fr-FR' }, /^Subject: Your Atendo account: /m],
      [{}, {}, /^Subject: Your Atendo account: /m],
    ];
    for (const [extra, headers, subject] of cases) {
      const body = companyBody({ password: '', ...extra });
      const res = await t.request('POST', '/companies', { token: superToken, body, headers });
      expect(res.status).toBe(201);
      expect(mailsTo(body.email)[0]).toMatch(subject);
    }
    // A language asked for is the admin's from then on (their later e-mails are in it).
    const body = companyBody({ password: '', language: 'es' });
    await t.request('POST', '/companies', { token: superToken, body });
    const user = await db().query('SELECT language FROM users WHERE email = ?', [body.email]);
    expect(user[0].language).toBe('es');
    const bad = await t.request('POST', '/companies', { token: superToken, body: companyBody({ language: 'fr' }) });
    expect(bad).toMatchObject({ status: 400, body: { fields: [{ field: 'language', message: 'validation.oneOf' }] } });
    // With a password there is no invitation.
    const withPassword = companyBody();
    const created = await t.request('POST', '/companies', { token: superToken, body: withPassword });
    expect(created.body).not.toHaveProperty('invitationSent');
    expect(mailsTo(withPassword.email)).toEqual([]);
  });

  it('lists 20 a page with the count, searches, and lists all for pickers', async () => {
    const marker = `Searchable ${Date.now()}`;
    const a = await createCompany({ name: `${marker} A` });
    await createCompany({ name: `${marker} B` });
    const found = await t.request('GET', `/companies?searchParam=${encodeURIComponent(marker.toLowerCase())}`, {
      token: superToken,
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ count: 2, hasMore: false });
    // Newest first.
    expect(found.body.companies.map((c: { name: string }) => c.name)).toEqual([`${marker} B`, `${marker} A`]);
    const byEmail = await t.request('GET', `/companies?searchParam=${encodeURIComponent(a.email)}`, {
      token: superToken,
    });
    expect(byEmail.body.companies.map((c: { id: number }) => c.id)).toEqual([a.id]);

    for (let i = 0; i < 20; i++) await createCompany();
    const first = await t.request('GET', '/companies?pageNumber=1', { token: superToken });
    expect(first.body.companies).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const total = first.body.count;
    const last = await t.request('GET', `/companies?pageNumber=${Math.ceil(total / 20)}`, { token: superToken });
    expect(last.body.hasMore).toBe(false);
    expect(last.body.companies.map((c: { id: number }) => c.id)).toContain(platformId);

    const all = await t.request('GET', '/companies/list', { token: superToken });
    expect(all.body).toHaveLength(total);
    expect(all.body.find((c: { id: number }) => c.id === a.id)).toMatchObject({
      name: a.name,
      plan: { name: 'Default' },
    });

    expect((await t.request('GET', '/companies?pageNumber=0', { token: superToken })).status).toBe(400);
  });

  it('answers 400 with each bad field', async () => {
    const res = await t.request('POST', '/companies', {
      token: superToken,
      body: { name: 'x', email: 'nope', planId: 'gold', recurrence: 'WEEKLY', status: 'sometimes', password: '123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(
      ['email', 'name', 'password', 'planId', 'recurrence', 'status'].sort(),
    );
    const unknownPlan = await t.request('POST', '/companies', {
      token: superToken,
      body: companyBody({ planId: 999999 }),
    });
    expect(unknownPlan).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'planId', message: 'validation.oneOf' }] },
    });
    const company = await createCompany();
    const current = (await t.request('GET', `/companies/${company.id}`, { token: superToken })).body;
    const bad = await t.request('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { ...current, email: '', planId: null },
    });
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'planId']);
  });

  it('stores an empty or invalid due date as null', async () => {
    for (const dueDate of ['', 'next month', '2031-02-30', '31/01/2031', null]) {
      const created = await createCompany({ dueDate });
      expect({ dueDate, stored: created.dueDate }).toEqual({ dueDate, stored: null });
    }
    const company = await createCompany({ dueDate: '2031-01-10' });
    const current = (await t.request('GET', `/companies/${company.id}`, { token: superToken })).body;
    const cleared = await t.request('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { ...current, dueDate: 'soon' },
    });
    expect(cleared.body.dueDate).toBeNull();
    // No due date: the company never expires.
    await t.login(company.email, company.password);
  });

  it('refuses an e-mail a user already signs in with', async () => {
    const existing = await signupCompany(t, 'Taken');
    expect(
      await t.request('POST', '/companies', { token: superToken, body: companyBody({ email: existing.email }) }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it('updates the plan, recurrence and campaigns switch; Expire moves the due date by the recurrence', async () => {
    const past = new Date(Date.now() - 2 * 86_400_000);
    const company = await createCompany({ dueDate: past.toISOString(), recurrence: 'BIMESTRAL' });
    expect(
      (await t.request('POST', '/auth/login', { body: { email: company.email, password: company.password } })).status,
    ).toBe(402);

    const current = (await t.request('GET', `/companies/${company.id}`, { token: superToken })).body;
    // What the form's Expire button does before saving.
    const extended = addRecurrence(new Date(current.dueDate), current.recurrence).toISOString();
    const plan = (await t.request('POST', '/plans', { token: superToken, body: { name: `Gold ${Date.now()}` } })).body;
    const res = await t.request('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { ...current, dueDate: extended, planId: plan.id, campaignsEnabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dueDate: extended,
      planId: plan.id,
      plan: { name: plan.name },
      recurrence: 'BIMESTRAL',
    });
    expect(new Date(extended).getUTCMonth()).toBe((past.getUTCMonth() + 2) % 12);
    expect(res.body.settings).toEqual([{ key: 'campaignsEnabled', value: 'false' }]);
    const admin = await t.login(company.email, company.password);
    expect(admin.user.company.dueDate).toBe(extended);
  });

  it('is for the super-admin only; other admins see their own company at most', async () => {
    const company = await signupCompany(t, 'Tenant');
    const other = await createCompany();
    for (const [method, path] of [
      ['GET', '/companies'],
      ['GET', '/companies/list'],
      ['POST', '/companies'],
      ['PUT', `/companies/${company.companyId}`],
      ['DELETE', `/companies/${other.id}`],
    ]) {
      const res = await t.request(method, path, {
        token: company.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : companyBody(),
      });
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    // Another company does not exist for them; their own they may read (the schedules tab).
    expect(await t.request('GET', `/companies/${other.id}`, { token: company.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_COMPANY_FOUND' },
    });
    expect(await t.request('GET', `/companies/${platformId}`, { token: company.token })).toMatchObject({ status: 404 });
    const own = await t.request('GET', `/companies/${company.companyId}`, { token: company.token });
    expect(own).toMatchObject({ status: 200, body: { id: company.companyId, email: company.email } });
    // An agent of the company may not.
    await t.request('POST', '/users', {
      token: company.token,
      body: { name: 'Agent', email: `agent.${company.companyId}@tenant.test`, password: 'agent-pass' },
    });
    const agent = await t.login(`agent.${company.companyId}@tenant.test`, 'agent-pass');
    expect((await t.request('GET', `/companies/${company.companyId}`, { token: agent.token })).status).toBe(403);
    expect((await t.request('GET', '/companies/99999999', { token: superToken })).status).toBe(404);
    expect((await t.request('GET', '/companies/abc', { token: superToken })).status).toBe(404);
  });

  it('blocks sign-in of a disabled company and ends its live sessions', async () => {
    const company = await createCompany();
    const admin = await t.login(company.email, company.password);
    const socket = t.socket(admin.token);
    await nextEvent(socket, 'ready');
    const dropped = nextEvent(socket, 'disconnect');

    const current = (await t.request('GET', `/companies/${company.id}`, { token: superToken })).body;
    const res = await t.request('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { ...current, status: false },
    });
    expect(res).toMatchObject({ status: 200, body: { status: false } });
    await dropped;
    expect((await t.request('GET', '/auth/me', { token: admin.token })).status).toBe(401);
    expect(await t.request('POST', '/auth/refresh_token', { cookies: { jrt: admin.refresh } })).toMatchObject({
      status: 401,
    });
    expect(
      await t.request('POST', '/auth/login', { body: { email: company.email, password: company.password } }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_INACTIVE' } });

    await t.request('PUT', `/companies/${company.id}`, { token: superToken, body: { ...current, status: true } });
    await t.login(company.email, company.password);
  });

  it('protects the platform company from deletion and from being disabled', async () => {
    const platform = (await t.request('GET', `/companies/${platformId}`, { token: superToken })).body;
    expect(platform.isPlatform).toBe(true);
    expect(
      await t.request('PUT', `/companies/${platformId}`, { token: superToken, body: { ...platform, status: false } }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_PLATFORM_COMPANY_PROTECTED' } });
    expect(await t.request('DELETE', `/companies/${platformId}`, { token: superToken })).toMatchObject({
      status: 400,
      body: { error: 'ERR_PLATFORM_COMPANY_PROTECTED' },
    });
    // Renaming it is fine, and the super-admin keeps working.
    const renamed = await t.request('PUT', `/companies/${platformId}`, {
      token: superToken,
      body: { ...platform, name: 'Platform HQ' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Platform HQ', status: true } });
    expect((await t.request('GET', '/auth/me', { token: superToken })).status).toBe(200);
  });

  it('deletes a company with its data and media, signing its WhatsApp connection out first', async () => {
    const company = await createCompany();
    const admin = await t.login(company.email, company.password);
    const queue = await t.request('POST', '/queue', { token: admin.token, body: { name: 'Sales', color: '#B80000' } });
    const line = (
      await t.request('POST', '/whatsapp', {
        token: admin.token,
        body: { name: 'Line', provider: 'sandbox', queueIds: [queue.body.id] },
      })
    ).body;
    await t.request('POST', `/whatsappsession/${line.id}`, { token: admin.token });
    expect(
      (await t.request('POST', `/sandbox/connections/${line.id}/scan`, { token: admin.token, body: {} })).status,
    ).toBe(200);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const inbound = await t.request('POST', `/sandbox/connections/${line.id}/messages`, {
      token: admin.token,
      body: { from: '5511912345678', name: 'Customer', media: { base64: png, mimetype: 'image/png' } },
    });
    expect(inbound.status).toBe(201);
    const mediaDir = join(t.config.dataDir, 'public', `company${company.id}`);
    await until(() => existsSync(mediaDir));
    // Some other company's media stays.
    const neighbour = await createCompany();
    const neighbourDir = join(t.config.dataDir, 'public', `company${neighbour.id}`);
    mkdirSync(neighbourDir, { recursive: true });
    writeFileSync(join(neighbourDir, 'keep.txt'), 'keep');

    const sessions = t.app.get(SessionManager);
    expect(sessions.isLocal(line.id)).toBe(true);
    const count = async (table: string) =>
      Number((await db().query(`SELECT COUNT(*) AS n FROM ${table} WHERE companyId = ?`, [company.id]))[0].n);
    await until(async () => (await count('messages')) === 1);

    expect((await t.request('DELETE', `/companies/${company.id}`, { token: superToken })).status).toBe(204);
    expect(sessions.isLocal(line.id)).toBe(false);
    // Every table that holds company data, today's and any added later.
    const tables = db()
      .entityMetadatas.filter((meta) => meta.findColumnWithPropertyName('companyId'))
      .map((meta) => meta.tableName);
    expect(tables).toEqual(expect.arrayContaining(['users', 'queues', 'settings', 'whatsapps', 'tickets', 'messages']));
    for (const table of tables) {
      expect({ table, rows: await count(table) }).toEqual({ table, rows: 0 });
    }
    expect(
      Number((await db().query('SELECT COUNT(*) AS n FROM whatsapp_auth_keys WHERE whatsappId = ?', [line.id]))[0].n),
    ).toBe(0);
    expect(existsSync(mediaDir)).toBe(false);
    expect(existsSync(join(neighbourDir, 'keep.txt'))).toBe(true);
    expect((await t.request('GET', `/companies/${company.id}`, { token: superToken })).status).toBe(404);
    expect((await t.request('GET', '/auth/me', { token: admin.token })).status).toBe(401);
    expect(
      await t.request('POST', '/auth/login', { body: { email: company.email, password: company.password } }),
    ).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect((await t.request('DELETE', `/companies/${company.id}`, { token: superToken })).status).toBe(404);
  });
});

describe('company schedules', () => {
  it("lets a company's admins set their own hours and the super-admin anyone's", async () => {
    const company = await signupCompany(t, 'Hours');
    const res = await t.request('PUT', `/companies/${company.companyId}/schedules`, {
      token: company.token,
      body: { schedules: DEFAULT_QUEUE_SCHEDULES },
    });
    expect(res.status).toBe(200);
    expect(res.body.schedules).toEqual(DEFAULT_QUEUE_SCHEDULES);
    expect(
      (await t.request('GET', `/companies/${company.companyId}`, { token: company.token })).body.schedules,
    ).toEqual(DEFAULT_QUEUE_SCHEDULES);

    const bySuper = await t.request('PUT', `/companies/${company.companyId}/schedules`, {
      token: superToken,
      body: { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }] },
    });
    expect(bySuper.body.schedules).toHaveLength(1);

    const other = await signupCompany(t, 'OtherHours');
    expect(
      await t.request('PUT', `/companies/${other.companyId}/schedules`, {
        token: company.token,
        body: { schedules: DEFAULT_QUEUE_SCHEDULES },
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    expect((await t.request('GET', `/companies/${other.companyId}`, { token: superToken })).body.schedules).toEqual([]);

    await t.request('POST', '/users', {
      token: company.token,
      body: { name: 'Agent', email: `agent.${company.companyId}@hours.test`, password: 'agent-pass' },
    });
    const agent = await t.login(`agent.${company.companyId}@hours.test`, 'agent-pass');
    expect(
      await t.request('PUT', `/companies/${company.companyId}/schedules`, {
        token: agent.token,
        body: { schedules: [] },
      }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('answers 400 on bad hours or a weekday given twice', async () => {
    const company = await signupCompany(t, 'BadHours');
    const monday = { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' };
    const bad = await t.request('PUT', `/companies/${company.companyId}/schedules`, {
      token: company.token,
      body: { schedules: [{ ...monday, startTime: '25:00', weekdayEn: 'funday' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'schedules[0].startTime',
      'schedules[0].weekdayEn',
    ]);
    expect(
      (
        await t.request('PUT', `/companies/${company.companyId}/schedules`, {
          token: company.token,
          body: { schedules: [monday, monday] },
        })
      ).body.fields,
    ).toEqual([{ field: 'schedules', message: 'validation.oneOf' }]);
  });
});
