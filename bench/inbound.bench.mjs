// Inbound benchmark: what one node pays to store a customer's message, beside the same transaction
// written in raw SQL on the same database in the same run.
//
//   statements  a server at LOG_LEVEL=debug (TypeORM logs each statement it sends): 20 customers
//               each write 5 messages through the sandbox, one request at a time; the statements
//               logged during each request (and 150 ms after it) are its. Reported apart for a
//               customer's first message (contact and ticket created) and the next ones (the live
//               ticket found), with the statements that repeat most. Target: ≤ 12 a message.
//   rate        the server at LOG_LEVEL=warn: BENCH_INBOUND_CLIENTS (16) clients send customer
//               messages for BENCH_INBOUND_SECONDS (20) s from BENCH_INBOUND_CUSTOMERS (400)
//               customers, each request a new message of a random customer. Stored messages a
//               second (counted in the database), the server's CPU a message (/proc utime + stime).
//   reference   the same number of clients, each on its own MariaDB connection (mysql2), run the
//               transaction the pipeline needs in raw SQL for the same length of time, on the same
//               tables, for customers of another connection of the same company: BEGIN, the contact
//               by number (created once), the live ticket by its open key (created once), the
//               ticket's preview and unread count, the message (INSERT IGNORE on its provider id),
//               COMMIT. Target: the server ≥ 0.4x the reference's rate.
//
// The connection measured has one queue and no greeting: every message is a plain customer message
// (no bot answers, which would add sends to the count). For the record, the statements phase also
// counts a first message on a connection whose greeting offers a menu of four queues (the message
// stored, the menu sent and stored, its acks).
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_DB_NAME (atendo_bench_inbound,
// created and dropped here), BENCH_REDIS_URL (redis://127.0.0.1:6379; keys under a unique prefix,
// deleted at the end), BENCH_PORT (18871), the three above, BENCH_SERVER_NODE_OPTIONS (extra Node
// options for the rate phase's server, e.g. --cpu-prof), BENCH_INBOUND_DUMP (1: print the statements
// of a sample message of each kind). Skipped (exit 0) when MariaDB or Redis is
// not there. Exit code 1 when a target is missed.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchKit, cannon, log, statementLog } from './support/bench-kit.mjs';
import { processCpuMs } from './support/process-cpu.mjs';

const kit = benchKit({ name: 'inbound', defaultPort: 18871, columns: [56, 52, 22] });
const { base, call, report } = kit;
const CLIENTS = Number(process.env.BENCH_INBOUND_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_INBOUND_SECONDS ?? 20);
const CUSTOMERS = Number(process.env.BENCH_INBOUND_CUSTOMERS ?? 400);
const PASSWORD = 'Bench-password-1';
const MAX_STATEMENTS = 12;
const MIN_RATIO = 0.4;

/** The mobile of customer i of a series (one series per phase, so no phase finds another's rows). */
const customer = (series, i) => `55119${series}${String(i).padStart(7, '0')}`;
const round1 = (n) => Math.round(n * 10) / 10;

/** A company and a sandbox connection with one queue and no greeting, connected. */
async function provision(name) {
  const ctx = await kit.provisionCompany({
    companyName: `Bench ${name}`,
    adminEmail: `admin@bench-${name}.test`,
    agentEmail: `agente@bench-${name}.test`,
    password: PASSWORD,
  });
  const line = await call('POST', '/whatsapp', {
    token: ctx.adminToken,
    body: { name: 'Inbound line', provider: 'sandbox', isDefault: false, queueIds: [ctx.queueIds[0]] },
  });
  await kit.connectSandbox(line.id, ctx.adminToken);
  return { ...ctx, lineId: line.id };
}

const inbound = (ctx, from, body) =>
  call('POST', `/sandbox/connections/${ctx.lineId}/messages`, {
    token: ctx.adminToken,
    body: { from, body, id: randomUUID().replace(/-/g, '').toUpperCase().slice(0, 20) },
  });

const shortSql = (sql) =>
  sql
    .replace(/ -- PARAMETERS:.*$/, '')
    .replace(/`/g, '')
    .replace(/SELECT .*? FROM/, 'SELECT … FROM')
    .slice(0, 90);

async function statementsPhase() {
  const statements = statementLog();
  await kit.startServer({ logLevel: 'debug', redisPrefix: `${kit.prefix}-debug`, onLine: statements.onLine });
  const ctx = await provision('debug');
  // The session cache and the compiled queries are warm, as on a server that has been up a while.
  await inbound(ctx, customer(8, 0), 'warm-up');
  await inbound(ctx, customer(8, 0), 'warm-up again');
  const first = [];
  const next = [];
  const seen = new Map();
  for (let c = 1; c <= 20; c++) {
    for (let k = 0; k < 5; k++) {
      const captured = await statements.during(() => inbound(ctx, customer(8, c), `message ${k}`));
      (k === 0 ? first : next).push(captured.length);
      if (process.env.BENCH_INBOUND_DUMP && c === 1 && k < 2) log(`--- message ${k}:\n${captured.join('\n')}`);
      if (k > 0) for (const sql of captured) seen.set(shortSql(sql), (seen.get(shortSql(sql)) ?? 0) + 1);
    }
  }
  // The company's other connection greets with a menu of its four queues: a first message there
  // also sends the menu (for the record).
  await kit.connectSandbox(ctx.whatsappId, ctx.adminToken);
  const menu = [];
  for (let c = 1; c <= 10; c++) {
    const captured = await statements.during(() =>
      call('POST', `/sandbox/connections/${ctx.whatsappId}/messages`, {
        token: ctx.adminToken,
        body: { from: customer(5, c), body: 'Oi', id: randomUUID().replace(/-/g, '').toUpperCase().slice(0, 20) },
      }),
    );
    menu.push(captured.length);
    if (process.env.BENCH_INBOUND_DUMP && c === 2) log(`--- menu:\n${captured.join('\n')}`);
  }
  await kit.stopServer();
  // The median: a window now and then also holds a background statement (a sweep, a cache refresh).
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
  for (const [label, counts] of [
    ["statements, a customer's first message (median)", first],
    ["statements, a customer's next messages (median)", next],
  ])
    report(label, `${median(counts)} (${range(counts)})`, `≤ ${MAX_STATEMENTS}`, median(counts) <= MAX_STATEMENTS);
  report('statements, a first message answered by the queue menu', `${median(menu)} (${range(menu)})`, '(info)', null);
  log("  the next messages' statements, per message:");
  for (const [sql, n] of [...seen].sort((a, b) => b[1] - a[1]).slice(0, 20))
    log(
      `    ${round1(n / next.length)
        .toString()
        .padStart(4)}  ${sql}`,
    );
}

async function ratePhase(pool) {
  const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = await kit.startServer({ logLevel: 'warn', redisPrefix: kit.prefix, nodeOptions });
  const ctx = await provision('rate');
  await inbound(ctx, customer(7, 0), 'warm-up');
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' };
  let sent = 0;
  const run = (seconds) =>
    cannon({
      url: `${base}/sandbox/connections/${ctx.lineId}/messages`,
      method: 'POST',
      connections: CLIENTS,
      duration: seconds,
      headers,
      requests: [
        {
          setupRequest: (req) => {
            sent++;
            const from = customer(7, 1 + Math.floor(Math.random() * CUSTOMERS));
            return {
              ...req,
              body: JSON.stringify({ from, body: `message ${sent}`, id: `B${sent}R${randomUUID().slice(0, 8)}` }),
            };
          },
        },
      ],
    });
  // A short first run creates most customers' contacts and tickets, and warms the JIT.
  await run(3);
  const count = async () =>
    (await pool.query('SELECT COUNT(*) AS n FROM messages WHERE whatsappId = ?', [ctx.lineId]))[0][0].n;
  const stored0 = await count();
  const cpu0 = processCpuMs(child.pid);
  const t0 = performance.now();
  const r = await run(SECONDS);
  const ms = performance.now() - t0;
  const cpu = processCpuMs(child.pid) - cpu0;
  const stored = (await count()) - stored0;
  const rate = (stored / ms) * 1000;
  report(
    `server: inbound messages stored, ${CLIENTS} clients`,
    `${round1(rate)}/s (${stored} in ${(ms / 1000).toFixed(1)} s, p99 ${r.latency.p99} ms` +
      `${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors` : ''})`,
    '(info)',
    r.non2xx === 0 && r.errors === 0 ? null : false,
  );
  report('server CPU per inbound message', `${(cpu / stored).toFixed(2)} ms`, '(info)', null);
  // The reference's connection: never started, its rows written by the reference alone.
  const { id: lineId } = await call('POST', '/whatsapp', {
    token: ctx.adminToken,
    body: { name: 'Reference line', provider: 'sandbox', isDefault: false, queueIds: [ctx.queueIds[0]] },
  });
  await kit.stopServer();
  return { rate, companyId: ctx.companyId, queueId: ctx.queueIds[0], lineId };
}

/** The reference: the pipeline's transaction in raw SQL, for another connection's customers. */
async function referencePhase(pool, { companyId, queueId, lineId }) {
  const whatsappId = lineId;
  let n = 0;
  let stop = false;
  async function one(conn, client) {
    const i = ++n;
    // Each client writes for its own customers: the server handles one customer's messages one at
    // a time too (and would otherwise race itself creating the contact).
    const number = customer(6, 1 + client + CLIENTS * Math.floor((Math.random() * CUSTOMERS) / CLIENTS));
    const at = new Date();
    await conn.query('BEGIN');
    try {
      let [[contact]] = await conn.query('SELECT id FROM contacts WHERE companyId = ? AND number = ?', [
        companyId,
        number,
      ]);
      if (!contact) {
        const [c] = await conn.query(
          `INSERT INTO contacts (companyId, name, number, isGroup, extraInfo, createdAt, updatedAt)
           VALUES (?, ?, ?, 0, '[]', ?, ?)`,
          [companyId, number, number, at, at],
        );
        contact = { id: c.insertId };
      }
      const openKey = `${companyId}:${contact.id}:${whatsappId}`;
      let [[ticket]] = await conn.query('SELECT id, unreadMessages FROM tickets WHERE openKey = ?', [openKey]);
      if (!ticket) {
        const [t] = await conn.query(
          `INSERT INTO tickets (uuid, companyId, contactId, whatsappId, queueId, status, isGroup, openKey,
             unreadMessages, createdAt, updatedAt)
           VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, 0, ?, ?)`,
          [randomUUID(), companyId, contact.id, whatsappId, queueId, openKey, at, at],
        );
        ticket = { id: t.insertId };
      }
      await conn.query(
        'UPDATE tickets SET lastMessage = ?, unreadMessages = unreadMessages + 1, updatedAt = ? WHERE id = ?',
        [`message ${i}`, at, ticket.id],
      );
      await conn.query(
        `INSERT IGNORE INTO messages (companyId, ticketId, contactId, whatsappId, providerId, body, fromMe,
           mediaType, ack, \`read\`, isDeleted, isEdited, createdAt, updatedAt)
         VALUES (?, ?, ?, ?, ?, ?, 0, 'chat', 0, 0, 0, 0, ?, ?)`,
        [companyId, ticket.id, contact.id, whatsappId, `R${i}-${randomUUID().slice(0, 8)}`, `message ${i}`, at, at],
      );
      await conn.query('COMMIT');
    } catch (error) {
      await conn.query('ROLLBACK');
      throw error;
    }
  }
  const worker = async (client, ms) => {
    const conn = await pool.getConnection();
    try {
      const until = performance.now() + ms;
      while (!stop && performance.now() < until) await one(conn, client);
    } finally {
      conn.release();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => worker(c, 3000)));
  const count = async () =>
    (await pool.query('SELECT COUNT(*) AS n FROM messages WHERE whatsappId = ?', [whatsappId]))[0][0].n;
  const stored0 = await count();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => worker(c, SECONDS * 1000)));
  stop = true;
  const ms = performance.now() - t0;
  const stored = (await count()) - stored0;
  const rate = (stored / ms) * 1000;
  report(`reference: the same transaction in raw SQL, ${CLIENTS} clients`, `${round1(rate)}/s`, '(info)', null);
  return rate;
}

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`inbound benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();
  log(`Atendo inbound benchmark — MariaDB + Redis, ${CLIENTS} clients, ${SECONDS} s, ${CUSTOMERS} customers`);
  const pool = await kit.freshDatabase(CLIENTS + 2);
  try {
    await statementsPhase();
    await sleep(500);
    const server = await ratePhase(pool);
    const reference = await referencePhase(pool, server);
    const ratio = server.rate / reference;
    report('server ÷ reference', `${ratio.toFixed(2)}x`, `≥ ${MIN_RATIO}x`, ratio >= MIN_RATIO);
    kit.printSummary();
  } finally {
    await pool.end();
    await kit.cleanup();
  }
}

await kit.run(main);
