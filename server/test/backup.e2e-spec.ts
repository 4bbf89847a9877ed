import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { WhatsappAuthKeyEntity } from '../src/modules/whatsapp/entities/whatsapp-auth-key.entity.js';
import { settle } from './support/conversations.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// `npm run backup` and `npm run restore` as an operator runs them: the real scripts (on the built
// server, as CI builds it first), on the same environment as the server, on SQLite or on the
// MySQL/MariaDB of DB_URL.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')]);

function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

let t: TestApp;
let env: Record<string, string>;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'atendo-backup-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'server', 'dist', 'maintenance', 'backup.js'))) {
    throw new Error('server/dist is not built: run npm run build -w server first');
  }
  t = await startTestApp({ SANDBOX: 'true' });
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SANDBOX: 'true',
    DATA_DIR: t.config.dataDir,
    ...(t.config.dbUrl ? { DB_URL: t.config.dbUrl } : {}),
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Everything an operator would look for after a restore, read through the API. */
async function snapshot(app: TestApp, token: string) {
  const tickets = await app.request('GET', '/tickets?showAll=true&status=pending', { token });
  const list = [...tickets.body.tickets].sort((a: any, b: any) => a.id - b.id);
  const messages: any[] = [];
  for (const ticket of list) {
    const page = await app.request('GET', `/messages/${ticket.id}`, { token });
    messages.push(
      ...page.body.messages.map((m: any) => ({
        id: m.id,
        ticketId: m.ticketId,
        body: m.body,
        fromMe: m.fromMe,
        mediaType: m.mediaType,
        mediaUrl: m.mediaUrl,
      })),
    );
  }
  const connections = (await app.request('GET', '/whatsapp', { token })).body.map((w: any) => ({
    id: w.id,
    name: w.name,
    provider: w.provider,
  }));
  return {
    tickets: list.map((x: any) => ({
      id: x.id,
      contact: x.contact.number,
      whatsappId: x.whatsappId,
      status: x.status,
    })),
    messages: messages.sort((a, b) => String(a.id).localeCompare(String(b.id))),
    connections,
  };
}

async function fetchBytes(app: TestApp, mediaUrl: string): Promise<Buffer> {
  const res = await fetch(new URL(mediaUrl, app.url));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function wipe(app: TestApp) {
  await app.app.close();
  if (app.config.dbUrl) {
    const url = new URL(app.config.dbUrl.replace(/^mariadb:/, 'mysql:'));
    const name = url.pathname.slice(1);
    url.pathname = '/';
    const admin = await createConnection(url.toString());
    await admin.query(`DROP DATABASE \`${name}\``);
    await admin.end();
  }
  rmSync(app.config.dataDir, { recursive: true, force: true });
}

it('backs up a running server, and a wiped one restored has every ticket, message, file and connection', async () => {
  const company = await signupCompany(t, 'Backed');
  const line = await t.request('POST', '/whatsapp', {
    token: company.token,
    body: { name: 'Backed line', provider: 'sandbox' },
  });
  await t.request('POST', `/whatsappsession/${line.body.id}`, { token: company.token });
  await t.request('POST', `/sandbox/connections/${line.body.id}/scan`, {
    token: company.token,
    body: { number: '5511955550000' },
  });
  await settle(200);
  for (const [from, body, media] of [
    [
      '5511977770001',
      'Olá, segue a foto',
      { base64: PNG.toString('base64'), mimetype: 'image/png', filename: 'p.png' },
    ],
    [
      '5511977770001',
      'e o contrato',
      { base64: PDF.toString('base64'), mimetype: 'application/pdf', filename: 'c.pdf' },
    ],
    ['5511977770002', 'Bom dia', undefined],
  ] as const) {
    const sent = await t.request('POST', `/sandbox/connections/${line.body.id}/messages`, {
      token: company.token,
      body: { from, body, ...(media ? { media } : {}) },
    });
    expect(sent.status).toBeLessThan(300);
  }
  let before = await snapshot(t, company.token);
  for (let i = 0; i < 50 && before.messages.length < 3; i += 1) {
    await settle(100);
    before = await snapshot(t, company.token);
  }
  expect(before.tickets).toHaveLength(2);
  expect(before.messages).toHaveLength(3);
  const media = before.messages.filter((m) => m.mediaUrl);
  expect(media.map((m) => m.mediaType).sort()).toEqual(['application', 'image']);
  const bytes = new Map<string, Buffer>();
  for (const m of media) bytes.set(m.mediaUrl, await fetchBytes(t, m.mediaUrl));
  expect(Buffer.compare(bytes.get(media.find((m) => m.mediaType === 'image')!.mediaUrl)!, PNG)).toBe(0);

  // Taken while the server runs.
  const dir = join(folder(), 'backup');
  const backup = run('backup.mjs', [dir], env);
  expect(backup).toMatchObject({ status: 0 });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  expect(manifest).toMatchObject({
    format: 1,
    version: t.config.version,
    database: { kind: t.config.dbUrl ? 'mysql' : 'sqlite' },
    secrets: { path: 'secrets.json' },
  });
  expect(manifest.database.migrations).toContain('SealWhatsappAuth1765100000000');
  expect(manifest.files.count).toBeGreaterThanOrEqual(2);
  // Another backup into the same folder is refused, not mixed in.
  expect(run('backup.mjs', [dir], env)).toMatchObject({ status: 1, out: expect.stringContaining('not empty') });

  // A damaged backup is refused before anything is written.
  const damaged = join(folder(), 'damaged');
  expect(run('backup.mjs', [damaged], env)).toMatchObject({ status: 0 });
  const firstFile = manifest.files.entries[0].path as string;
  writeFileSync(join(damaged, 'files', ...firstFile.split('/')), 'tampered');
  expect(run('restore.mjs', [damaged, '--force'], env)).toMatchObject({
    status: 1,
    out: expect.stringContaining(`files/${firstFile} does not match its checksum`),
  });
  // Into the live, non-empty database: refused without --force.
  expect(run('restore.mjs', [dir], env)).toMatchObject({
    status: 1,
    out: expect.stringContaining('--force'),
  });

  await wipe(t);
  const restored = run('restore.mjs', [dir], env);
  expect(restored).toMatchObject({ status: 0 });

  const again = await startTestApp(env);
  try {
    const session = await again.login(company.email, company.password);
    const after = await snapshot(again, session.token);
    expect(after).toEqual(before);
    for (const [url, content] of bytes) expect(Buffer.compare(await fetchBytes(again, url), content)).toBe(0);
    // The connection's sealed session came back with the secrets that open it: it is paired again.
    for (let i = 0; i < 50; i += 1) {
      const status = (await again.request('GET', `/whatsapp/${line.body.id}`, { token: session.token })).body.status;
      if (status === 'CONNECTED') break;
      await settle(100);
    }
    const connection = await again.request('GET', `/whatsapp/${line.body.id}`, { token: session.token });
    expect(connection.body).toMatchObject({ status: 'CONNECTED' });
    const creds = await again.app.get(DataSource).getRepository(WhatsappAuthKeyEntity).findOneByOrFail({
      whatsappId: line.body.id,
    });
    expect(creds.value.startsWith('v2.')).toBe(true);
  } finally {
    await again.close();
    await wipe({ ...again, app: { close: async () => {} } } as unknown as TestApp);
  }
}, 180_000);
