// Scale-out (issue 26): server processes (server/dist/main.js) on MariaDB + Redis sharing sandbox
// WhatsApp sessions, and files in object storage (the S3 stand-in, in this process).
//
//   (a) SCALE_SESSIONS sessions over three nodes: all connected, each node holding its third
//   (b) a fourth node joins under a steady inbound load: how long until it holds its share, and
//       every customer's message stored exactly once
//   (c) kill -9 of the node holding the most sessions under the same load: how long until each of
//       its sessions is held (and served) again, and every message stored exactly once
//   (d) a file uploaded through one node, fetched through the two others
//   (e) every node stopped, then one started alone: how long until it runs every session again
//
// The nodes share the machine's cores: load averages are printed beside the figures.
// Environment: BENCH_MYSQL_URL, BENCH_REDIS_URL, BENCH_PORT (18851; the other nodes take the next
// ports), SCALE_SESSIONS (3000; CI runs 300), SCALE_RATE (customers' messages a second, 40),
// SCALE_PER_COMPANY (connections a company, 50), SCALE_LOG_LEVEL (the nodes', warn). Skipped (exit 0) without MariaDB or Redis unless
// CI is set. Exit code 1 when a target is missed.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { benchKit, log } from './support/bench-kit.mjs';
import { alive, ask, must, startNode as startServerNode } from './support/nodes.mjs';

const kit = benchKit({ name: 'scale', defaultPort: 18851, columns: [62, 44, 26] });
const { report } = kit;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SESSIONS = Number(process.env.SCALE_SESSIONS ?? 3000);
const RATE = Number(process.env.SCALE_RATE ?? 40);
const PER_COMPANY = Number(process.env.SCALE_PER_COMPANY ?? 50);
const ADMIN = { email: 'root@bench-scale.test', password: 'Bench-root-password-1' };
const PASSWORD = 'Bench-password-1';
const S3_KEYS = { accessKeyId: 'bench-scale', secretAccessKey: randomBytes(20).toString('hex') };
const BUCKET = 'bench-scale';
const load = () => `load average ${loadavg()[0].toFixed(1)}`;
const now = () => performance.timeOrigin + performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The nodes by name: { name, port, base, child, exited }. */
const nodes = {};
let s3 = null;
let s3Endpoint = null;
/** Every line: { id, token }. */
const lines = [];

async function startNode(name, port) {
  nodes[name] = await startServerNode({
    name,
    port,
    env: kit.serverEnv({
      port,
      redisPrefix: kit.prefix,
      logLevel: process.env.SCALE_LOG_LEVEL ?? 'warn',
      env: {
        NODE_ID: name,
        SANDBOX_ACK_INTERVAL_MS: '50',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SIGNUP_LIMIT_PER_IP: '100000',
        STORAGE: 's3',
        S3_ENDPOINT: s3Endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
      },
    }),
  });
  return nodes[name];
}

const liveNodes = () => Object.values(nodes).filter(alive);

/** Runs `work(i)` for i < count, `concurrency` at a time. */
async function pool(count, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Companies on a plan without a connection limit, each with its sandbox lines connected. */
async function provision() {
  const node = nodes.a;
  const root = await must(node, 'POST', '/auth/login', { body: ADMIN });
  const plan = await must(node, 'POST', '/plans', {
    token: root.token,
    body: { name: 'Scale', users: 0, connections: 0, queues: 0, value: 0 },
  });
  const companies = Math.ceil(SESSIONS / PER_COMPANY);
  const tokens = [];
  await pool(companies, 4, async (c) => {
    const email = `admin${c}@bench-scale.test`;
    await must(node, 'POST', '/companies/cadastro', {
      body: { name: `Scale ${c}`, email, phone: '(11) 98765-4321', password: PASSWORD, planId: plan.id },
    });
    tokens[c] = (await must(node, 'POST', '/auth/login', { body: { email, password: PASSWORD } })).token;
  });
  const started = now();
  await pool(SESSIONS, 12, async (i) => {
    const token = tokens[Math.floor(i / PER_COMPANY)];
    const via = liveNodes()[i % liveNodes().length];
    const line = await must(via, 'POST', '/whatsapp', { token, body: { name: `Line ${i}`, provider: 'sandbox' } });
    lines[i] = { id: line.id, token };
    // Its session starts as it is created, on whichever node has room: the scan reaches it there.
    for (let attempt = 0; ; attempt++) {
      const scan = await ask(via, 'POST', `/sandbox/connections/${line.id}/scan`, { token, body: {} });
      if (scan.status === 200) break;
      if (attempt === 100) throw new Error(`line ${line.id} did not connect: ${scan.status} ${scan.text}`);
      await sleep(100);
    }
  });
  log(`  ${SESSIONS} lines created and scanned in ${seconds(now() - started)} (${load()})`);
}

/** How many sessions each node holds, by the leases in Redis (`none`: held by nobody). */
async function holders(redis) {
  const counts = { none: 0 };
  for (let i = 0; i < lines.length; i += 1000) {
    const held = await redis.mget(lines.slice(i, i + 1000).map((line) => `${kit.prefix}:wa-lease:${line.id}`));
    for (const node of held) counts[node ?? 'none'] = (counts[node ?? 'none'] ?? 0) + 1;
  }
  return counts;
}

const describe = (counts) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([node, n]) => `${node} ${n}`)
    .join(', ');

/** Whether every session is held, each live node within ±10% of its share. */
function balanced(counts) {
  const names = liveNodes().map((node) => node.name);
  const share = SESSIONS / names.length;
  return counts.none === 0 && names.every((name) => Math.abs((counts[name] ?? 0) - share) <= share * 0.1);
}

/**
 * Customers writing at RATE a second to random lines through the live nodes in turn, each message
 * sent again under its id on a 503 or no answer, as WhatsApp redelivers; `stop()` ends it and
 * answers what was sent and accepted.
 */
function traffic(runId) {
  let running = true;
  const sent = [];
  const accepted = new Set();
  const pending = [];
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const line = lines[Math.floor(Math.random() * lines.length)];
      const id = `SCALE-${runId}-${n}`;
      sent.push(id);
      pending.push(
        (async () => {
          for (let attempt = 0; attempt < 80; attempt++) {
            const live = liveNodes();
            const answer = await ask(
              live[(n + attempt) % live.length],
              'POST',
              `/sandbox/connections/${line.id}/messages`,
              {
                token: line.token,
                body: { from: `55119${String(n % 500).padStart(8, '0')}`, id, body: `message ${n}` },
              },
            );
            if (answer.status === 201) return accepted.add(id);
            await sleep(250);
          }
        })(),
      );
      await sleep(1000 / RATE);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await Promise.all(pending);
      return { sent, accepted };
    },
  };
}

/** Messages stored under the run's ids: rows and distinct ids. */
async function stored(db, runId) {
  const [[row]] = await db.query(
    'SELECT COUNT(*) AS n, COUNT(DISTINCT whatsappId, providerId) AS ids FROM messages WHERE providerId LIKE ?',
    [`SCALE-${runId}-%`],
  );
  return { rows: Number(row.n), ids: Number(row.ids) };
}

async function reportTraffic(db, label, load) {
  const { sent, accepted } = await load.run.stop();
  // The pipeline stores each after its 201; give the last ones a moment.
  let kept = await stored(db, load.runId);
  for (let i = 0; i < 50 && kept.ids < accepted.size; i++) {
    await sleep(200);
    kept = await stored(db, load.runId);
  }
  report(
    `${label}: messages accepted / stored / stored twice`,
    `${accepted.size} of ${sent.length} / ${kept.ids} / ${kept.rows - kept.ids}`,
    'all / all / 0',
    accepted.size === sent.length && kept.ids === sent.length && kept.rows === kept.ids,
  );
}

async function main() {
  const why = await kit.unreachable();
  if (why) {
    if (process.env.CI) throw new Error(why);
    log(`skipped: ${why}`);
    return;
  }
  await kit.prepare();
  const db = await kit.freshDatabase();
  const redis = new Redis(kit.redisUrl);
  const { S3StandIn } = await import(join(root, 'server', 'dist', 'modules', 'media', 's3-stand-in.js'));
  s3 = new S3StandIn(S3_KEYS);
  s3Endpoint = await s3.listen();
  s3.createBucket(BUCKET);
  try {
    log(`scale: ${SESSIONS} sandbox sessions, ${RATE} customers' messages a second (${load()})`);
    await Promise.all([startNode('a', kit.port), startNode('b', kit.port + 1), startNode('c', kit.port + 2)]);

    log(`\n(a) ${SESSIONS} sessions over three nodes`);
    await provision();
    let counts = await holders(redis);
    const settleFrom = now();
    for (let tick = 1; !balanced(counts) && now() - settleFrom < 60_000; tick++) {
      await sleep(500);
      counts = await holders(redis);
      if (tick % 4 === 0) log(`    ${seconds(now() - settleFrom)}: ${describe(counts)}`);
    }
    report(
      'sessions held, by node',
      describe(counts),
      `${SESSIONS}, each ${Math.round(SESSIONS / 3)} ± 10%`,
      balanced(counts),
    );
    report('  settled after provisioning', seconds(now() - settleFrom), '(info)', null);

    log(`\n(b) a fourth node joins under ${RATE} messages a second (${load()})`);
    const joinLoad = { runId: randomBytes(3).toString('hex') };
    joinLoad.run = traffic(joinLoad.runId);
    await sleep(2000);
    const joining = now();
    await startNode('d', kit.port + 3);
    const started = now();
    counts = await holders(redis);
    for (let tick = 1; !balanced(counts) && now() - joining < 90_000; tick++) {
      await sleep(250);
      counts = await holders(redis);
      if (tick % 8 === 0) log(`    ${seconds(now() - started)}: ${describe(counts)}`);
    }
    const joined = now();
    report(
      'the fourth node holds its share after (from its start)',
      `${seconds(joined - started)} (${describe(counts)})`,
      '≤ 30 s, each ± 10%',
      balanced(counts) && joined - started <= 30_000,
    );
    report('  the node itself took to start', seconds(started - joining), '(info)', null);
    await sleep(2000);
    await reportTraffic(db, 'join', joinLoad);

    log(`\n(c) kill -9 of the node holding the most sessions (${load()})`);
    const killLoad = { runId: randomBytes(3).toString('hex') };
    killLoad.run = traffic(killLoad.runId);
    await sleep(2000);
    counts = await holders(redis);
    const victim = liveNodes()
      .filter((node) => node.name !== 'd')
      .sort((x, y) => (counts[y.name] ?? 0) - (counts[x.name] ?? 0))[0];
    const orphans = counts[victim.name] ?? 0;
    victim.child.kill('SIGKILL');
    const killed = now();
    await victim.exited;
    for (let tick = 1; now() - killed < 60_000; tick++) {
      counts = await holders(redis);
      if (!counts[victim.name] && counts.none === 0) break;
      await sleep(100);
      if (tick % 10 === 0) log(`    ${seconds(now() - killed)}: ${describe(counts)}`);
    }
    const rehomed = now();
    report(
      `its ${orphans} sessions held by the other nodes after`,
      `${seconds(rehomed - killed)} (${describe(counts)})`,
      '≤ 10 s',
      !counts[victim.name] && counts.none === 0 && rehomed - killed <= 10_000,
    );
    await sleep(2000);
    await reportTraffic(db, 'kill', killLoad);

    log('\n(d) a file through one node, fetched through the others');
    const [first, ...others] = liveNodes();
    const { token } = lines[0];
    const quick = await must(first, 'POST', '/quick-messages', {
      token,
      body: { shortcode: 'scale', message: 'file', geral: true },
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', new Blob([png], { type: 'image/png' }), 'scale.png');
    const upload = await fetch(`${first.base}/quick-messages/${quick.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { mediaPath } = await upload.json();
    const fetched = await Promise.all(
      [first, ...others].map(async (node) => {
        const res = await fetch(`${node.base}${mediaPath}`);
        const bytes = Buffer.from(await res.arrayBuffer());
        return `${res.status} ${res.headers.get('content-type')} ${res.headers.get('etag')} ${bytes.equals(png)}`;
      }),
    );
    report(
      `a file uploaded through ${first.name}, fetched through ${others.map((n) => n.name).join(' and ')}`,
      fetched.every((f) => f === fetched[0])
        ? `same: ${fetched[0].split(' ').slice(0, 2).join(' ')}`
        : fetched.join(' | '),
      '200, same bytes and headers',
      upload.status === 201 &&
        fetched.every((f) => f === fetched[0] && f.startsWith('200 image/png') && f.endsWith('true')),
    );

    log(`\n(e) every node stopped, one started alone (${load()})`);
    await Promise.all(
      liveNodes().map(async (node) => {
        node.child.kill('SIGTERM');
        await node.exited;
      }),
    );
    const restarting = now();
    await startNode('a', kit.port);
    const up = now();
    counts = await holders(redis);
    while (counts.a !== SESSIONS && now() - up < 120_000) {
      await sleep(100);
      counts = await holders(redis);
    }
    const resumed = now() - up;
    // 5 s a 1,000, and 5 s for fewer: a start's fixed costs (one sweep's wait) do not shrink.
    const target = Math.max(5_000, (SESSIONS / 1000) * 5_000);
    report(
      `${SESSIONS} sessions resumed by one node after its start`,
      `${seconds(resumed)} (${describe(counts)})`,
      `≤ ${seconds(target)} (5 s a 1,000)`,
      counts.a === SESSIONS && resumed <= target,
    );
    report('  the node itself took to start', seconds(up - restarting), '(info)', null);
    kit.printSummary();
  } finally {
    await finish(redis, db);
  }
}

async function finish(redis, db) {
  await Promise.all(
    Object.values(nodes).map(async (node) => {
      if (!alive(node)) return;
      node.child.kill('SIGTERM');
      const timer = setTimeout(() => node.child.kill('SIGKILL'), 20_000);
      await node.exited;
      clearTimeout(timer);
    }),
  );
  await redis?.quit().catch(() => undefined);
  await db?.end().catch(() => undefined);
  await s3?.close();
  await kit.cleanup();
}

await kit.run(main, () => finish(null, null));
