// Dashboard benchmark (issue 5): the built server on MariaDB + Redis with a company's history of
// 200,000 tickets (and 50,000 contacts, ratings on two of five resolved tickets), loaded from this
// process on 127.0.0.1 only.
//
//   GET /dashboard?days=90, GET /dashboard/ticketsUsers and GET /dashboard/ticketsDay over the last
//   90 days: p99 ≤ 500 ms per call (one admin's calls one after another, BENCH_SECONDS (20) each),
//   and the same with BENCH_CONNECTIONS (4) admins at once for information; the plan MariaDB
//   chooses (EXPLAIN) for every statement each call sends; the figures checked against direct SQL
//   counts.
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_DB_NAME (atendo_bench_dash, created
// and dropped here), BENCH_REDIS_URL (redis://127.0.0.1:6379; keys under a unique prefix, deleted at the
// end), BENCH_PORT (18792), BENCH_SEED_SCALE (1 = 200,000 tickets; smaller for a quick try),
// BENCH_CONNECTIONS (4), BENCH_SECONDS (20), BENCH_KEEP_DB (1: leave the database in place).
// Skipped (exit 0) when MariaDB or Redis is not there. Exit code 1 when a target is missed.
import { loadavg } from 'node:os';
import { benchKit, elapsed, explain, log, statementLog } from './support/bench-kit.mjs';
import { planHistory, seedHistory, seedRatings } from './support/conversation-seed.mjs';

const kit = benchKit({ name: 'dash', defaultPort: 18792 });
const { call, report, startServer, stopServer } = kit;
const scale = Number(process.env.BENCH_SEED_SCALE ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = 'Bench-password-1';
const ADMIN_EMAIL = 'admin@bench-dash.test';
const ZONE = 'America/Sao_Paulo';
const TARGET_P99_MS = 500;
const DAY = 86_400_000;
const SEED = {
  contacts: Math.round(50_000 * scale),
  tickets: Math.round(200_000 * scale),
  messages: 0,
  longContacts: 1,
};

const signIn = async () =>
  (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: PASSWORD } })).token;

// The statements of a call: a first server runs with LOG_LEVEL=debug, where TypeORM logs each one
// ("query: <sql> -- PARAMETERS: [...]"); those logged between sending a request and 150 ms after
// its answer are the request's. Each is then EXPLAINed with its own parameters.
const statements = statementLog();

const isoDay = (ms) => {
  const d = new Date(new Date(ms).toLocaleString('en-US', { timeZone: ZONE }));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`dashboard benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();

  log(`Atendo dashboard benchmark — MariaDB + Redis, ${SEED.tickets} tickets, ${SEED.contacts} contacts`);
  const pool = await kit.freshDatabase();

  try {
    let t = Date.now();
    await startServer({ logLevel: 'debug', redisPrefix: `${kit.prefix}-debug`, onLine: statements.onLine });
    const ctx = await kit.provisionCompany({
      companyName: 'Bench Painel',
      adminEmail: ADMIN_EMAIL,
      agentEmail: 'agent@bench-dash.test',
      password: PASSWORD,
    });
    log(`server up and company provisioned in ${elapsed(t)}`);
    t = Date.now();
    const plan = planHistory({ ...SEED, ...ctx });
    const now = Date.now();
    const seeded = await seedHistory(pool, plan, {
      companyId: ctx.companyId,
      whatsappId: ctx.whatsappId,
      now,
      log: (line) => log(`  seed ${line}`),
    });
    await seedRatings(pool, plan, {
      companyId: ctx.companyId,
      ticketId: seeded.ticketId,
      now,
      log: (l) => log(`  seed ${l}`),
    });
    await pool.query('ANALYZE TABLE contacts, tickets, ticket_ratings');
    log(`seeded in ${elapsed(t)}`);

    const today = isoDay(Date.now());
    const from90 = isoDay(Date.now() - 89 * DAY);
    const range = `initialDate=${from90}&finalDate=${today}&timezone=${encodeURIComponent(ZONE)}`;
    const calls = [
      { name: 'GET /dashboard?days=90', path: `/dashboard?days=90&timezone=${encodeURIComponent(ZONE)}`, target: true },
      { name: 'GET /dashboard/ticketsUsers (90 days)', path: `/dashboard/ticketsUsers?${range}`, target: true },
      { name: 'GET /dashboard/ticketsDay (90 days)', path: `/dashboard/ticketsDay?${range}`, target: true },
      {
        name: 'GET /dashboard/ticketsDay (one day, per hour)',
        path: `/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}&timezone=${encodeURIComponent(ZONE)}`,
        target: false,
      },
    ];

    let token = await signIn();
    log('\nStatements per call and the plan MariaDB chooses for each:');
    for (const c of calls) {
      const sent = await statements.ofGet(call, c.path, token);
      report(`${c.name}: statements`, sent.length, '(info)', null);
      for (const s of sent) {
        const plan = await explain(pool, s);
        const covered = /Using index/.test(plan) && !/\bALL\b/.test(plan);
        log(`      ${s.sql.replace(/\s+/g, ' ').slice(0, 100)}…`);
        log(`        EXPLAIN ${plan}${covered ? '' : '  <- reads table rows'}`);
      }
    }

    // The answers agree with direct counts over the seeded rows.
    const dash = await call('GET', calls[0].path, { token });
    const [[{ closed }]] = await pool.query(
      'SELECT COUNT(*) AS closed FROM tickets WHERE companyId = ? AND closedAt >= ?',
      [ctx.companyId, new Date(Date.now() - 90 * DAY)],
    );
    const [[{ live }]] = await pool.query(
      "SELECT COUNT(*) AS live FROM tickets WHERE companyId = ? AND status IN ('open', 'pending')",
      [ctx.companyId],
    );
    const counters = dash.counters;
    report(
      'resolved in 90 days: API / SQL',
      `${counters.supportFinished} / ${closed}`,
      'equal (±2 at the edge)',
      Math.abs(counters.supportFinished - Number(closed)) <= 2,
    );
    report(
      'open + pending now: API / SQL',
      `${counters.supportHappening + counters.supportPending} / ${live}`,
      'equal',
      counters.supportHappening + counters.supportPending === Number(live),
    );
    report(
      'avg talk / wait time (min), attendants',
      `${counters.avgSupportTime} / ${counters.avgWaitTime}, ${dash.attendants.length}`,
      '(info)',
      null,
    );
    const perDay = await call('GET', calls[2].path, { token });
    const perUser = await call('GET', calls[1].path, { token });
    report(
      'ticketsDay: days, tickets / ticketsUsers tickets',
      `${perDay.data.length}, ${perDay.count} / ${perUser.count}`,
      '(info)',
      null,
    );
    await stopServer();

    // The measured server, logging errors only.
    await startServer({ logLevel: 'error', redisPrefix: kit.prefix });
    token = await signIn();
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    // The target is per call: one admin's requests one after another. Several admins at once
    // share the two cores, so that load is reported beside it, for information.
    for (const admins of [1, connections]) {
      log(
        `\n${admins === 1 ? 'one admin, one call after another' : `${admins} admins asking at once`}, ` +
          `${seconds} s a call after 3 s of warm-up [load average ${loadavg()[0].toFixed(1)}]:`,
      );
      for (const c of calls) {
        await kit.measureGet({
          name: `${c.name}${admins === 1 ? '' : ` × ${admins}`}`,
          path: c.path,
          headers,
          connections: admins,
          seconds,
          targetMs: admins === 1 && c.target ? TARGET_P99_MS : undefined,
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
