// External send API benchmark: POST /api/messages/send with a connection's token on the built
// server, MariaDB + Redis, the sandbox WhatsApp network (which counts what reached each phone).
//
//   cold   the same rate for the first 5 s of the server just started, to a company of its own
//          (info: JIT and pools still warming; the sustained figures follow it).
//   rate   RATE requests a second for DURATION seconds, open loop and evenly paced (request k is
//          due at k / RATE s; its latency runs from then, so a server falling behind shows), each
//          to a number of its own (a new contact and ticket each time, the heaviest case): the rate
//          achieved, latency p50/p99, every 200 stored once and delivered once. (autocannon's
//          overallRate sends each second's quota at once at the second's start: bursts of RATE.)
//          Targets: ≥ 300 req/s sustained, p99 < 100 ms, messages stored = 200s = delivered.
//   keys   the same with an Idempotency-Key on every request and each request sent twice, the
//          second one after the first answered: sends once per key (info: its p99).
//   max    as fast as 50 connections go for 10 s (info).
//
// Environment: BENCH_MYSQL_URL, BENCH_DB_NAME (atendo_bench_external), BENCH_REDIS_URL, BENCH_PORT
// (18881), BENCH_API_RATE (300), BENCH_API_DURATION_S (20), BENCH_SERVER_NODE_OPTIONS (extra Node
// options for the server, e.g. --cpu-prof). Skipped (exit 0) without MariaDB or
// Redis. Exit code 1 when a target is missed.
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchKit, cannon, log } from './support/bench-kit.mjs';
import { mariadbPid, processCpuMs } from './support/process-cpu.mjs';

const kit = benchKit({ name: 'external', defaultPort: 18881, columns: [52, 50, 26] });
const { base, call, report } = kit;
const RATE = Number(process.env.BENCH_API_RATE ?? 300);
const DURATION_S = Number(process.env.BENCH_API_DURATION_S ?? 20);
const CONNECTIONS = 50;
const COLD_S = 5;
const PASSWORD = 'Bench-password-1';

const fmt = (n) => Math.round(n).toLocaleString('en');

/** A São Paulo mobile per request: 55 11 9 series xxxxxxx. */
const mobile = (series, i) => `55119${series}${String(i).padStart(7, '0')}`;

async function company(name) {
  const ctx = await kit.sandboxCompany(name, PASSWORD);
  const { token } = await call('GET', `/whatsapp/${ctx.whatsappId}`, { token: ctx.adminToken });
  return { ...ctx, sendToken: token };
}

/** One autocannon run of sends, each request built by `build(i)` → { body, headers }. */
function sends(ctx, build, { rate, seconds }) {
  let i = 0;
  return cannon({
    url: `${base}/api/messages/send`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    headers: { authorization: `Bearer ${ctx.sendToken}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const { body, headers = {} } = build(i++);
          return { ...request, body: JSON.stringify(body), headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
}

async function stored(pool, ctx) {
  const [[row]] = await pool.query(
    'SELECT COUNT(*) AS n, COUNT(DISTINCT providerId) AS ids FROM messages WHERE whatsappId = ? AND fromMe = 1',
    [ctx.whatsappId],
  );
  return { messages: Number(row.n), ids: Number(row.ids) };
}

/**
 * Every message stored once and delivered once: the rows, their distinct ids and the network's
 * count agree, nobody got one twice, and they match the 200s counted (autocannon stops counting at
 * its end while up to CONNECTIONS requests are still being served: those are stored too).
 */
async function reportStored(pool, ctx, answered) {
  const rows = await stored(pool, ctx);
  const network = await call('GET', '/sandbox/deliveries', { token: ctx.adminToken });
  const cut = rows.messages - answered;
  report(
    'stored, distinct ids; network messages, repeated',
    `${fmt(rows.messages)}, ${fmt(rows.ids)}; ${fmt(network.messages)}, ${network.repeated.length} (${cut} cut off at the end)`,
    `equal, 0; 200s + ≤ ${CONNECTIONS}`,
    rows.messages === rows.ids &&
      network.messages === rows.messages &&
      network.repeated.length === 0 &&
      cut >= 0 &&
      cut <= CONNECTIONS,
  );
}

/** Keep-alive sockets, at most CONNECTIONS of them, as autocannon would hold. */
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** A JSON POST on the agent's sockets; resolves with the status once the answer is read. */
function post(path, body, headers) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Open-loop sends at `rate` a second for `seconds`, request i built by `build(i)`; latencies from each one's due time. */
async function paced(ctx, build, { rate, seconds }) {
  const total = rate * seconds;
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const inFlight = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const { body } = build(i);
    inFlight.push(
      post(`/api/messages/send`, JSON.stringify(body), { authorization: `Bearer ${ctx.sendToken}` }).then(
        (status) => {
          latencies.push(performance.now() - due);
          if (status === 200) ok++;
          else non2xx++;
        },
        () => errors++,
      ),
    );
  }
  const sentIn = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]);
  return { ok, non2xx, errors, sentIn, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/**
 * The server just started: its code not yet compiled by V8's optimiser, its pools not yet open.
 * The first seconds at the full rate are sent to a company of their own and reported apart, so the
 * sustained figures are of a running server and the cold start still shows.
 */
async function coldPart() {
  const ctx = await company('Cold');
  log(`\ncold start: ${RATE} req/s for ${COLD_S} s on the server just started`);
  const result = await paced(ctx, (i) => ({ body: { number: mobile(4, i), body: `Primeiro aviso ${i}` } }), {
    rate: RATE,
    seconds: COLD_S,
  });
  report(
    'latency in the first seconds (cold server)',
    `p50 ${result.p50} ms, p99 ${result.p99} ms (${fmt(result.ok)} answered 200)`,
    '(info)',
    null,
  );
}

async function ratePart(pool) {
  const ctx = await company('Rate');
  log(
    `\nrate: ${RATE} req/s for ${DURATION_S} s, evenly paced, each to a new number (sustained, after the cold start)`,
  );
  const pid = kit.server().pid;
  const db = await mariadbPid();
  const cpu0 = processCpuMs(pid);
  const db0 = db ? processCpuMs(db) : 0;
  const result = await paced(ctx, (i) => ({ body: { number: mobile(1, i), body: `Pedido ${i} saiu para entrega` } }), {
    rate: RATE,
    seconds: DURATION_S,
  });
  const cpu = processCpuMs(pid) - cpu0;
  const dbCpu = db ? processCpuMs(db) - db0 : null;
  const { ok } = result;
  const achieved = ok / result.sentIn;
  report(
    'req/s answered 200 (asked for ' + RATE + ')',
    `${fmt(achieved)} (${fmt(ok)} in ${result.sentIn.toFixed(1)} s; non-2xx ${result.non2xx}, errors ${result.errors})`,
    `≥ 300 req/s`,
    achieved >= 300 && result.non2xx === 0 && result.errors === 0,
  );
  report(
    "latency from each request's due time",
    `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms`,
    'p99 < 100 ms',
    result.p99 < 100,
  );
  report('server CPU per request', `${(cpu / ok).toFixed(2)} ms`, '(info)', null);
  if (dbCpu !== null) report('MariaDB CPU per request', `${(dbCpu / ok).toFixed(2)} ms`, '(info)', null);
  await sleep(1500);
  await reportStored(pool, ctx, ok);
}

async function keysPart(pool) {
  const ctx = await company('Keys');
  const seconds = Math.max(5, Math.round(DURATION_S / 2));
  const rate = Math.round(RATE / 2);
  log(`\nkeys: ${rate} req/s for ${seconds} s with an Idempotency-Key, then each key again`);
  const key = (i) => ({ 'idempotency-key': `bench-${i}` });
  const message = (i) => ({ number: mobile(2, i), body: `Boleto ${i} vence amanhã` });
  const first = await sends(ctx, (i) => ({ body: message(i), headers: key(i) }), { rate, seconds });
  const sent = first['2xx'];
  const again = await sends(ctx, (i) => ({ body: message(i % sent), headers: key(i % sent) }), { rate, seconds });
  report(
    'first sends; repeats answered 200',
    `${fmt(sent)} (p99 ${first.latency.p99} ms); ${fmt(again['2xx'])} (p99 ${again.latency.p99} ms, non-2xx ${again.non2xx})`,
    '(info)',
    null,
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await reportStored(pool, ctx, sent);
}

async function maxPart() {
  const ctx = await company('Max');
  log(`\nmax: ${CONNECTIONS} connections for 10 s, each request to a new number`);
  const result = await sends(ctx, (i) => ({ body: { number: mobile(3, i), body: `Aviso ${i}` } }), { seconds: 10 });
  report(
    'req/s answered 200 at full speed',
    `${fmt(result['2xx'] / 10)} (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx})`,
    '(info)',
    null,
  );
}

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`external API benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();
  log('Atendo external send API benchmark — MariaDB + Redis, the sandbox network');
  const pool = await kit.freshDatabase();
  try {
    await kit.startServer({
      logLevel: 'warn',
      redisPrefix: kit.prefix,
      nodeOptions: (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
      env: { EXTERNAL_API_LIMIT_PER_SECOND: '100000', SANDBOX_ACK_INTERVAL_MS: '50', SIGNUP_LIMIT_PER_IP: '100' },
    });
    await coldPart();
    await ratePart(pool);
    await keysPart(pool);
    await maxPart();
    kit.printSummary();
  } finally {
    await pool.end();
    await kit.cleanup();
  }
}

await kit.run(main);
