// HTTP benchmark of the spine: starts the built server on a fresh data directory (SQLite by
// default, MariaDB/Redis when DB_URL/REDIS_URL are set) and loads it from this process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUEUE_COLOR_PALETTE } from '@atendo/shared';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 18790);
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@atendo.test', password: 'Bench-password-1' };

/** Targets: what each call must stay under on the 2-core reference machine. */
const TARGETS = [
  { name: 'GET /health', path: '/health', connections: 20, p99: 20, minRps: 1500 },
  {
    name: 'GET /queue (authenticated, tenant-scoped)',
    path: '/queue',
    auth: true,
    connections: 20,
    p99: 40,
    minRps: 800,
  },
  {
    name: 'GET /users/ (page of 20 with queues)',
    path: '/users/?pageNumber=1',
    auth: true,
    connections: 20,
    p99: 80,
    minRps: 300,
  },
];

const dataDir = mkdtempSync(join(tmpdir(), 'atendo-bench-'));
const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'error',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const run = (options) =>
  new Promise((resolve, reject) => autocannon(options, (err, result) => (err ? reject(err) : resolve(result))));

let failed = false;
try {
  await waitForServer();
  const login = await (
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    })
  ).json();
  const token = login.token;
  // Some data behind the list calls: 10 queues and 19 more users.
  const palette = QUEUE_COLOR_PALETTE.slice(0, 10);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const queueIds = [];
  for (const [i, color] of palette.entries()) {
    const q = await (
      await fetch(`${base}/queue`, { method: 'POST', headers, body: JSON.stringify({ name: `Queue ${i}`, color }) })
    ).json();
    queueIds.push(q.id);
  }
  for (let i = 0; i < 9; i++) {
    await fetch(`${base}/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Agent ${i}`,
        email: `agent${i}@bench.test`,
        password: 'agent-pass',
        queueIds: queueIds.slice(0, 3),
      }),
    });
  }

  console.log(
    `Atendo HTTP benchmark — ${process.env.DB_URL ? 'MariaDB' : 'SQLite'}, ${process.env.REDIS_URL ? 'Redis' : 'in-process'}; 10 s per call`,
  );
  console.log('call'.padEnd(44), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), '  target');
  for (const target of TARGETS) {
    const result = await run({
      url: `${base}${target.path}`,
      connections: target.connections,
      duration: 10,
      headers: { accept: 'application/json', ...(target.auth ? { authorization: `Bearer ${token}` } : {}) },
    });
    const ok =
      result.latency.p99 <= target.p99 &&
      result.requests.average >= target.minRps &&
      result.non2xx === 0 &&
      result.errors === 0;
    failed ||= !ok;
    console.log(
      target.name.padEnd(44),
      String(Math.round(result.requests.average)).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      `  p99 <= ${target.p99} ms, >= ${target.minRps} req/s at ${target.connections} connections: ${ok ? 'met' : 'MISSED'}` +
        (result.non2xx ? ` (${result.non2xx} non-2xx)` : ''),
    );
  }

  // Inbound messages through the sandbox provider, the whole pipeline (contact, ticket, message,
  // events): what one installation on the embedded defaults takes in. Skipped with SANDBOX=false.
  const line = await (
    await fetch(`${base}/whatsapp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench line', provider: 'sandbox', isDefault: true, queueIds: [queueIds[0]] }),
    })
  ).json();
  await fetch(`${base}/whatsappsession/${line.id}`, { method: 'POST', headers, body: '{}' });
  let scanned = false;
  for (let i = 0; i < 50 && !scanned; i++) {
    const res = await fetch(`${base}/sandbox/connections/${line.id}/scan`, { method: 'POST', headers, body: '{}' });
    scanned = res.ok;
    if (res.status === 404) break; // the sandbox is off
    if (!scanned) await new Promise((r) => setTimeout(r, 200));
  }
  if (scanned) {
    let k = 0;
    const inbound = { name: 'inbound message (sandbox, 500 senders)', connections: 16, p99: 500, minRps: 100 };
    const result = await run({
      url: base,
      connections: inbound.connections,
      duration: 10,
      requests: [
        {
          method: 'POST',
          path: `/sandbox/connections/${line.id}/messages`,
          headers,
          setupRequest: (req) => {
            const n = k++;
            return {
              ...req,
              body: JSON.stringify({ from: `5511${970_000_000 + (n % 500)}`, id: `bench-${n}`, body: `mensagem ${n}` }),
            };
          },
        },
      ],
    });
    const ok =
      result.latency.p99 <= inbound.p99 &&
      result.requests.average >= inbound.minRps &&
      result.non2xx === 0 &&
      result.errors === 0;
    failed ||= !ok;
    console.log(
      inbound.name.padEnd(44),
      String(Math.round(result.requests.average)).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      `  p99 <= ${inbound.p99} ms, >= ${inbound.minRps} msg/s at ${inbound.connections} connections: ${ok ? 'met' : 'MISSED'}` +
        (result.non2xx ? ` (${result.non2xx} non-2xx)` : ''),
    );
  } else {
    console.log('inbound message: skipped (the sandbox is off)');
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
