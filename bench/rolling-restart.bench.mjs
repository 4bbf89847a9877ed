// Rolling restart (issue 25): two server processes (server/dist/main.js) on MariaDB + Redis behind a
// load balancer (bench/support/balancer.mjs: new connections to nodes whose /health/ready answers
// 200), under a steady load of customers' messages and agents' replies, with agents' sockets
// open. Each node in turn gets SIGTERM, drains (graceful-shutdown.ts), exits and starts again,
// as an upgrade does. Measured: messages lost or stored twice, 5xx answers, how long the sessions
// of the stopping node went unserved, the drain's length and exit code, and the sockets' return.
//
// Environment: BENCH_MYSQL_URL, BENCH_REDIS_URL, BENCH_PORT (18831; the second node takes the next
// port), ROLLING_LINES (6 sandbox connections over 2 companies), ROLLING_RATE (20 customers'
// messages a second), ROLLING_REPLIES (4 agents' replies a second), ROLLING_SOCKETS (40),
// ROLLING_SECONDS (the load's length, 70). Skipped (exit 0) without MariaDB or Redis unless CI is
// set. Exit code 1 when a target is missed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { jsonRequest } from '../scripts/lib/json-api.mjs';
import { startBalancer } from './support/balancer.mjs';
import { benchKit, log } from './support/bench-kit.mjs';

const kit = benchKit({ name: 'rolling', defaultPort: 18831, columns: [58, 44, 22] });
const { report } = kit;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LINES = Number(process.env.ROLLING_LINES ?? 6);
const RATE = Number(process.env.ROLLING_RATE ?? 20);
const REPLIES = Number(process.env.ROLLING_REPLIES ?? 4);
const SOCKETS = Number(process.env.ROLLING_SOCKETS ?? 40);
const SECONDS = Number(process.env.ROLLING_SECONDS ?? 70);
const COMPANIES = 2;
const PASSWORD = 'Bench-password-1';
/** Readiness fails this long before a stopping node takes no more work: 4 of the balancer's probes. */
const SHUTDOWN_DELAY_MS = 1000;
const now = () => performance.timeOrigin + performance.now();
const load = () => `load average ${loadavg()[0].toFixed(1)}`;

/** The two nodes by name: { name, port, child }. */
const nodes = { a: { name: 'a', port: kit.port }, b: { name: 'b', port: kit.port + 1 } };
let balancer = null;
let stopping = false;

async function startNode(node) {
  node.child = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
    env: kit.serverEnv({
      port: node.port,
      redisPrefix: kit.prefix,
      // info for the drain's own lines (shown below); the access log's are dropped.
      logLevel: 'info',
      env: {
        SANDBOX_ACK_INTERVAL_MS: '10',
        SIGNUP_LIMIT_PER_IP: '1000',
        SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      },
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: node.child.stdout }).on('line', (line) => {
    if (/\[(Shutdown|Sessions)\]|ERROR|WARN/.test(line)) log(`    ${node.name}: ${stripVTControlCharacters(line)}`);
  });
  node.exited = new Promise((resolve) => node.child.once('exit', (code, signal) => resolve(signal ?? code)));
  for (let i = 0; i < 600; i++) {
    if (node.child.exitCode !== null) throw new Error(`node ${node.name} exited with ${node.child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${node.port}/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`node ${node.name} did not start`);
}

/** A JSON call through the balancer answering { status, data } (status 0: no answer). */
async function ask(method, path, options = {}) {
  try {
    return await jsonRequest(balancer.url, method, path, options);
  } catch (error) {
    return { status: 0, data: null, text: String(error.cause?.code ?? error.message) };
  }
}

async function must(method, path, options) {
  const answer = await ask(method, path, options);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.data;
}

async function newCompany(n) {
  const plans = await must('GET', '/plans/list');
  const plan = plans.sort((a, b) => b.connections - a.connections)[0];
  const email = `admin${n}@rolling.bench.test`;
  const company = await must('POST', '/companies/cadastro', {
    body: { name: `Rolling ${n}`, email, phone: '(11) 98765-4321', password: PASSWORD, planId: plan.id },
  });
  const { token, user } = await must('POST', '/auth/login', { body: { email, password: PASSWORD } });
  return { id: company.id, token, userId: user.id, lines: [], tickets: new Set(), seen: new Set() };
}

/** Tallies of what the clients saw. */
const seen = {
  inbound: { sent: 0, accepted: 0, again: 0, serverErrors: 0, other: {} },
  replies: { sent: 0, accepted: 0, noAnswer: 0, serverErrors: 0, other: {} },
  accepts: { sent: 0, accepted: 0, noAnswer: 0, serverErrors: 0, other: {} },
};
const tally = (bucket, status) => {
  if (status >= 500) bucket.serverErrors += 1;
  else if (status !== 0 && (status < 200 || status >= 300)) bucket.other[status] = (bucket.other[status] ?? 0) + 1;
};

/** A customer's message, sent again under the same id when no answer came (as WhatsApp redelivers). */
async function inbound(company, line, n, runId) {
  seen.inbound.sent += 1;
  const body = { from: `55119${String(n % 60).padStart(8, '0')}`, id: `ROLL-${runId}-${n}`, body: `message ${n}` };
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await ask('POST', `/sandbox/connections/${line}/messages`, { token: company.token, body });
    tally(seen.inbound, answer.status);
    if (answer.status === 201) {
      seen.inbound.accepted += 1;
      return;
    }
    seen.inbound.again += 1;
    await sleep(200);
  }
}

/** An agent's reply in one of the company's tickets; never sent twice (it may not be idempotent). */
async function reply(company, n) {
  const tickets = [...company.tickets];
  if (!tickets.length) return;
  seen.replies.sent += 1;
  const ticketId = tickets[n % tickets.length];
  const answer = await ask('POST', `/messages/${ticketId}`, { token: company.token, body: { body: `reply ${n}` } });
  tally(seen.replies, answer.status);
  if (answer.status >= 200 && answer.status < 300) seen.replies.accepted += 1;
  else if (answer.status === 0) seen.replies.noAnswer += 1;
}

/** The admin takes a new ticket (replies go to open tickets), once. */
async function accept(company, ticketId) {
  if (company.seen.has(ticketId)) return;
  company.seen.add(ticketId);
  seen.accepts.sent += 1;
  const answer = await ask('PUT', `/tickets/${ticketId}`, {
    token: company.token,
    body: { status: 'open', userId: company.userId },
  });
  tally(seen.accepts, answer.status);
  if (answer.status >= 200 && answer.status < 300) {
    seen.accepts.accepted += 1;
    company.tickets.add(ticketId);
  }
}

function openSockets(companies) {
  const sockets = [];
  for (let i = 0; i < SOCKETS; i++) {
    const company = companies[i % companies.length];
    const socket = io(balancer.url, {
      transports: ['websocket'],
      query: { token: company.token },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    socket.readyCount = 0;
    socket.on('ready', () => (socket.readyCount += 1));
    socket.on('disconnect', () => (socket.droppedAt = now()));
    socket.on('ready', () => {
      if (socket.droppedAt) socket.gaps = [...(socket.gaps ?? []), now() - socket.droppedAt];
      socket.droppedAt = null;
    });
    socket.on(`company-${company.id}-appMessage`, (payload) => {
      if (payload.action === 'create' && payload.ticket?.id) void accept(company, payload.ticket.id);
    });
    sockets.push(socket);
  }
  return sockets;
}

/** SIGTERM to one node, timing its drain and how long its sessions went without a holder. */
async function restart(node, redis, lines) {
  const leaseKey = (id) => `${kit.prefix}:wa-lease:${id}`;
  const holders = await redis.mget(lines.map(leaseKey));
  // The node's id is not published: its sessions are those whose holder changes after its SIGTERM.
  const before = new Map(lines.map((id, i) => [id, holders[i]]));
  const signalled = now();
  node.child.kill('SIGTERM');
  const moved = new Map();
  let current = holders;
  const watching = (async () => {
    // Until the node is gone and every session has a holder again.
    while (now() - signalled < 60_000) {
      current = await redis.mget(lines.map(leaseKey));
      for (const [i, id] of lines.entries()) {
        if (!moved.has(id) && current[i] && current[i] !== before.get(id)) moved.set(id, now() - signalled);
      }
      if (node.child.exitCode !== null && current.every(Boolean)) break;
      await sleep(25);
    }
  })();
  const exit = await node.exited;
  const drained = now() - signalled;
  await watching;
  await startNode(node);
  const back = now() - signalled;
  // The stopping node's sessions: those whose holder before is no longer anyone's.
  const gone = lines.filter((id) => !current.includes(before.get(id)));
  return { exit, drained, back, held: gone.length, moved: gone.map((id) => moved.get(id) ?? Infinity) };
}

async function finish() {
  stopping = true;
  await Promise.all(
    Object.values(nodes).map(async (node) => {
      if (!node.child || node.child.exitCode !== null) return;
      node.child.kill('SIGTERM');
      const timer = setTimeout(() => node.child.kill('SIGKILL'), 20_000);
      await node.exited;
      clearTimeout(timer);
    }),
  );
  await balancer?.close();
  await kit.cleanup();
}

await kit.run(async () => {
  const missing = await kit.unreachable();
  if (missing) {
    if (process.env.CI) throw new Error(`rolling restart cannot run: ${missing}`);
    log(`skipped: ${missing}`);
    return;
  }
  await kit.prepare();
  const db = await kit.freshDatabase();
  const redis = new Redis(kit.redisUrl);
  try {
    await startNode(nodes.a);
    await startNode(nodes.b);
    balancer = await startBalancer(() => Object.values(nodes));
    log(`Two nodes on ${kit.dbName} behind a balancer on ${balancer.port}; ${LINES} lines, ${SOCKETS} sockets`);

    const companies = [];
    for (let n = 1; n <= COMPANIES; n++) companies.push(await newCompany(n));
    const lines = [];
    for (let i = 0; i < LINES; i++) {
      const company = companies[i % COMPANIES];
      const line = await must('POST', '/whatsapp', {
        token: company.token,
        body: { name: `Line ${i}`, provider: 'sandbox' },
      });
      await must('POST', `/whatsappsession/${line.id}`, { token: company.token });
      await must('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
      company.lines.push(line.id);
      lines.push(line.id);
    }
    const sockets = openSockets(companies);
    await sleep(1000);

    const runId = randomBytes(3).toString('hex');
    const started = now();
    const pending = [];
    const customers = (async () => {
      for (let n = 0; !stopping && now() - started < SECONDS * 1000; n++) {
        const company = companies[n % COMPANIES];
        pending.push(inbound(company, company.lines[n % company.lines.length], n, runId));
        await sleep(Math.max(0, started + (n + 1) * (1000 / RATE) - now()));
      }
    })();
    const agents = (async () => {
      for (let n = 0; !stopping && now() - started < SECONDS * 1000; n++) {
        pending.push(reply(companies[n % COMPANIES], n));
        await sleep(Math.max(0, started + (n + 1) * (1000 / REPLIES) - now()));
      }
    })();

    log(`\nLoad: ${RATE} customers' messages and ${REPLIES} agents' replies a second for ${SECONDS} s (${load()})`);
    await sleep(10_000);
    const restarts = [];
    for (const node of [nodes.a, nodes.b]) {
      log(`  SIGTERM to node ${node.name} at ${((now() - started) / 1000).toFixed(1)} s (${load()})`);
      restarts.push({ node: node.name, ...(await restart(node, redis, lines)) });
      await sleep(10_000);
    }
    await customers;
    await agents;
    await Promise.all(pending);
    // Acks and the last replies' deliveries settle.
    await sleep(3000);

    const [[stored]] = await db.query(
      'SELECT COUNT(*) AS total, COUNT(DISTINCT providerId) AS ids FROM messages WHERE providerId LIKE ?',
      [`ROLL-${runId}-%`],
    );
    const [[replies]] = await db.query(
      "SELECT COUNT(*) AS total, COUNT(DISTINCT body) AS bodies FROM messages WHERE fromMe = 1 AND body LIKE 'reply %'",
    );
    let delivered = 0;
    for (const company of companies)
      delivered += (await must('GET', '/sandbox/deliveries', { token: company.token })).messages;
    const connected = sockets.filter((s) => s.connected).length;
    const gaps = sockets.flatMap((s) => s.gaps ?? []);
    for (const socket of sockets) socket.close();

    log('');
    for (const r of restarts) {
      report(
        `node ${r.node}: SIGTERM → exit (code)`,
        `${(r.drained / 1000).toFixed(1)} s (${r.exit})`,
        'exit 0',
        r.exit === 0,
      );
      const worst = r.moved.length ? Math.max(...r.moved) : null;
      report(
        `node ${r.node}: its sessions held by the other node after`,
        worst === null ? 'it held none' : `${r.held} sessions, at most ${(worst / 1000).toFixed(1)} s`,
        '≤ 5 s',
        r.held === 0 ? null : worst <= 5000,
      );
      report(`node ${r.node}: serving again after SIGTERM`, `${(r.back / 1000).toFixed(1)} s`, '(info)', null);
    }
    const i = seen.inbound;
    report(
      "customers' messages accepted",
      `${i.accepted} / ${i.sent} (${i.again} sent again)`,
      `${i.sent} / ${i.sent}`,
      i.accepted === i.sent,
    );
    report(
      "customers' messages stored, distinct ids",
      `${Number(stored.total)} rows, ${Number(stored.ids)} ids`,
      `${i.sent} rows, ${i.sent} ids`,
      Number(stored.total) === i.sent && Number(stored.ids) === i.sent,
    );
    const r = seen.replies;
    report(
      "agents' replies answered 2xx",
      `${r.accepted} / ${r.sent}${r.noAnswer ? ` (${r.noAnswer} without an answer)` : ''}`,
      `${r.sent} / ${r.sent}`,
      r.accepted === r.sent,
    );
    report(
      "agents' replies stored, delivered to the phones",
      `${Number(replies.total)} stored (${Number(replies.bodies)} distinct), ${delivered} delivered`,
      `${r.accepted} each`,
      Number(replies.total) === r.accepted && Number(replies.bodies) === r.accepted && delivered === r.accepted,
    );
    const a = seen.accepts;
    report(
      'tickets accepted by the agents',
      `${a.accepted} / ${a.sent}`,
      `${a.sent} / ${a.sent}`,
      a.accepted === a.sent,
    );
    const other = { ...i.other, ...r.other, ...a.other };
    report(
      '5xx answers (messages, replies, accepts)',
      `${i.serverErrors}, ${r.serverErrors}, ${a.serverErrors}${Object.keys(other).length ? ` (other: ${JSON.stringify(other)})` : ''}`,
      '0, 0, 0',
      i.serverErrors === 0 && r.serverErrors === 0 && a.serverErrors === 0,
    );
    report(
      'agent sockets connected at the end',
      `${connected} / ${SOCKETS} (${gaps.length} reconnections, longest ${gaps.length ? (Math.max(...gaps) / 1000).toFixed(1) : 0} s)`,
      `${SOCKETS} / ${SOCKETS}`,
      connected === SOCKETS,
    );
    report(
      'balancer: connections, refused by a node, none ready',
      `${balancer.stats.connections}, ${balancer.stats.refusedByNode}, ${balancer.stats.noNodeReady}`,
      '(info)',
      null,
    );
  } finally {
    redis.disconnect();
    await db.end();
    await finish();
  }
  kit.printSummary();
}, finish);
