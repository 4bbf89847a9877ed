// Cluster check (issue 10): two server processes (server/dist/main.js) on MariaDB + Redis, driven
// from here, each reaching Redis through a TCP proxy this script can cut.
//
//   (a) kill -9 of the process holding a sandbox connection's lease during a burst of inbound
//       messages: how long until the other node takes them, and every message stored exactly once
//       after the client's redeliveries (503 and refused connections are sent again, same id)
//   (b) sign-out and a company's disabling on one node: how long until the other node refuses the
//       access token, drops the socket it holds, and refuses a new socket
//   (c) Redis cut off for 5 s: both processes stay up, sign-in answers, health says degraded, and
//       everything works again by itself once Redis is back
//   (d) a campaign run by both nodes, kill -9 of the session's holder a third of the way in and its
//       restart: every contact receives the campaign exactly once, counted on the sandbox network
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_REDIS_URL (redis://127.0.0.1:6379;
// keys under a unique prefix, deleted at the end), BENCH_PORT (18811; the second node takes the next
// port), BENCH_DB_NAME (atendo_bench_cluster, created and dropped here), CLUSTER_BURST (600 messages),
// CLUSTER_RATE (40 a second), CLUSTER_CAMPAIGN (400 contacts). Skipped (exit 0) when MariaDB or Redis is not there, unless CI is set.
// Exit code 1 when a target is missed.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { startTcpProxy } from '../scripts/lib/tcp-proxy.mjs';
import { benchKit, log } from './support/bench-kit.mjs';
import { alive, ask, must, startNode as startServerNode } from './support/nodes.mjs';

const kit = benchKit({ name: 'cluster', defaultPort: 18811, columns: [62, 40, 22] });
const { report } = kit;
const BURST = Number(process.env.CLUSTER_BURST ?? 600);
const RATE = Number(process.env.CLUSTER_RATE ?? 40);
const CAMPAIGN = Number(process.env.CLUSTER_CAMPAIGN ?? 400);
const ADMIN = { email: 'root@bench-cluster.test', password: 'Bench-root-password-1' };
const PASSWORD = 'Bench-password-1';
const now = () => performance.timeOrigin + performance.now();
const load = () => `load average ${loadavg()[0].toFixed(1)}`;

let proxy = null;
/** The two nodes by name: { name, port, base, child }. */
const nodes = {};

async function startNode(name, port) {
  // /health, not readiness: phase (c) cuts Redis off from nodes that must keep answering.
  nodes[name] = await startServerNode({
    name,
    port,
    ready: '/health',
    env: kit.serverEnv({
      port,
      redisPrefix: kit.prefix,
      logLevel: 'warn',
      env: {
        REDIS_URL: proxy.url,
        SANDBOX_ACK_INTERVAL_MS: '10',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SIGNUP_LIMIT_PER_IP: '1000',
      },
    }),
  });
  return nodes[name];
}

/** GET /health: its HTTP status as `http`, and its body (`status`, `database`, `redis`). */
async function health(node) {
  const response = await fetch(`${node.base}/health`, { signal: AbortSignal.timeout(3000) });
  return { http: response.status, ...(await response.json()) };
}

async function signIn(node, email, password) {
  const response = await fetch(`${node.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in of ${email} on ${node.name}: ${response.status} ${JSON.stringify(body)}`);
  const refresh = /jrt=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { token: body.token, refresh, status: response.status };
}

let companies = 0;
async function newCompany(node, name) {
  companies += 1;
  const plans = await must(node, 'GET', '/plans/list');
  const email = `admin${companies}@${name.toLowerCase()}.bench-cluster.test`;
  const company = await must(node, 'POST', '/companies/cadastro', {
    body: { name: `${name} ${companies}`, email, phone: '(11) 98765-4321', password: PASSWORD, planId: plans[0].id },
  });
  return { id: company.id, email, ...(await signIn(node, email, PASSWORD)) };
}

/** A socket on `node`: resolves once it is ready, or with the error that refused it. */
function openSocket(node, token) {
  const socket = io(node.base, { transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
  socket.ready = new Promise((resolve) => {
    socket.once('ready', () => resolve('ready'));
    socket.once('connect_error', (error) => resolve(`refused (${error.message})`));
  });
  socket.dropped = new Promise((resolve) => socket.once('disconnect', () => resolve(now())));
  return socket;
}

/** Polls `check` every few milliseconds; answers when it held (ms since `from`), or null after `ms`. */
async function whenTrue(check, from, ms) {
  while (now() - from < ms) {
    if (await check()) return Math.round(now() - from);
    await sleep(5);
  }
  return null;
}

/**
 * Delivers one inbound message like a client that redelivers: alternating between the nodes, it
 * sends the same id again after a 503 (waiting its Retry-After), a refused connection or any other
 * failure, until one answers 201. Answers the time it was first sent, when it was stored, and the
 * answers it got on the way.
 */
async function deliver(whatsappId, token, message, deadline) {
  const answers = [];
  const names = Object.keys(nodes);
  for (let attempt = 0; now() < deadline; attempt++) {
    const node = nodes[names[(message.n + attempt) % names.length]];
    const sentAt = now();
    const answer = await ask(node, 'POST', `/sandbox/connections/${whatsappId}/messages`, {
      token,
      body: message.body,
    });
    answers.push({ status: answer.status, sentAt, at: now() });
    if (answer.status === 201) return answers;
    await sleep(answer.status === 503 ? 1000 : 100);
  }
  return answers;
}

async function phaseA(db, redis) {
  log(`\n(a) kill -9 of the session's holder during a burst of ${BURST} inbound messages at ${RATE}/s (${load()})`);
  // The connection starts while only node A runs, so A holds its lease.
  const company = await newCompany(nodes.a, 'Burst');
  const line = await must(nodes.a, 'POST', '/whatsapp', {
    token: company.token,
    body: { name: 'Burst line', provider: 'sandbox' },
  });
  await must(nodes.a, 'POST', `/whatsappsession/${line.id}`, { token: company.token });
  await must(nodes.a, 'POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
  const leaseKey = `${kit.prefix}:wa-lease:${line.id}`;
  const holderOfA = await redis.get(leaseKey);
  await startNode('b', kit.port + 1);
  if ((await redis.get(leaseKey)) !== holderOfA) throw new Error('the lease moved before the kill');

  const runId = randomBytes(3).toString('hex');
  const started = now();
  const deadline = started + BURST * (1000 / RATE) + 60_000;
  let killedAt = null;
  let leaseLeft = null;
  let leaseMovedAt = null;
  const watchLease = (async () => {
    while (leaseMovedAt === null && now() < deadline) {
      const holder = await redis.get(leaseKey);
      if (killedAt && holder && holder !== holderOfA) leaseMovedAt = now();
      await sleep(20);
    }
  })();
  const killer = (async () => {
    await sleep((BURST * (1000 / RATE)) / 3);
    nodes.a.child.kill('SIGKILL');
    killedAt = now();
    leaseLeft = Number(await redis.pttl(leaseKey));
  })();
  const deliveries = [];
  for (let n = 0; n < BURST; n++) {
    const body = { from: `55119${String(n % 50).padStart(8, '0')}`, id: `BURST-${runId}-${n}`, body: `message ${n}` };
    deliveries.push(deliver(line.id, company.token, { n, body }, deadline));
    await sleep(Math.max(0, started + (n + 1) * (1000 / RATE) - now()));
  }
  const results = await Promise.all(deliveries);
  await killer;
  await watchLease;

  const accepted = results.filter((answers) => answers.at(-1)?.status === 201).length;
  const after = results.flat().filter((a) => a.status === 201 && a.sentAt >= killedAt);
  const failover = after.length ? Math.min(...after.map((a) => a.at)) - killedAt : null;
  const redelivered = results.filter((answers) => answers.length > 1).length;
  const statuses = {};
  for (const a of results.flat()) if (a.status !== 201) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const [[stored]] = await db.query(
    'SELECT COUNT(*) AS total, COUNT(DISTINCT providerId) AS distinctIds FROM messages WHERE whatsappId = ? AND providerId LIKE ?',
    [line.id, `BURST-${runId}-%`],
  );
  report(
    'failover: kill -9 → first inbound taken by the other node',
    failover === null ? 'never' : `${(failover / 1000).toFixed(1)} s`,
    '< 10 s',
    failover !== null && failover < 10_000,
  );
  report(
    '— lease taken over after the kill',
    leaseMovedAt
      ? `${((leaseMovedAt - killedAt) / 1000).toFixed(1)} s (it had ${(leaseLeft / 1000).toFixed(1)} s left)`
      : 'never',
    '(info)',
    null,
  );
  const firstAfterMove = leaseMovedAt
    ? Math.min(
        ...results
          .flat()
          .filter((a) => a.status === 201 && a.at >= leaseMovedAt)
          .map((a) => a.at),
      )
    : null;
  report(
    '— first inbound taken after the lease moved',
    firstAfterMove ? `${((firstAfterMove - leaseMovedAt) / 1000).toFixed(1)} s later` : 'never',
    '(info)',
    null,
  );
  report(
    'messages accepted (201) after redelivery',
    `${accepted} / ${BURST} (${redelivered} sent again)`,
    `${BURST} / ${BURST}`,
    accepted === BURST,
  );
  report(
    '— answers before the 201 (status: count; 0 = no connection)',
    Object.entries(statuses)
      .map(([s, c]) => `${s}: ${c}`)
      .join(', ') || 'none',
    '(info)',
    null,
  );
  report(
    'messages stored, distinct ids',
    `${Number(stored.total)} rows, ${Number(stored.distinctIds)} ids`,
    `${BURST} rows, ${BURST} ids`,
    Number(stored.total) === BURST && Number(stored.distinctIds) === BURST,
  );
  return { company, line };
}

/** Ends a session on node A by `end()`, and times how node B notices. */
async function revocation(label, token, end) {
  await must(nodes.b, 'GET', '/auth/me', { token }); // node B now remembers the session
  const held = openSocket(nodes.b, token);
  if ((await held.ready) !== 'ready') throw new Error(`the socket on B was refused before ${label}`);
  // Timed from the moment the call that ends the session answered on node A.
  await end();
  const from = now();
  const [http, socket] = await Promise.all([
    whenTrue(async () => (await ask(nodes.b, 'GET', '/auth/me', { token })).status === 401, from, 5000),
    Promise.race([held.dropped.then((at) => Math.round(at - from)), sleep(5000).then(() => null)]),
  ]);
  const fresh = openSocket(nodes.b, token);
  const answer = await fresh.ready;
  held.close();
  fresh.close();
  const ms = (v) => (v === null ? 'not within 5 s' : v <= 0 ? '0 ms (before the call answered)' : `${v} ms`);
  report(`${label}: node B refuses the access token`, ms(http), '≤ 200 ms', http !== null && http <= 200);
  report(`${label}: node B drops the socket it holds`, ms(socket), '≤ 200 ms', socket !== null && socket <= 200);
  report(`${label}: a new socket on node B`, answer, 'refused', answer.startsWith('refused'));
}

async function phaseB() {
  log(`\n(b) sign-out and company disabled on node A, seen from node B (${load()})`);
  const company = await newCompany(nodes.a, 'Signout');
  await revocation('sign-out', company.token, () =>
    fetch(`${nodes.a.base}/auth/logout`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${company.token}`, cookie: `jrt=${company.refresh}` },
    }),
  );
  const disabled = await newCompany(nodes.a, 'Disabled');
  const root = await signIn(nodes.a, ADMIN.email, ADMIN.password);
  const current = await must(nodes.a, 'GET', `/companies/${disabled.id}`, { token: root.token });
  await revocation('company disabled', disabled.token, () =>
    must(nodes.a, 'PUT', `/companies/${disabled.id}`, { token: root.token, body: { ...current, status: false } }),
  );
}

async function phaseC({ company, line }) {
  log(`\n(c) Redis cut off from both nodes for 5 s (${load()})`);
  const watcher = await signIn(nodes.a, company.email, PASSWORD);
  const socket = openSocket(nodes.b, watcher.token);
  if ((await socket.ready) !== 'ready') throw new Error('the socket on B was refused before the cut');
  proxy.cut();
  const cutAt = now();
  const healthDuring = [];
  let signInDuring = null;
  while (now() - cutAt < 5000) {
    for (const node of Object.values(nodes)) {
      healthDuring.push(await health(node).catch((error) => ({ http: 0, error: error.message })));
    }
    if (signInDuring === null) {
      signInDuring = (
        await ask(nodes.a, 'POST', '/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } })
      ).status;
    }
    await sleep(500);
  }
  proxy.restore();
  const restoredAt = now();
  const bothAlive = Object.values(nodes).every(alive);
  const degraded = healthDuring.filter((h) => h.http === 200 && h.status === 'degraded' && h.redis === 'down').length;

  // Back: both healthy, an event raised on A reaches the socket on B, and the connection takes inbound.
  const healthy = await whenTrue(
    async () =>
      (await Promise.all(Object.values(nodes).map((n) => health(n).catch(() => null)))).every(
        (h) => h?.status === 'ok',
      ),
    restoredAt,
    20_000,
  );
  let crossNode = null;
  while (crossNode === null && now() - restoredAt < 20_000) {
    const heard = new Promise((resolve) => {
      socket.once(`company-${company.id}-queue`, () => resolve(true));
      setTimeout(() => resolve(false), 1000);
    });
    const colour = `#${randomBytes(3).toString('hex')}`;
    await ask(nodes.a, 'POST', '/queue', { token: watcher.token, body: { name: `Q ${colour}`, color: colour } });
    if (await heard) crossNode = Math.round(now() - restoredAt);
  }
  const inbound = await deliver(
    line.id,
    watcher.token,
    { n: 0, body: { from: '5511900000999', id: `AFTER-CUT-${randomBytes(3).toString('hex')}`, body: 'after the cut' } },
    restoredAt + 20_000,
  );
  const inboundAt = inbound.at(-1)?.status === 201 ? Math.round(inbound.at(-1).at - restoredAt) : null;
  socket.close();
  const s = (ms) => (ms === null ? 'not within 20 s' : `${(ms / 1000).toFixed(1)} s`);
  report('both processes up through the cut', bothAlive ? 'yes' : 'NO (a process exited)', 'yes', bothAlive);
  report('sign-in during the cut', `HTTP ${signInDuring}`, 'HTTP 200', signInDuring === 200);
  report(
    'health during the cut: 200 with redis "down" (degraded)',
    `${degraded} / ${healthDuring.length} probes`,
    'all probes',
    degraded === healthDuring.length,
  );
  report('after the cut: both nodes healthy', s(healthy), '≤ 10 s', healthy !== null && healthy <= 10_000);
  report('after the cut: event from A heard on B', s(crossNode), '≤ 10 s', crossNode !== null && crossNode <= 10_000);
  report('after the cut: inbound message taken', s(inboundAt), '≤ 10 s', inboundAt !== null && inboundAt <= 10_000);
  const stillAlive = Object.values(nodes).every(alive);
  report('both processes still up at the end', stillAlive ? 'yes' : 'NO', 'yes', stillAlive);
}

async function phaseD() {
  log(`\n(d) a ${CAMPAIGN}-contact campaign on both nodes, kill -9 of the session's holder mid-run (${load()})`);
  const company = await newCompany(nodes.a, 'Campaign');
  const token = company.token;
  const line = await must(nodes.a, 'POST', '/whatsapp', {
    token,
    body: { name: 'Campaign line', provider: 'sandbox' },
  });
  await must(nodes.a, 'POST', `/whatsappsession/${line.id}`, { token });
  await must(nodes.a, 'POST', `/sandbox/connections/${line.id}/scan`, { token, body: {} });
  await must(nodes.a, 'POST', '/campaign-settings', {
    token,
    body: {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, dailyLimit: 0, variables: [] },
    },
  });
  const list = await must(nodes.a, 'POST', '/contact-lists', { token, body: { name: 'Cluster campaign' } });
  for (let n = 0; n < CAMPAIGN; n += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, CAMPAIGN - n) }, (_, i) =>
        must(nodes.a, 'POST', '/contact-list-items', {
          token,
          body: { contactListId: list.id, name: `Pessoa ${n + i}`, number: `55119${String(n + i).padStart(8, '0')}` },
        }),
      ),
    );
  }
  const campaign = await must(nodes.b, 'POST', '/campaigns', {
    token,
    body: {
      name: 'Cluster',
      message1: 'Olá {nome}',
      whatsappId: line.id,
      contactListId: list.id,
      scheduledAt: new Date().toISOString(),
    },
  });
  const progress = async (node) => (await ask(node, 'GET', `/campaigns/${campaign.id}/report`, { token })).data;
  const started = now();
  while ((await progress(nodes.b))?.totals?.sent < CAMPAIGN / 3 && now() - started < 60_000) await sleep(20);
  nodes.a.child.kill('SIGKILL');
  const killedAt = now();
  await nodes.a.child.exited;
  await startNode('a', kit.port);
  let done = null;
  while (now() - killedAt < 120_000) {
    done = await progress(nodes.b);
    if (done?.campaign?.status === 'FINALIZADA') break;
    await sleep(250);
  }
  const network = (await ask(nodes.b, 'GET', '/sandbox/deliveries', { token })).data;
  const finished = done?.campaign?.status === 'FINALIZADA';
  report(
    'campaign finished after the kill',
    finished ? `${((now() - killedAt) / 1000).toFixed(1)} s after it` : `NO (${done?.campaign?.status})`,
    'FINALIZADA',
    finished,
  );
  report(
    'contacts sent (report)',
    `${done?.totals?.sent} of ${CAMPAIGN}`,
    `${CAMPAIGN}`,
    done?.totals?.sent === CAMPAIGN,
  );
  report('messages the phones received', `${network?.messages}`, `${CAMPAIGN}`, network?.messages === CAMPAIGN);
  report('numbers that got it twice', `${network?.repeated?.length}`, '0', network?.repeated?.length === 0);
  log(`  resends under an id already delivered (shown once by the phone): ${network?.resent}`);
}

async function stopNodes() {
  await Promise.all(
    Object.values(nodes).map(async (node) => {
      if (!alive(node)) return;
      node.child.kill('SIGTERM');
      const timer = setTimeout(() => node.child.kill('SIGKILL'), 15_000);
      await node.child.exited;
      clearTimeout(timer);
    }),
  );
}

async function finish() {
  await stopNodes();
  await proxy?.close();
  await kit.cleanup();
}

await kit.run(async () => {
  const missing = await kit.unreachable();
  if (missing) {
    if (process.env.CI) throw new Error(`cluster check cannot run: ${missing}`);
    log(`skipped: ${missing}`);
    return;
  }
  await kit.prepare();
  const db = await kit.freshDatabase();
  const target = new URL(kit.redisUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  const redis = new Redis(kit.redisUrl);
  try {
    log(`Two nodes on ${kit.dbName} and Redis (prefix ${kit.prefix}) through a proxy on ${proxy.port}`);
    await startNode('a', kit.port);
    const burst = await phaseA(db, redis);
    // A comes back as a new process for the rest.
    await startNode('a', kit.port);
    await phaseB();
    await phaseC(burst);
    await phaseD();
  } finally {
    redis.disconnect();
    await db.end();
    await finish();
  }
  kit.printSummary();
}, finish);
