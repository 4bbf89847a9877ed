import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { deriveSecretsKey, SecretBox, secretsKeyId } from '../src/common/secret-box.js';
import { sealWhatsappAuth } from '../src/database/migrations/1765100000000-SealWhatsappAuth.js';
import { WhatsappAuthKeyEntity } from '../src/modules/whatsapp/entities/whatsapp-auth-key.entity.js';
import { settle } from './support/conversations.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// WhatsApp session credentials are sealed in the database and survive a rotation of SECRETS_KEY:
// the old key kept in SECRETS_KEY_PREVIOUS, `npm run reseal` (the real script, on the built
// server), then the old key dropped. On SQLite or on the MySQL/MariaDB of DB_URL.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const KEY_A = 'a-first-secrets-key-of-at-least-32-characters';
const KEY_B = 'the-rotated-secrets-key-of-at-least-32-chars';
const ID_A = secretsKeyId(deriveSecretsKey(KEY_A));
const ID_B = secretsKeyId(deriveSecretsKey(KEY_B));

let first: TestApp;
let node: TestApp | null = null;
beforeAll(async () => {
  if (!existsSync(join(ROOT, 'server', 'dist', 'maintenance', 'reseal.js'))) {
    throw new Error('server/dist is not built: run npm run build -w server first');
  }
  first = await startTestApp({ SANDBOX: 'true', SECRETS_KEY: KEY_A });
}, 60_000);
afterAll(async () => {
  await node?.app.close();
  await first.close();
});

function reseal(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'reseal.mjs')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SANDBOX: 'true',
      DATA_DIR: first.config.dataDir,
      ...(first.config.dbUrl ? { DB_URL: first.config.dbUrl } : {}),
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** The next node of the installation, on the same data, with `env`'s keys (the one before stopped). */
async function restartWith(env: Record<string, string>): Promise<TestApp> {
  await (node ?? first).app.close();
  node = await startTestApp({ SANDBOX: 'true', ...env }, first);
  return node;
}

async function status(t: TestApp, token: string, id: number): Promise<string> {
  let current = '';
  for (let i = 0; i < 50; i += 1) {
    current = (await t.request('GET', `/whatsapp/${id}`, { token })).body.status;
    if (current === 'CONNECTED') break;
    await settle(100);
  }
  return current;
}

const rows = (t: TestApp, whatsappId: number) =>
  t.app
    .get(DataSource)
    .getRepository(WhatsappAuthKeyEntity)
    .find({ where: { whatsappId }, order: { id: 'ASC' } });

it('seals session credentials, keeps them through a key rotation and a reseal, and reseals idempotently', async () => {
  const company = await signupCompany(first, 'Sealed');
  const line = await first.request('POST', '/whatsapp', {
    token: company.token,
    body: { name: 'Sealed line', provider: 'sandbox' },
  });
  const id = line.body.id as number;
  await first.request('POST', `/whatsappsession/${id}`, { token: company.token });
  await first.request('POST', `/sandbox/connections/${id}/scan`, {
    token: company.token,
    body: { number: '5511944440000' },
  });
  expect(await status(first, company.token, id)).toBe('CONNECTED');

  const [creds] = await rows(first, id);
  expect(creds.value.startsWith(`v2.${ID_A}.`)).toBe(true);
  expect(creds.value).not.toContain('5511944440000');
  expect(() => JSON.parse(creds.value)).toThrow();
  // A row as a node of the previous version writes it during a rolling upgrade: plain JSON.
  await first.app
    .get(DataSource)
    .getRepository(WhatsappAuthKeyEntity)
    .insert({ whatsappId: id, type: 'pre-key', keyId: '9', value: '{"plain":true}' });

  // Rotated: the old key still opens what it sealed.
  let t = await restartWith({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A });
  const token = (await t.login(company.email, company.password)).token;
  expect(await status(t, token, id)).toBe('CONNECTED');

  // Resealed while that node runs: every value under the new key, the plain row sealed too.
  const firstRun = reseal({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A });
  expect(firstRun).toMatchObject({
    status: 0,
    out: expect.stringContaining('whatsapp_auth_keys.value: 2 values, 2 sealed again'),
  });
  const resealed = await rows(t, id);
  expect(resealed.map((r) => r.value.slice(0, 3 + ID_B.length + 1))).toEqual([`v2.${ID_B}.`, `v2.${ID_B}.`]);
  const box = new SecretBox(deriveSecretsKey(KEY_B));
  expect(box.open(resealed[1].value, `whatsappAuth:${id}:pre-key:9`)).toBe('{"plain":true}');
  // Again: nothing left to do.
  expect(reseal({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A })).toMatchObject({
    status: 0,
    out: expect.stringContaining('whatsapp_auth_keys.value: 2 values, 0 sealed again'),
  });

  // The old key can go: the session still opens under the new one alone.
  t = await restartWith({ SECRETS_KEY: KEY_B });
  expect(await status(t, (await t.login(company.email, company.password)).token, id)).toBe('CONNECTED');
  // Without the key it was sealed under, reseal stops and names the row instead of losing it.
  expect(reseal({ SECRETS_KEY: 'some-other-secrets-key-of-32-characters!' })).toMatchObject({
    status: 1,
    out: expect.stringContaining(`sealed under key ${ID_B}, which is not configured`),
  });
}, 120_000);

it('the migration seals plain session rows and its down opens them again', async () => {
  const t = node ?? first;
  const db = t.app.get(DataSource);
  const repo = db.getRepository(WhatsappAuthKeyEntity);
  const company = await signupCompany(t, 'Migrated');
  const line = await t.request('POST', '/whatsapp', {
    token: company.token,
    body: { name: 'Old line', provider: 'sandbox' },
  });
  await repo.insert({ whatsappId: line.body.id, type: 'creds', keyId: 'creds', value: '{"me":"old"}' });
  const box = new SecretBox(deriveSecretsKey(KEY_B));
  const Migration = sealWhatsappAuth(box);
  const runner = db.createQueryRunner();
  try {
    await new Migration().up(runner);
    const sealed = await repo.findOneByOrFail({ whatsappId: line.body.id });
    expect(sealed.value.startsWith(`v2.${ID_B}.`)).toBe(true);
    expect(box.open(sealed.value, `whatsappAuth:${line.body.id}:creds:creds`)).toBe('{"me":"old"}');
    await new Migration().down(runner);
    expect((await repo.findOneByOrFail({ whatsappId: line.body.id })).value).toBe('{"me":"old"}');
  } finally {
    await runner.release();
  }
}, 60_000);
