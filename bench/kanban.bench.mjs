// Kanban benchmark (issue "Kanban"): the built server on MariaDB + Redis with a company of 200,000
// tickets, 10,000 of them open (and as many pending: the board shows both), eight kanban lanes and
// lane tags left on the closed history too, loaded from this process on 127.0.0.1 only.
//
//   GET /ticket/kanban (admin: every lane, 20,000 live tickets in sight): p99 ≤ 100 ms, one request
//   after another for BENCH_SECONDS (20) after 3 s of warm-up; the same for an agent of two of the
//   four queues and for the next page of one lane; the same calls with BENCH_CONNECTIONS (4) at once
//   for information; the statements each call sends and the plan MariaDB chooses for each (EXPLAIN);
//   the lanes' counts checked against direct SQL.
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_DB_NAME (atendo_bench_kanban,
// created and dropped here), BENCH_REDIS_URL (redis://127.0.0.1:6379; keys under a unique prefix,
// deleted at the end), BENCH_PORT (18798), BENCH_SEED_SCALE (1 = 10,000 open tickets; smaller for a
// quick try), BENCH_CONNECTIONS (4), BENCH_SECONDS (20), BENCH_KEEP_DB (1: leave the database in
// place). Skipped (exit 0) when MariaDB or Redis is not there. Exit code 1 when a target is missed.
import { loadavg } from 'node:os';
import { benchKit, elapsed, explain, log, statementLog } from './support/bench-kit.mjs';
import { planHistory, seedHistory } from './support/conversation-seed.mjs';

const kit = benchKit({ name: 'kanban', defaultPort: 18798 });
const { call, report, startServer, stopServer } = kit;
const scale = Number(process.env.BENCH_SEED_SCALE ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = 'Bench-password-1';
const ADMIN_EMAIL = 'admin@bench-kanban.test';
const AGENT_EMAIL = 'agent@bench-kanban.test';
const TARGET_P99_MS = 100;
const LANES = 8;
const BATCH = 5_000;
// The seed makes 3 in 50 contacts' last ticket open (and 3 in 50 pending): 166,651 contacts give
// exactly 10,000 open tickets; 200,000 tickets leave the older ones of a fifth of them closed.
const contacts = Math.round(166_651 * scale);
const SEED = { contacts, tickets: Math.round(200_000 * scale), messages: 0, longContacts: 1 };

const signIn = async (email) => (await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).token;

/** The company (its admin, an agent of two of its four queues, a sandbox line) and the board's tags. */
async function provision() {
  const company = await kit.provisionCompany({
    companyName: 'Bench Kanban',
    adminEmail: ADMIN_EMAIL,
    agentEmail: AGENT_EMAIL,
    password: PASSWORD,
  });
  const token = company.adminToken;
  const laneIds = [];
  for (let i = 1; i <= LANES; i++) {
    const tag = await call('POST', '/tags', { token, body: { name: `Etapa ${i}`, color: '#1273DE', kanban: 1 } });
    laneIds.push(tag.id);
  }
  const labelIds = [];
  for (const name of ['Cliente VIP', 'Atacado']) {
    labelIds.push((await call('POST', '/tags', { token, body: { name, color: '#DB3E00' } })).id);
  }
  return { ...company, laneIds, labelIds };
}

/**
 * Tags on every seeded ticket, closed ones too (a lane tag stays on a ticket after it is resolved):
 * 8 in 10 carry one lane's tag, 1 in 7 a second lane's, 1 in 4 a tag that is no lane.
 */
async function seedBoardTags(pool, ticketId, { laneIds, labelIds }) {
  let rows = [];
  let inserted = 0;
  const flush = async () => {
    if (!rows.length) return;
    await pool.query('INSERT INTO ticket_tags (ticketId, tagId) VALUES ?', [rows]);
    inserted += rows.length;
    rows = [];
  };
  for (let i = 0; i < SEED.tickets; i++) {
    // Spread by a hash of the ticket: the seed's live tickets come in runs of contacts.
    const lane = (Math.imul(i, 2654435761) >>> 0) % 10;
    if (lane < LANES) {
      rows.push([ticketId(i), laneIds[lane]]);
      if (i % 7 === 3) rows.push([ticketId(i), laneIds[(lane + 3) % LANES]]);
    }
    if (i % 4 === 0) rows.push([ticketId(i), labelIds[i % labelIds.length]]);
    if (rows.length >= BATCH) await flush();
  }
  await flush();
  return inserted;
}

const statements = statementLog();

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`kanban benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();

  log(`Atendo kanban benchmark — MariaDB + Redis, ${SEED.tickets} tickets, ${LANES} lanes`);
  const pool = await kit.freshDatabase();

  try {
    let t = Date.now();
    await startServer({ logLevel: 'debug', redisPrefix: `${kit.prefix}-debug`, onLine: statements.onLine });
    const ctx = await provision();
    log(`server up and company provisioned in ${elapsed(t)}`);
    t = Date.now();
    const plan = planHistory({ ...SEED, ...ctx });
    const seeded = await seedHistory(pool, plan, {
      companyId: ctx.companyId,
      whatsappId: ctx.whatsappId,
      log: (line) => log(`  seed ${line}`),
    });
    const tagged = await seedBoardTags(pool, seeded.ticketId, ctx);
    log(`  seed ticket tags: ${tagged}`);
    await pool.query('ANALYZE TABLE contacts, tickets, ticket_tags, tags');
    log(`seeded in ${elapsed(t)}`);

    const [[{ open, live }]] = await pool.query(
      "SELECT SUM(status = 'open') AS open, COUNT(*) AS live FROM tickets WHERE companyId = ? AND status IN ('open', 'pending')",
      [ctx.companyId],
    );
    report('open tickets / live (open + pending) seeded', `${open} / ${live}`, '10,000 open at scale 1', null);

    const adminToken = await signIn(ADMIN_EMAIL);
    const agentToken = await signIn(AGENT_EMAIL);
    const board = await call('GET', '/ticket/kanban?showAll=true', { token: adminToken });
    const counted = board.lanes.reduce((sum, lane) => sum + lane.count, 0);
    report(
      'admin board: lanes, cards sent, tickets counted',
      `${board.lanes.length}, ${board.tickets.length}, ${counted}`,
      `${LANES + 1} lanes, all ${live} live`,
      board.lanes.length === LANES + 1 && counted === Number(live),
    );
    const [[{ untagged }]] = await pool.query(
      `SELECT COUNT(*) AS untagged FROM tickets t WHERE t.companyId = ? AND t.status IN ('open', 'pending') AND NOT EXISTS (SELECT 1 FROM ticket_tags tt INNER JOIN tags g ON g.id = tt.tagId WHERE tt.ticketId = t.id AND g.kanban = 1)`,
      [ctx.companyId],
    );
    report(
      'open lane: API / SQL',
      `${board.lanes[0].count} / ${untagged}`,
      'equal',
      board.lanes[0].count === Number(untagged),
    );
    const agentBoard = await call(
      'GET',
      `/ticket/kanban?showAll=true&queueIds=${encodeURIComponent(JSON.stringify(ctx.agentQueueIds))}`,
      { token: agentToken },
    );
    const [[{ seen }]] = await pool.query(
      `SELECT COUNT(*) AS seen FROM tickets WHERE companyId = ? AND status IN ('open', 'pending') AND (userId = ? OR queueId IN (?))`,
      [ctx.companyId, ctx.agentId, ctx.agentQueueIds],
    );
    const agentCounted = agentBoard.lanes.reduce((sum, lane) => sum + lane.count, 0);
    report(
      'agent board: tickets counted / in sight (SQL)',
      `${agentCounted} / ${seen}`,
      'equal',
      agentCounted === Number(seen),
    );
    const busiest = board.lanes.slice(1).sort((a, b) => b.count - a.count)[0];
    const lanePath = `/ticket/kanban?showAll=true&lane=${busiest.tagId}&cursor=${encodeURIComponent(busiest.cursor)}`;

    const calls = [
      { name: 'GET /ticket/kanban (admin, every lane)', path: '/ticket/kanban?showAll=true', token: adminToken },
      {
        name: 'GET /ticket/kanban (agent of 2 queues, every lane)',
        path: `/ticket/kanban?showAll=true&queueIds=${encodeURIComponent(JSON.stringify(ctx.agentQueueIds))}`,
        token: agentToken,
      },
      { name: 'GET /ticket/kanban (admin, next page of a lane)', path: lanePath, token: adminToken },
    ];

    log('\nStatements per call and the plan MariaDB chooses for each:');
    for (const c of calls) {
      const sent = await statements.ofGet(call, c.path, c.token);
      report(`${c.name}: statements`, sent.length, '(info)', null);
      for (const s of sent) {
        log(`      ${s.sql.replace(/\s+/g, ' ').slice(0, 110)}…`);
        log(`        EXPLAIN ${await explain(pool, s)}`);
      }
    }
    await stopServer();

    // The measured server, logging errors only.
    await startServer({ logLevel: 'error', redisPrefix: kit.prefix });
    const tokens = { [adminToken]: await signIn(ADMIN_EMAIL), [agentToken]: await signIn(AGENT_EMAIL) };
    for (const users of [1, connections]) {
      log(
        `\n${users === 1 ? 'one request after another' : `${users} requests at once`}, ${seconds} s a call after ` +
          `3 s of warm-up [load average ${loadavg()[0].toFixed(1)}]:`,
      );
      for (const c of calls) {
        await kit.measureGet({
          name: `${c.name}${users === 1 ? '' : ` × ${users}`}`,
          path: c.path,
          headers: { accept: 'application/json', authorization: `Bearer ${tokens[c.token]}` },
          connections: users,
          seconds,
          targetMs: users === 1 ? TARGET_P99_MS : undefined,
        });
      }
    }
    log(`[load average ${loadavg()[0].toFixed(1)} at the end]`);
  } finally {
    await pool.end();
    await kit.cleanup();
  }
  kit.printSummary();
}

await kit.run(main);
