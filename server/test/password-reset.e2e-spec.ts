import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { PasswordResetEntity } from '../src/modules/password-reset/entities/password-reset.entity.js';
import { nextEvent, signupCompany, startTestApp, type Reply, type TestApp } from './support/test-app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const MAILER = { user: 'mailer', pass: 'mail-secret' };
/** Addresses the mail server refuses, to see a failed delivery answered as such. */
const REFUSED = /@refused\.test$/;

let t: TestApp;
let smtp: SMTPServer;
const inbox: Received[] = [];
let nextIp = 1;

beforeAll(async () => {
  smtp = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === MAILER.user && auth.password === MAILER.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid credentials'));
    },
    onRcptTo(address, _session, callback) {
      callback(REFUSED.test(address.address) ? new Error('Mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({
    SMTP_URL: `smtp://${MAILER.user}:${MAILER.pass}@127.0.0.1:${port}`,
    SMTP_FROM: 'Atendo <no-reply@atendo.test>',
    RESET_LIMIT_PER_ACCOUNT: '8',
    RESET_LIMIT_PER_IP: '10',
    RESET_LIMIT_PER_ACCOUNT_DAILY: '12',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** A call from its own IP by default, so the per-IP limit counts only what a test means it to. */
async function call(path: string, ip = `10.0.0.${nextIp++}`): Promise<Reply> {
  const res = await t.app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url: path, remoteAddress: ip, headers: { accept: 'application/json' } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers, cookies: [] };
}

const forget = (email: string, ip?: string) => call(`/forgetpassword/${encodeURIComponent(email)}`, ip);
const reset = (email: string, code: string, password: string, ip?: string) =>
  call(`/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(code)}/${encodeURIComponent(password)}`, ip);

/** The message as read: quoted-printable undone (the only transfer encoding of a text mail here). */
function decoded(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The last mail to `email`, its decoded text and the code in it. */
function lastMail(email: string): { mail: Received; text: string; code: string } {
  const mail = [...inbox].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`No mail to ${email}`);
  const text = decoded(mail.raw);
  const code = /^ {4}([A-Z0-9]{4}-[A-Z0-9]{4})\s*$/m.exec(text)?.[1];
  if (!code) throw new Error(`No code in ${mail.raw}`);
  return { mail, text, code };
}

describe('password reset', () => {
  it('mails a code that sets a new password once, and ends the sessions of the account', async () => {
    const company = await signupCompany(t, 'Reset');
    expect(await forget(company.email.toUpperCase())).toMatchObject({ status: 200, body: { expiresInMinutes: 15 } });

    const { mail, text, code } = lastMail(company.email);
    expect(mail.from).toBe('no-reply@atendo.test');
    expect(text).toMatch(/^Subject: Reset your Atendo password\r?$/m);
    expect(text).toContain(`${t.config.publicUrl}/forgetpsw?email=${encodeURIComponent(company.email)}`);
    expect(text).toContain('It is valid for 15 minutes and works once.');

    // A weak password is refused before the code is looked at, and does not count as a try.
    const weak = await reset(company.email, code, 'alllowercase1');
    expect(weak).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(weak.body.fields).toEqual([{ field: 'newPassword', message: 'validation.passwordStrength' }]);
    expect((await reset(company.email, code, 'Sh0rt')).body.fields[0]).toMatchObject({
      field: 'newPassword',
      message: 'validation.tooShort',
      params: { min: 8 },
    });

    // Typed in lower case, without the dash: still the code. The open screens hear why they end.
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const told = nextEvent(socket, `company-${company.companyId}-auth`);
    expect((await reset(company.email, code.replace('-', '').toLowerCase(), 'New-secret-123')).status).toBe(204);
    expect(await told).toEqual({ action: 'update', user: { id: company.user.id }, reason: 'password-reset' });
    expect(await t.request('GET', '/auth/me', { token: company.token })).toMatchObject({
      status: 401,
      body: { error: 'ERR_PASSWORD_CHANGED' },
    });
    expect(await t.request('POST', '/auth/refresh_token', { cookies: { jrt: company.refresh } })).toMatchObject({
      status: 401,
      body: { error: 'ERR_PASSWORD_CHANGED' },
    });
    expect(
      (await t.request('POST', '/auth/login', { body: { email: company.email, password: company.password } })).status,
    ).toBe(401);
    await t.login(company.email, 'New-secret-123');

    // Used once, it is gone.
    expect(await reset(company.email, code, 'Other-secret-456')).toMatchObject({
      status: 400,
      body: { error: 'ERR_RESET_CODE_EXPIRED' },
    });
  });

  it('answers 404 for an address nobody uses, and 400 for one that is not an address', async () => {
    expect(await forget('nobody@nowhere.test')).toMatchObject({ status: 404, body: { error: 'ERR_USER_DONT_EXISTS' } });
    expect(await reset('nobody@nowhere.test', 'ABCD-EFGH', 'New-secret-123')).toMatchObject({
      status: 404,
      body: { error: 'ERR_USER_DONT_EXISTS' },
    });
    const invalid = await forget('not-an-address');
    expect(invalid).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(invalid.body.fields).toEqual([{ field: 'email', message: 'validation.email' }]);
    expect(inbox.some((m) => m.to.includes('nobody@nowhere.test'))).toBe(false);
  });

  it('takes a % in the address as part of it, on both routes', async () => {
    expect(await forget('50%off@nowhere.test')).toMatchObject({ status: 404, body: { error: 'ERR_USER_DONT_EXISTS' } });
    expect(await reset('50%off@nowhere.test', 'ABCD-EFGH', 'New-secret-123')).toMatchObject({ status: 404 });
    expect(await forget('%E0%A4%A@nowhere.test')).toMatchObject({ status: 404 });
  });

  it('writes in the language the user chose, and refuses a code asked before a newer one', async () => {
    const company = await signupCompany(t, 'Twice');
    await t.request('POST', '/users/set-language/pt', { token: company.token });
    await forget(company.email);
    expect(lastMail(company.email).text).toContain('Ele vale por 15 minutos e pode ser usado uma única vez.');
    const first = lastMail(company.email).code;
    await forget(company.email);
    const second = lastMail(company.email).code;
    expect(second).not.toBe(first);
    expect((await reset(company.email, first, 'New-secret-123')).body).toEqual({ error: 'ERR_INVALID_RESET_CODE' });
    // Whatever the password holds travels escaped in its path segment.
    expect((await reset(company.email, second, 'New/secret%1?#')).status).toBe(204);
    await t.login(company.email, 'New/secret%1?#');
  });

  it('writes in the language the app showed at sign-in to a user who never chose one, and keeps a choice', async () => {
    const company = await signupCompany(t, 'Lingua');
    const login = (language: string) =>
      t.request('POST', '/auth/login', { body: { email: company.email, password: company.password, language } });
    expect(await login('fr')).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'language', message: 'validation.oneOf' }] },
    });
    const signedIn = await login('pt');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.language).toBe('pt');
    await forget(company.email);
    expect(lastMail(company.email).text).toContain('Ele vale por 15 minutos e pode ser usado uma única vez.');
    // The user's language once known stays theirs: an app showing another one does not change it,
    // only the menu (set-language) does.
    const again = await login('es');
    expect(again.body.user.language).toBe('pt');
    expect(await t.request('POST', '/users/set-language/en', { token: again.body.token })).toMatchObject({
      status: 201,
    });
    expect((await login('es')).body.user.language).toBe('en');
  });

  it('locks the code after five wrong tries, until a new one is asked', async () => {
    const company = await signupCompany(t, 'Locked');
    await forget(company.email);
    const { code } = lastMail(company.email);
    const wrong = code === 'AAAA-AAAA' ? 'BBBB-BBBB' : 'AAAA-AAAA';
    for (let i = 0; i < 4; i++) {
      expect(await reset(company.email, wrong, 'New-secret-123')).toMatchObject({
        status: 400,
        body: { error: 'ERR_INVALID_RESET_CODE' },
      });
    }
    expect((await reset(company.email, wrong, 'New-secret-123')).body).toEqual({ error: 'ERR_RESET_CODE_LOCKED' });
    // Locked: the right code no longer works either.
    expect((await reset(company.email, code, 'New-secret-123')).body).toEqual({ error: 'ERR_RESET_CODE_LOCKED' });
    await t.login(company.email, company.password);

    await forget(company.email);
    expect((await reset(company.email, lastMail(company.email).code, 'New-secret-123')).status).toBe(204);
  });

  it('counts wrong tries sent at the same moment against the same five', async () => {
    const company = await signupCompany(t, 'Parallel');
    await forget(company.email);
    const { code } = lastMail(company.email);
    const wrong = code === 'AAAA-AAAA' ? 'BBBB-BBBB' : 'AAAA-AAAA';
    const answers = await Promise.all(Array.from({ length: 6 }, () => reset(company.email, wrong, 'New-secret-123')));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await reset(company.email, code, 'New-secret-123')).body).toEqual({ error: 'ERR_RESET_CODE_LOCKED' });
  });

  it('stores only a keyed hash of the code, valid for 15 minutes', async () => {
    const company = await signupCompany(t, 'Expiry');
    const before = Date.now();
    await forget(company.email);
    const { code } = lastMail(company.email);
    const resets = t.app.get(DataSource).getRepository(PasswordResetEntity);
    const row = await resets.findOneByOrFail({ userId: company.user.id });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code.replace('-', ''));
    expect(row.expiresAt.getTime() - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // Fifteen minutes later.
    await resets.update({ id: row.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect(await reset(company.email, code, 'New-secret-123')).toMatchObject({
      status: 400,
      body: { error: 'ERR_RESET_CODE_EXPIRED' },
    });
    await t.login(company.email, company.password);
  });

  it('answers 502 when the mail server refuses the message', async () => {
    const company = await signupCompany(t, 'Refused');
    const users = t.app.get(DataSource).getRepository('UserEntity');
    await users.update({ id: company.user.id }, { email: `${company.user.id}@refused.test` });
    expect(await forget(`${company.user.id}@refused.test`)).toMatchObject({
      status: 502,
      body: { error: 'ERR_EMAIL_NOT_SENT' },
    });
  });

  it("throttles each route per address and IP, per IP, and per address from everywhere, never the owner's own IP", async () => {
    const company = await signupCompany(t, 'Throttle');
    const attacker = '10.8.8.8';
    for (let i = 0; i < 8; i++) expect((await forget(company.email, attacker)).status).toBe(200);
    expect(await forget(company.email, attacker)).toMatchObject({
      status: 429,
      body: { error: 'ERR_TOO_MANY_REQUESTS' },
    });
    // The owner, from another IP, still gets a code.
    expect((await forget(company.email)).status).toBe(200);
    // The confirm step has its own budget for the address.
    expect((await reset(company.email, 'AAAA-AAAA', 'New-secret-123', attacker)).status).toBe(400);
    // Spread over many IPs, the address reaches its daily ceiling (12 asked)...
    for (let i = 0; i < 3; i++) expect((await forget(company.email)).status).toBe(200);
    expect((await forget(company.email)).status).toBe(429);
    // ...which does not hold the IP its owner signs in from.
    expect((await forget(company.email, '127.0.0.1')).status).toBe(200);

    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await forget(`unknown${i}@nowhere.test`, ip)).status).toBe(404);
    expect(await forget('unknown-last@nowhere.test', ip)).toMatchObject({ status: 429 });
    expect(await reset('unknown@nowhere.test', 'AAAA-AAAA', 'New-secret-123', ip)).toMatchObject({ status: 404 });
    // Sign-in is not slowed by any of it.
    expect(
      (await t.request('POST', '/auth/login', { body: { email: company.email, password: company.password } })).status,
    ).toBe(200);
  });
});
