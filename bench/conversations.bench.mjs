// Conversation benchmark (issue 3, "Benchmarks"): the built server on MariaDB + Redis with a seeded
// history of 200,000 tickets and 1,000,000 messages, loaded from this process on 127.0.0.1 only.
//
//   (a) GET /tickets, 40 rows filtered (and a search): p50/p99 at 100 req/s evenly paced, SQL statements per page
//   (b) GET /messages/{ticketId} of long conversations: p50/p99 at 100 req/s evenly paced
//   (c) inbound through the sandbox provider: events/s stored over BENCH_SUSTAIN_SECONDS (300), lag by thirds
//   (d) inbound event to an admin's socket: p50/p99 at 50 messages/s for 30 s
//   (e) 10 parallel deliveries of each of 1,000 ids store 1,000 messages; 10-image albums make one ticket each
//   (f) GET /tickets under every filter combination the tickets screen and the existing clients send: p50/p99
//       at 20 req/s, SQL statements per page
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_DB_NAME (atendo_bench_conv, created
// and dropped here), BENCH_REDIS_URL (redis://127.0.0.1:6379; keys under a unique prefix, deleted at the
// end), BENCH_PORT (18791), BENCH_SUSTAIN_SECONDS (300), BENCH_SEED_SCALE (1 = the issue's volume; smaller
// for a quick try), BENCH_INBOUND_CONNECTIONS (64), BENCH_PHASES (abcdef: which of the phases above to run),
// BENCH_SERVER_NODE_OPTIONS (extra Node options for the measured server, e.g. --cpu-prof), BENCH_KEEP_DB
// (1: leave the seeded database in place at the end, to look into it), BENCH_BUFFER_POOL_MB (1024: see
// sizeBufferPool; "keep" leaves MariaDB's as it is). Skipped (exit 0) when MariaDB or Redis is not there.
// Exit code 1 when a target is missed.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import mysql from 'mysql2/promise';
import { io } from 'socket.io-client';
import { benchKit, cannon, elapsed, log, statementLog } from './support/bench-kit.mjs';
import { planHistory, seedHistory, seedTags } from './support/conversation-seed.mjs';
import { mariadbPid, processCpuMs } from './support/process-cpu.mjs';

const kit = benchKit({ name: 'conv', defaultPort: 18791, columns: [58, 34, 32] });
const { base, call, dbName, mysqlUrl, report, stopServer } = kit;
/** Acks come fast so that phase (c) measures storing, and provisioning signs several users up. */
/** Message ids of this run: unique across runs on a kept database. */
const runId = kit.prefix.slice(kit.prefix.lastIndexOf('-') + 1);
const startServer = (options) =>
  kit.startServer({ ...options, env: { SANDBOX_ACK_INTERVAL_MS: '10', SIGNUP_LIMIT_PER_IP: '1000' } });
const sustainSeconds = Number(process.env.BENCH_SUSTAIN_SECONDS ?? 300);
const scale = Number(process.env.BENCH_SEED_SCALE ?? 1);
const inboundConnections = Number(process.env.BENCH_INBOUND_CONNECTIONS ?? 64);
const phases = new Set(process.env.BENCH_PHASES ?? 'abcdef');
const PASSWORD = 'Bench-password-1';
const people = {
  admin: { email: 'admin@bench-conv.test' },
  simulator: { name: 'Simulator', email: 'simulator@bench-conv.test' },
  agent: { name: 'Agent', email: 'agent@bench-conv.test' },
  rare: { name: 'Supervisor', email: 'supervisor@bench-conv.test' },
};
const SEED = {
  contacts: Math.round(50_000 * scale),
  tickets: Math.round(200_000 * scale),
  messages: Math.round(1_000_000 * scale),
  longContacts: Math.max(1, Math.round(100 * scale)),
};
/** A 1×1 PNG: the album's images. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const QUEUE_COLORS = ['#008B02', '#1273DE', '#DB3E00', '#5300EB'];

const now = () => performance.timeOrigin + performance.now();
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const round1 = (n) => Math.round(n * 10) / 10;
/** The machine's 1-minute load average (2 cores): other jobs on this machine show here. */
const load = () => `load average ${loadavg()[0].toFixed(1)}`;
const loads = [];
const phase = (title) => {
  loads.push(loadavg()[0]);
  log(`\n${title} [${load()}]`);
};

// ---------------------------------------------------------------------------------------------
// CPU time spent per request, from /proc (Linux): a figure other jobs on the machine do not skew
// the way they skew latency. The server's is its own; MariaDB's is the whole mysqld process, so
// it also holds whatever other clients of this MariaDB did meanwhile (an upper bound).

function cpuSnapshot() {
  const db = mariadbPid();
  const server = kit.server();
  return { server: server ? processCpuMs(server.pid) : null, db: db ? processCpuMs(db) : null };
}
/** "server 4.1 ms + MariaDB ≤ 2.3 ms of CPU per request" between two snapshots. */
function cpuPer(before, after, count) {
  if (before.server === null || after.server === null || !count) return 'n/a';
  const server = (after.server - before.server) / count;
  const db = before.db === null || after.db === null ? null : (after.db - before.db) / count;
  return `server ${server.toFixed(2)} ms` + (db === null ? '' : ` + MariaDB ≤ ${db.toFixed(2)} ms`);
}

/** One session per user: signing in again ends that user's previous session (and its sockets). */
const signIn = async (email) => (await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).token;

/**
 * Between phases: waits until no statement of this database is running in MariaDB any more, so a
 * phase that overran (requests abandoned by autocannon at its end or on its timeout, still executing
 * server-side) does not weigh on the next one. Returns the seconds waited.
 */
async function settle(pool) {
  const t0 = Date.now();
  for (let i = 0; i < 240; i++) {
    const [[{ running }]] = await pool.query(
      "SELECT COUNT(*) AS running FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND = 'Query' AND ID <> CONNECTION_ID()",
      [dbName],
    );
    if (Number(running) === 0) break;
    await sleep(500);
  }
  await sleep(1000);
  return Math.round((Date.now() - t0) / 1000);
}

/**
 * MariaDB's packaged default buffer pool is 128 MiB, a fraction of this history (messages alone
 * take several hundred MiB), so every phase would measure disk reads of an unconfigured server
 * rather than the product's queries. A server sized for its data is the premise of the targets: the
 * pool is raised to BENCH_BUFFER_POOL_MB for the run (online, SET GLOBAL) and put back at the end.
 */
let bufferPoolBefore = null;
async function sizeBufferPool() {
  const wanted = process.env.BENCH_BUFFER_POOL_MB ?? '1024';
  const conn = await mysql.createConnection({ uri: mysqlUrl });
  try {
    const [[{ size }]] = await conn.query('SELECT @@innodb_buffer_pool_size AS size');
    const target = Number(wanted) * 1024 * 1024;
    if (wanted === 'keep' || Number(size) >= target) return `${Math.round(Number(size) / 1048576)} MiB`;
    await conn.query('SET GLOBAL innodb_buffer_pool_size = ?', [target]);
    bufferPoolBefore = Number(size);
    for (let i = 0; i < 120; i++) {
      const [[{ now }]] = await conn.query('SELECT @@innodb_buffer_pool_size AS now');
      if (Number(now) >= target) break;
      await sleep(250);
    }
    return `${Math.round(target / 1048576)} MiB (raised from ${Math.round(Number(size) / 1048576)} MiB for the run)`;
  } finally {
    await conn.end();
  }
}

/**
 * After the bulk seed, InnoDB writes its dirty pages back for a while: the phases wait until they
 * are a small share of the pool (a large pool keeps some dirty for long, which costs reads nothing),
 * 60 s at most.
 */
async function waitForFlush(pool) {
  const t0 = Date.now();
  for (let i = 0; i < 120; i++) {
    const [rows] = await pool.query(
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_pages_dirty', 'Innodb_buffer_pool_pages_total')",
    );
    const status = Object.fromEntries(rows.map((r) => [r.Variable_name, Number(r.Value)]));
    if (status.Innodb_buffer_pool_pages_dirty <= 0.05 * status.Innodb_buffer_pool_pages_total) break;
    await sleep(500);
  }
  return Math.round((Date.now() - t0) / 1000);
}

/**
 * Open-loop load at an even pace: one GET every 1000/rate ms, each timed from its own send. This is
 * how "at 100 req/s" reads (requests arriving spread over the second); autocannon's overallRate
 * starts its connections' requests together, so each tick sends a burst the size of the connection
 * count and the last of a burst waits for all the others.
 */
async function paced({ rate, seconds, path, headers }) {
  const total = Math.round(rate * seconds);
  const gap = 1000 / rate;
  const latencies = [];
  const pending = [];
  let failed = 0;
  const start = now();
  for (let k = 0; k < total; k++) {
    const wait = start + k * gap - now();
    if (wait > 1) await sleep(wait);
    const sent = now();
    pending.push(
      fetch(`${base}${path(k)}`, { headers }).then(
        async (res) => {
          await res.arrayBuffer();
          if (!res.ok) failed++;
          latencies.push(now() - sent);
        },
        () => failed++,
      ),
    );
  }
  await Promise.all(pending);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p50: round1(pct(sorted, 50)),
    p99: round1(pct(sorted, 99)),
    count: latencies.length,
    failed,
    rate: round1(latencies.length / ((now() - start) / 1000)),
  };
}

/**
 * The ticket lists the tickets screen asks for (the search tab sends no status; its filters are
 * words, tags and users; every tab sends the queue selector) and those the existing clients add
 * (a day, unread only), each at its densest and sparsest on the seed: "boleto" is in about 7% of
 * the messages, "Renata" only in contacts' names, "xilofone" nowhere; the tags are on 30%, 5%
 * and 0.2% of the tickets; the agent owns half of the closed tickets, the supervisor 1%.
 */
function filterCombinations(ctx, queueParam) {
  const q = `queueIds=${queueParam}`;
  const all = `showAll=true&${q}`;
  const ids = (list) => encodeURIComponent(JSON.stringify(list));
  const [dense, medium, rare] = ctx.tagIds;
  const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const combos = [
    ['search tab, no words', `/tickets?${all}`],
    ['search "boleto"', `/tickets?${all}&searchParam=boleto`],
    ['search "reembolso boleto" (both words)', `/tickets?${all}&searchParam=${encodeURIComponent('reembolso boleto')}`],
    ['search "Renata" (contacts\' names only)', `/tickets?${all}&searchParam=Renata`],
    ["search a contact's number", `/tickets?${all}&searchParam=5511900012345`],
    ['search "xilofone" (matches nothing)', `/tickets?${all}&searchParam=xilofone`],
    ['tag on 30%', `/tickets?${all}&tags=${ids([dense])}`],
    ['tag on 0.2%', `/tickets?${all}&tags=${ids([rare])}`],
    ['tags on 30% and 5% (both)', `/tickets?${all}&tags=${ids([dense, medium])}`],
    ['user owning 50%', `/tickets?${all}&users=${ids([ctx.agentId])}`],
    ['user owning 1%', `/tickets?${all}&users=${ids([ctx.rareUserId])}`],
    ['users owning 50% and 1%', `/tickets?${all}&users=${ids([ctx.agentId, ctx.rareUserId])}`],
    ['"boleto" + tag on 0.2%', `/tickets?${all}&searchParam=boleto&tags=${ids([rare])}`],
    ['"boleto" + user owning 1%', `/tickets?${all}&searchParam=boleto&users=${ids([ctx.rareUserId])}`],
    ['tag on 30% + user owning 50%', `/tickets?${all}&tags=${ids([dense])}&users=${ids([ctx.agentId])}`],
    ['tag on 0.2% + user owning 1%', `/tickets?${all}&tags=${ids([rare])}&users=${ids([ctx.rareUserId])}`],
    ['one queue only', `/tickets?showAll=true&queueIds=${ids([ctx.queueIds[3]])}`],
    ['closed', `/tickets?status=closed&${all}`],
    ['closed + "boleto"', `/tickets?status=closed&${all}&searchParam=boleto`],
    ['closed + tag on 0.2%', `/tickets?status=closed&${all}&tags=${ids([rare])}`],
    ['closed + user owning 1%', `/tickets?status=closed&${all}&users=${ids([ctx.rareUserId])}`],
    [`closed on ${day} (date)`, `/tickets?status=closed&${all}&date=${day}`],
    [`no status, created ${day} (date)`, `/tickets?${all}&date=${day}`],
    [`open, created ${today} (date)`, `/tickets?status=open&${all}&date=${today}`],
    ['unread only, no status', `/tickets?${all}&withUnreadMessages=true`],
    ['open + unread only', `/tickets?status=open&${all}&withUnreadMessages=true`],
    ['pending + "boleto"', `/tickets?status=pending&${all}&searchParam=boleto`],
  ].map(([name, path]) => ({ name: `admin: ${name}`, path, who: 'admin' }));
  const agent = [
    ['search tab, no words', `/tickets?${q}`],
    ['search "boleto"', `/tickets?${q}&searchParam=boleto`],
    ['search "xilofone" (matches nothing)', `/tickets?${q}&searchParam=xilofone`],
    ['tag on 0.2%', `/tickets?${q}&tags=${ids([rare])}`],
    ['closed', `/tickets?status=closed&${q}`],
    ['closed + "boleto"', `/tickets?status=closed&${q}&searchParam=boleto`],
    ['open + unread only', `/tickets?status=open&${q}&withUnreadMessages=true`],
  ].map(([name, path]) => ({ name: `agent: ${name}`, path, who: 'agent' }));
  return [...combos, ...agent];
}

// ---------------------------------------------------------------------------------------------
// The company: admin, simulator admin, agent, queues, a connected sandbox line.

async function provision() {
  const plans = await call('GET', '/plans/list');
  const plan = plans.sort((a, b) => b.users - a.users)[0];
  const company = await call('POST', '/companies/cadastro', {
    body: {
      name: 'Bench Conversas',
      email: people.admin.email,
      phone: '11987654321',
      password: PASSWORD,
      planId: plan.id,
    },
  });
  const adminLogin = await call('POST', '/auth/login', { body: { email: people.admin.email, password: PASSWORD } });
  const admin = adminLogin.token;
  const queueIds = [];
  for (const [i, color] of QUEUE_COLORS.entries()) {
    const queue = await call('POST', '/queue', {
      token: admin,
      body: { name: ['Vendas', 'Suporte', 'Financeiro', 'Trocas'][i], color, greetingMessage: 'Olá!' },
    });
    queueIds.push(queue.id);
  }
  const agentQueueIds = queueIds.slice(0, 2);
  const agent = await call('POST', '/users', {
    token: admin,
    body: { ...people.agent, password: PASSWORD, profile: 'user', allTicket: 'enabled', queueIds: agentQueueIds },
  });
  await call('POST', '/users', {
    token: admin,
    body: { ...people.simulator, password: PASSWORD, profile: 'admin', queueIds: [] },
  });
  const rare = await call('POST', '/users', {
    token: admin,
    body: { ...people.rare, password: PASSWORD, profile: 'user', queueIds: agentQueueIds },
  });
  const tagIds = [];
  for (const [name, color] of [
    ['Cliente VIP', '#5300EB'],
    ['Reclamação', '#DB3E00'],
    ['Jurídico', '#1273DE'],
  ]) {
    tagIds.push((await call('POST', '/tags', { token: admin, body: { name, color } })).id);
  }
  const line = await call('POST', '/whatsapp', {
    token: admin,
    body: { name: 'Bench line', provider: 'sandbox', isDefault: true, greetingMessage: 'Olá!', queueIds },
  });
  await call('POST', `/whatsappsession/${line.id}`, { token: admin }).catch(() => undefined);
  const simulator = await signIn(people.simulator.email);
  for (let i = 0; ; i++) {
    try {
      await call('POST', `/sandbox/connections/${line.id}/scan`, { token: simulator, body: {} });
      break;
    } catch (error) {
      if (i > 50) throw error;
      await sleep(200); // the QR is not showing yet
    }
  }
  return {
    companyId: company.id,
    adminId: adminLogin.user.id,
    agentId: agent.id,
    rareUserId: rare.id,
    tagIds,
    whatsappId: line.id,
    queueIds,
    agentQueueIds,
  };
}

/** Waits until the line's session is live on the current server: a delivery answers 201. */
async function waitForLine(whatsappId, token) {
  for (let i = 0; ; i++) {
    try {
      return await call('POST', `/sandbox/connections/${whatsappId}/messages`, {
        token,
        body: { from: '5599000000001', body: 'warm-up', id: `warm-${runId}-${i}` },
      });
    } catch (error) {
      if (i > 150) throw error;
      await sleep(200);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// SQL statements per request.
//
// Method: a first server runs with LOG_LEVEL=debug, where TypeORM logs every statement it sends
// ("query: ..." on stdout). With the server otherwise idle, the statements logged between sending
// a request and 150 ms after its answer are that request's. The request is first made once to
// warm the session cache (the guard looks a session up at most every 5 s per node), then measured
// five times; the smallest count is kept, which discards a background statement (the session
// sweep, every 15 s) that happened to fall inside the window. MariaDB's own counters were not
// used: Com_select/Questions are server-wide (other clients share this MariaDB) and
// performance_schema/userstat are off here.

const statements = statementLog();

/** The measured server's own log (errors only): counted, the duplicate-key ones apart, and summarised. */
const serverLog = { lines: 0, duplicateKey: 0, other: [] };
function onServerLine(raw) {
  const line = raw.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
  serverLog.lines++;
  if (/Duplicate entry .* for key 'UQ_messages_whatsapp_provider'/.test(line)) serverLog.duplicateKey++;
  else if (!/^query failed: INSERT INTO `messages`/.test(line) && serverLog.other.length < 10)
    serverLog.other.push(line);
}

async function statementsOf(path, token) {
  await call('GET', path, { token });
  let best = null;
  for (let i = 0; i < 5; i++) {
    const captured = await statements.during(() => call('GET', path, { token }));
    if (!best || captured.length < best.length) best = captured;
  }
  return best;
}

const shortSql = (sql) =>
  sql
    .replace(/ -- PARAMETERS:.*$/, '')
    .replace(/`/g, '')
    .replace(/SELECT .*? FROM/, 'SELECT … FROM')
    .slice(0, 110);

/** kit.cleanup, and MariaDB's buffer pool put back to the size it had. */
let poolRestored = false;
async function cleanup() {
  await kit.cleanup();
  if (bufferPoolBefore === null || poolRestored) return;
  poolRestored = true;
  try {
    const conn = await mysql.createConnection({ uri: mysqlUrl });
    await conn.query('SET GLOBAL innodb_buffer_pool_size = ?', [bufferPoolBefore]);
    await conn.end();
  } catch (error) {
    console.error(`could not put the buffer pool back to ${bufferPoolBefore} bytes: ${error.message}`);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`conversations benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();

  log(
    `Atendo conversation benchmark — MariaDB + Redis, ${SEED.tickets} tickets / ${SEED.messages} messages / ` +
      `${SEED.contacts} contacts, sustained inbound ${sustainSeconds} s`,
  );
  log(`MariaDB buffer pool: ${await sizeBufferPool()}`);
  const pool = await kit.freshDatabase();

  try {
    // 1. The debug server: schema, company, seed, statement counts.
    let t = Date.now();
    await startServer({ logLevel: 'debug', redisPrefix: `${kit.prefix}-debug`, onLine: statements.onLine });
    const ctx = await provision();
    log(`server up and company provisioned in ${elapsed(t)} (company ${ctx.companyId}, line ${ctx.whatsappId})`);

    t = Date.now();
    const plan = planHistory({ ...SEED, ...ctx });
    const seeded = await seedHistory(pool, plan, {
      companyId: ctx.companyId,
      whatsappId: ctx.whatsappId,
      log: (line) => log(`  seed ${line}`),
    });
    await seedTags(pool, plan, { ticketId: seeded.ticketId, tagIds: ctx.tagIds, log: (line) => log(`  seed ${line}`) });
    // Fresh index statistics, as a database that grew over months would have.
    await pool.query('ANALYZE TABLE contacts, tickets, messages, ticket_tags');
    const [[counts]] = await pool.query(
      'SELECT (SELECT COUNT(*) FROM tickets) AS tickets, (SELECT COUNT(*) FROM messages) AS messages, (SELECT COUNT(*) FROM contacts) AS contacts',
    );
    log(`seeded ${counts.tickets} tickets, ${counts.messages} messages, ${counts.contacts} contacts in ${elapsed(t)}`);
    log(`InnoDB wrote the seed's dirty pages back in ${await waitForFlush(pool)} s`);

    let admin = await signIn(people.admin.email);
    let agent = await signIn(people.agent.email);
    const queueParam = encodeURIComponent(JSON.stringify(ctx.queueIds));
    const lists = [
      {
        name: 'GET /tickets open, all queues (admin, showAll)',
        path: `/tickets?status=open&showAll=true&queueIds=${queueParam}`,
        who: 'admin',
      },
      {
        name: 'GET /tickets open + search "boleto" (admin, showAll)',
        path: `/tickets?status=open&showAll=true&queueIds=${queueParam}&searchParam=boleto`,
        who: 'admin',
      },
      { name: 'GET /tickets pending (agent, own queues)', path: '/tickets?status=pending', who: 'agent' },
    ];
    const combos = filterCombinations(ctx, queueParam);
    const longTickets = seeded.long;
    const messagePaths = longTickets.map((id) => `/messages/${id}`);

    log('\nSQL statements per request (debug server, TypeORM query log):');
    for (const list of [...lists, ...(phases.has('f') ? combos : [])]) {
      const statements = await statementsOf(list.path, list.who === 'admin' ? admin : agent);
      list.statements = statements.length;
      report(`${list.name}: statements`, statements.length, '≤ 3 per page', statements.length <= 3);
      for (const sql of statements) log(`      ${shortSql(sql)}`);
    }
    // Evidence for the search variant: its full-text subquery on its own, as MariaDB runs it
    // (materialized once per page request).
    for (const [label, sql] of [
      [
        'full-text subquery of the search (companyId filter)',
        'SELECT COUNT(*) AS n FROM messages sm WHERE sm.companyId = ? AND MATCH(sm.body) AGAINST (? IN BOOLEAN MODE)',
      ],
      [
        'the same MATCH without the companyId filter',
        'SELECT COUNT(*) AS n FROM messages sm WHERE MATCH(sm.body) AGAINST (? IN BOOLEAN MODE)',
      ],
    ]) {
      const args = sql.includes('companyId') ? [ctx.companyId, '+boleto*'] : ['+boleto*'];
      const t0 = now();
      const [[{ n }]] = await pool.query(sql, args);
      report(`  ${label}`, `${Math.round(now() - t0)} ms for ${n} rows`, '(diagnostic)', null);
    }
    const messageStatements = await statementsOf(messagePaths[0], admin);
    report('GET /messages/{ticketId}: statements', messageStatements.length, '(no target)', null);
    for (const sql of messageStatements) log(`      ${shortSql(sql)}`);
    await stopServer();

    // 2. The measured server, logging errors only.
    t = Date.now();
    await startServer({
      logLevel: 'error',
      redisPrefix: kit.prefix,
      onLine: onServerLine,
      nodeOptions: (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
    });
    admin = await signIn(people.admin.email);
    agent = await signIn(people.agent.email);
    let simulator = await signIn(people.simulator.email);
    await waitForLine(ctx.whatsappId, simulator);
    log(`\nmeasured server up, line live, in ${elapsed(t)}`);

    // (a) the ticket list at a fixed 100 req/s.
    if (phases.has('a'))
      phase('(a) GET /tickets, 40 a page, evenly paced at 100 req/s for 20 s (after 3 s of warm-up):');
    for (const list of phases.has('a') ? lists : []) {
      const headers = { accept: 'application/json', authorization: `Bearer ${list.who === 'admin' ? admin : agent}` };
      await paced({ rate: 100, seconds: 3, path: () => list.path, headers });
      const cpu0 = cpuSnapshot();
      const r = await paced({ rate: 100, seconds: 20, path: () => list.path, headers });
      list.cpu = cpuPer(cpu0, cpuSnapshot(), r.count);
      const ok = r.p99 <= 100 && r.failed === 0 && r.rate >= 95;
      report(
        list.name,
        `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rate} req/s${r.failed ? `, ${r.failed} failed` : ''}`,
        'p99 ≤ 100 ms at 100 req/s',
        ok,
      );
      report('  CPU per request', list.cpu, '(info)', null);
      const waited = await settle(pool);
      if (waited > 2) log(`    (waited ${waited} s for its statements still running in MariaDB)`);
    }

    // (b) long conversations at a fixed 100 req/s.
    if (phases.has('b')) {
      phase(
        `(b) GET /messages/{ticketId} over ${messagePaths.length} long conversations, paced at 100 req/s for 20 s:`,
      );
      const headers = { accept: 'application/json', authorization: `Bearer ${admin}` };
      const path = (k) => messagePaths[k % messagePaths.length];
      await paced({ rate: 100, seconds: 3, path, headers });
      const cpu0 = cpuSnapshot();
      const r = await paced({ rate: 100, seconds: 20, path, headers });
      const cpu = cpuPer(cpu0, cpuSnapshot(), r.count);
      const ok = r.p99 <= 50 && r.failed === 0;
      report(
        `GET /messages/{ticketId} (${Math.round((SEED.messages * 0.2) / SEED.longContacts)} messages per contact)`,
        `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rate} req/s${r.failed ? `, ${r.failed} failed` : ''}`,
        'p99 ≤ 50 ms',
        ok,
      );
      report('  CPU per request', cpu, '(info)', null);
    }

    // (f) every filter combination of the tickets screen (and of the existing clients) at 20 req/s.
    if (phases.has('f')) {
      phase(
        `(f) GET /tickets, ${combos.length} filter combinations, each paced at 20 req/s for 15 s (after 3 s of warm-up):`,
      );
      for (const combo of combos) {
        const headers = {
          accept: 'application/json',
          authorization: `Bearer ${combo.who === 'admin' ? admin : agent}`,
        };
        await paced({ rate: 20, seconds: 3, path: () => combo.path, headers });
        const cpu0 = cpuSnapshot();
        const r = await paced({ rate: 20, seconds: 15, path: () => combo.path, headers });
        const cpu = cpuPer(cpu0, cpuSnapshot(), r.count);
        report(
          combo.name,
          `p50 ${r.p50} ms, p99 ${r.p99} ms${r.failed ? `, ${r.failed} failed` : ''}; ${cpu}`,
          'p99 ≤ 100 ms at 20 req/s',
          r.p99 <= 100 && r.failed === 0 && r.rate >= 19,
        );
        const waited = await settle(pool);
        if (waited > 2) log(`    (waited ${waited} s for its statements still running in MariaDB)`);
      }
    }

    // The admin's socket: hears every conversation event of the company from here on.
    const socket = io(base, { transports: ['websocket'], query: { token: admin }, reconnection: false });
    await new Promise((resolve, reject) => {
      socket.once('ready', resolve);
      socket.once('connect_error', reject);
      setTimeout(() => reject(new Error('socket not ready')), 10_000);
    });
    const sentAt = new Map();
    const arrivals = [];
    let socketCreates = 0;
    let socketDisconnected = null;
    socket.on('disconnect', (reason) => (socketDisconnected = reason));
    socket.on(`company-${ctx.companyId}-appMessage`, (payload) => {
      if (payload.action !== 'create') return;
      socketCreates++;
      const probe = /^probe (\d+) sent=([\d.]+)$/.exec(payload.message?.body ?? '');
      if (probe && sentAt.has(Number(probe[1]))) arrivals.push(now() - Number(probe[2]));
    });

    // (d) inbound event → the admin's socket at 50 messages/s for 30 s, open loop.
    await settle(pool);
    if (phases.has('d')) {
      phase('(d) inbound → admin socket, 50 messages/s for 30 s into 200 live conversations:');
      const from = seeded.live.slice(0, 200).map((l) => l.number);
      const total = 50 * 30;
      const posts = [];
      const postTimes = [];
      let failed = 0;
      const start = now();
      for (let k = 0; k < total; k++) {
        const due = start + k * 20;
        const wait = due - now();
        if (wait > 1) await sleep(wait);
        const stamp = now();
        sentAt.set(k, stamp);
        posts.push(
          fetch(`${base}/sandbox/connections/${ctx.whatsappId}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${simulator}` },
            body: JSON.stringify({
              from: from[k % from.length],
              id: `lat-${runId}-${k}`,
              body: `probe ${k} sent=${stamp}`,
            }),
          }).then(
            async (res) => {
              await res.arrayBuffer();
              if (res.status !== 201) failed++;
              postTimes.push(now() - stamp);
            },
            () => failed++,
          ),
        );
      }
      const sendSeconds = (now() - start) / 1000;
      await Promise.all(posts);
      for (let i = 0; i < 50 && arrivals.length < total; i++) await sleep(100);
      const sorted = [...arrivals].sort((a, b) => a - b);
      const posted = [...postTimes].sort((a, b) => a - b);
      const p50 = round1(pct(sorted, 50));
      const p99 = round1(pct(sorted, 99));
      report(
        'inbound → socket latency at 50 msg/s',
        `p50 ${p50} ms, p99 ${p99} ms (${sorted.length}/${total} heard)`,
        'p50 ≤ 50 ms, p99 ≤ 250 ms',
        p50 <= 50 && p99 <= 250 && sorted.length === total && failed === 0,
      );
      report(
        '  the sandbox POST itself (answered once stored)',
        `p50 ${round1(pct(posted, 50))} ms, p99 ${round1(pct(posted, 99))} ms, ${failed} failed`,
        `(sent at ${round1(total / sendSeconds)}/s)`,
        null,
      );
    }

    // (e) correctness at load: duplicates and albums.
    await settle(pool);
    if (phases.has('e')) {
      phase('(e) correctness at load:');
      const ids = Array.from({ length: 1000 }, (_, k) => `dup-${runId}-${k}`);
      const numbers = Array.from({ length: 100 }, (_, k) => `5541${900_000_000 + k}`);
      const statuses = new Map();
      const t0 = Date.now();
      for (let chunk = 0; chunk < ids.length; chunk += 50) {
        const batch = [];
        for (let k = chunk; k < chunk + 50; k++) {
          for (let copy = 0; copy < 10; copy++) {
            batch.push(
              fetch(`${base}/sandbox/connections/${ctx.whatsappId}/messages`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${simulator}` },
                body: JSON.stringify({ from: numbers[k % numbers.length], id: ids[k], body: `duplicate test ${k}` }),
              }).then(
                async (res) => {
                  await res.arrayBuffer();
                  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
                },
                () => statuses.set('error', (statuses.get('error') ?? 0) + 1),
              ),
            );
          }
        }
        await Promise.all(batch);
      }
      const [[{ stored }]] = await pool.query(
        'SELECT COUNT(*) AS stored FROM messages WHERE whatsappId = ? AND providerId LIKE ?',
        [ctx.whatsappId, `dup-${runId}-%`],
      );
      const [[{ tickets, contacts }]] = await pool.query(
        'SELECT COUNT(DISTINCT t.id) AS tickets, COUNT(DISTINCT c.id) AS contacts FROM contacts c JOIN tickets t ON t.contactId = c.id WHERE c.companyId = ? AND c.number IN (?)',
        [ctx.companyId, numbers],
      );
      const answers = [...statuses].map(([s, n]) => `${n}× ${s}`).join(', ');
      report(
        '10 parallel deliveries × 1,000 ids',
        `${stored} stored, ${tickets} tickets / ${contacts} contacts`,
        '1,000 messages (100 tickets)',
        Number(stored) === 1000 && Number(tickets) === 100 && Number(contacts) === 100 && statuses.get(201) === 10_000,
      );
      report('  answers', `${answers} in ${elapsed(t0)}`, '(10,000 × 201)', null);

      // Ten albums of ten images, each from a new contact, all hundred requests at once.
      const albumNumbers = Array.from({ length: 10 }, (_, k) => `5551${900_000_000 + k}`);
      const albumStatuses = [];
      await Promise.all(
        albumNumbers.flatMap((from) =>
          Array.from({ length: 10 }, (_, k) =>
            fetch(`${base}/sandbox/connections/${ctx.whatsappId}/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${simulator}` },
              body: JSON.stringify({
                from,
                name: `Album ${from}`,
                media: { base64: PNG, mimetype: 'image/png', filename: `photo-${k}.png` },
              }),
            }).then(async (res) => {
              await res.arrayBuffer();
              albumStatuses.push(res.status);
            }),
          ),
        ),
      );
      const [rows] = await pool.query(
        // The customer's images (the greeting bot's menu goes into the same ticket).
        `SELECT c.number, COUNT(DISTINCT t.id) AS tickets, COALESCE(SUM(m.fromMe = 0 AND m.mediaType = 'image'), 0) AS messages
           FROM contacts c JOIN tickets t ON t.contactId = c.id LEFT JOIN messages m ON m.ticketId = t.id
          WHERE c.companyId = ? AND c.number IN (?) GROUP BY c.number`,
        [ctx.companyId, albumNumbers],
      );
      const good = rows.filter((r) => Number(r.tickets) === 1 && Number(r.messages) === 10).length;
      report(
        '10-image album at once (10 new contacts)',
        `${good}/10 albums → 1 ticket with 10 images`,
        'one ticket per album',
        good === 10 && rows.length === 10 && albumStatuses.every((s) => s === 201),
      );
    }

    // (c) sustained inbound, closed loop: as fast as the server stores them.
    await settle(pool);
    if (phases.has('c')) {
      phase(
        `(c) sustained inbound: ${inboundConnections} concurrent clients for ${sustainSeconds} s, ` +
          '5,000 senders (half with a live ticket, half new):',
      );
      simulator = await signIn(people.simulator.email); // a fresh 15-minute token for the long run
      const liveSenders = seeded.live.slice(200, 2700).map((l) => l.number);
      const newSenders = Array.from({ length: 5000 - liveSenders.length }, (_, k) => `5561${900_000_000 + k}`);
      const senders = [...liveSenders, ...newSenders];
      const [[{ baseline }]] = await pool.query('SELECT COALESCE(MAX(id), 0) AS baseline FROM messages');
      const storedSince = async () =>
        Number((await pool.query('SELECT COUNT(*) AS n FROM messages WHERE id > ?', [baseline]))[0][0].n);
      const eventsBefore = socketCreates;
      const samples = [];
      const thirds = [[], [], []];
      const durationMs = sustainSeconds * 1000;
      let n = 0;
      let start = 0;
      let cpuStart = null;
      const sampler = async () => {
        samples.push({ at: Date.now(), stored: await storedSince() });
      };
      const timers = [];
      const run = cannon({
        url: base,
        connections: inboundConnections,
        duration: sustainSeconds,
        requests: [
          {
            method: 'POST',
            path: `/sandbox/connections/${ctx.whatsappId}/messages`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${simulator}` },
            setupRequest: (req) => {
              const k = n++;
              return {
                ...req,
                body: JSON.stringify({
                  from: senders[k % senders.length],
                  id: `tp-${runId}-${k}`,
                  body: `mensagem ${k} sobre o pedido e a entrega`,
                }),
              };
            },
          },
        ],
        onInstance: (instance) => {
          start = Date.now();
          cpuStart = cpuSnapshot();
          instance.on('response', (_client, status, _bytes, responseTime) => {
            const third = Math.min(2, Math.floor(((Date.now() - start) / durationMs) * 3));
            thirds[third].push(responseTime);
          });
          // The stored count at the start, at each third and every 10 s between (for the timeline).
          void sampler();
          for (let s = 10_000; s < durationMs; s += 10_000) timers.push(setTimeout(() => void sampler(), s));
          for (const third of [1, 2]) timers.push(setTimeout(() => void sampler(), (durationMs * third) / 3));
        },
      });
      const r = await run;
      const cpuEnd = cpuSnapshot();
      for (const timer of timers) clearTimeout(timer);
      await sampler();
      // Requests still in flight when autocannon stopped: wait until the count stands still.
      let settled = await storedSince();
      for (let i = 0; i < 40; i++) {
        await sleep(500);
        const again = await storedSince();
        if (again === settled) break;
        settled = again;
      }
      samples.sort((a, b) => a.at - b.at);
      const at = (ms) =>
        samples.reduce((best, s) => (Math.abs(s.at - start - ms) < Math.abs(best.at - start - ms) ? s : best));
      const marks = [at(0), at(durationMs / 3), at((2 * durationMs) / 3), samples[samples.length - 1]];
      const rates = [0, 1, 2].map(
        (i) => (marks[i + 1].stored - marks[i].stored) / ((marks[i + 1].at - marks[i].at) / 1000),
      );
      const overall = (marks[3].stored - marks[0].stored) / ((marks[3].at - marks[0].at) / 1000);
      const lat = thirds.map((l) => l.sort((a, b) => a - b));
      const ok = Math.min(...rates) >= 320 && rates[2] >= 0.9 * rates[0] && r.non2xx === 0 && r.errors === 0;
      report(
        `inbound stored over ${sustainSeconds} s`,
        `${round1(overall)} events/s (${settled} stored)`,
        '≥ 320 events/s sustained',
        Math.min(...rates) >= 320,
      );
      report(
        '  stored rate by thirds (first / middle / last)',
        rates.map((x) => Math.round(x)).join(' / ') + ' /s',
        'no growing lag: last ≥ 0.9 × first',
        rates[2] >= 0.9 * rates[0],
      );
      report(
        '  answer time by thirds, p50 / p99',
        lat.map((l) => `${round1(pct(l, 50))}/${round1(pct(l, 99))}`).join(', ') + ' ms',
        `(${inboundConnections} clients)`,
        null,
      );
      report(
        '  requests',
        `${r.requests.total} sent, ${r['2xx']} × 2xx, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`,
        '(every answer 201)',
        r.non2xx === 0 && r.errors === 0,
      );
      report('  CPU per stored event', cpuPer(cpuStart, cpuEnd, marks[3].stored - marks[0].stored), '(info)', null);
      report(
        '  appMessage events heard by the admin socket',
        `${socketCreates - eventsBefore}`,
        `(${settled} stored)`,
        null,
      );
      const timeline = samples.filter((x, i) => i === 0 || x.at - samples[i - 1].at >= 2000);
      log(
        `  timeline (stored/s per ~10 s): ${timeline
          .slice(1)
          .map((x, i) => Math.round((x.stored - timeline[i].stored) / ((x.at - timeline[i].at) / 1000)))
          .join(' ')}`,
      );
      if (!ok) log('  (sustained inbound target missed)');
    }
    if (socketDisconnected) log(`  note: the admin socket was disconnected (${socketDisconnected})`);
    socket.close();
  } finally {
    await pool.end();
    await cleanup();
  }

  log(
    `\nmeasured server log: ${serverLog.lines} lines, ${serverLog.duplicateKey} of them duplicate-key errors of redeliveries` +
      (serverLog.other.length ? `; others:\n  ${serverLog.other.join('\n  ')}` : ''),
  );
  log(`1-minute load average at the phases: ${loads.map((l) => l.toFixed(1)).join(', ')} (2 cores)`);
  kit.printSummary();
}

await kit.run(main, cleanup);
