// Soak benchmark: one node under a steady, mixed load for a long time, watched for anything that
// creeps up (memory, latency) or goes wrong (errors, dropped sockets, lost messages).
//
// The built server on MariaDB + Redis, one company with a sandbox connection and BENCH_SOAK_SOCKETS
// (200) signed-in admin sockets. For BENCH_SOAK_MINUTES (60): BENCH_SOAK_RATE (20) customer
// messages a second from BENCH_SOAK_CUSTOMERS (2,000) customers; every 10 s an agent accepts a
// pending ticket, answers it and resolves it (so tickets come and go as in a working day); each
// socket counts the messages it hears; the ticket list is read twice a second. Every 30 s the
// server's RSS (from /proc) and the window's p99 of the inbound requests are sampled.
//
// Targets: RSS at the end within 5% of RSS after the warm-up (the first sixth of the run, at
// least 5 minutes when the run is long enough); 0 failed requests, 0 sockets dropped, every
// stored message heard by every socket, the server's log free of errors. The p99 per window is
// printed for the record (info).
//
// Environment: BENCH_MYSQL_URL, BENCH_DB_NAME (atendo_bench_soak), BENCH_REDIS_URL, BENCH_PORT
// (18881), and the four above. Skipped (exit 0) when MariaDB or Redis is not there. Exit code 1
// when a target is missed.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { jsonRequest } from '../scripts/lib/json-api.mjs';
import { benchKit, log } from './support/bench-kit.mjs';

const kit = benchKit({ name: 'soak', defaultPort: 18881, columns: [50, 56, 24] });
const { base, report } = kit;
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 60);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 20);
const SOCKETS = Number(process.env.BENCH_SOAK_SOCKETS ?? 200);
const CUSTOMERS = Number(process.env.BENCH_SOAK_CUSTOMERS ?? 2000);
const PASSWORD = 'Bench-password-1';
const SAMPLE_MS = 30_000;
const RSS_DRIFT = 0.05;

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};
const pct = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
};

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`soak benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();
  log(`Atendo soak — ${MINUTES} min, ${RATE} messages/s, ${SOCKETS} sockets, ${CUSTOMERS} customers`);
  const pool = await kit.freshDatabase();
  const serverErrors = [];
  try {
    const child = await kit.startServer({
      logLevel: 'warn',
      redisPrefix: kit.prefix,
      onLine: (line) => {
        if (/\bERROR\b/.test(line) && serverErrors.length < 20) serverErrors.push(line.slice(0, 300));
      },
    });
    const ctx = await kit.sandboxCompany('Soak', PASSWORD);
    const token = ctx.adminToken;

    let heard = 0;
    let dropped = 0;
    const sockets = [];
    for (let i = 0; i < SOCKETS; i++) {
      const socket = io(base, { transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
      socket.on(`company-${ctx.companyId}-appMessage`, (event) => {
        if (event.action === 'create' && !event.message.fromMe) heard++;
      });
      socket.on('disconnect', () => dropped++);
      await new Promise((resolve, reject) => {
        socket.once('ready', resolve);
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
    }

    const failures = [];
    const latencies = [];
    let sent = 0;
    const fail = (what) => {
      if (failures.length < 20) failures.push(what);
    };
    const deadline = performance.now() + MINUTES * 60_000;
    // Inbound at a steady rate: one message every 1000/RATE ms, whatever the answers' latency.
    const inbound = (async () => {
      const inFlight = new Set();
      for (let n = 0; performance.now() < deadline; n++) {
        const due = n * (1000 / RATE);
        const wait = due - (performance.now() - (deadline - MINUTES * 60_000));
        if (wait > 0) await sleep(wait);
        const from = `5511970${String(1 + Math.floor(Math.random() * CUSTOMERS)).padStart(6, '0')}`;
        const at = performance.now();
        const request = jsonRequest(base, 'POST', `/sandbox/connections/${ctx.whatsappId}/messages`, {
          token,
          body: { from, body: `soak ${n}`, id: `S${n}${randomUUID().slice(0, 8)}` },
        }).then(
          (answer) => {
            latencies.push(performance.now() - at);
            if (answer.status === 201) sent++;
            else fail(`inbound ${answer.status} ${answer.text.slice(0, 120)}`);
          },
          (error) => fail(`inbound: ${error.message}`),
        );
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      await Promise.all(inFlight);
    })();
    // An agent works the queue: accept, answer and resolve one pending ticket every 10 s.
    const agent = (async () => {
      while (performance.now() < deadline) {
        await sleep(10_000);
        const list = await jsonRequest(base, 'GET', '/tickets?status=pending&pageNumber=1', { token });
        if (list.status !== 200) fail(`ticket list ${list.status}`);
        const ticket = list.data?.tickets?.[0];
        if (!ticket) continue;
        for (const [method, path, body] of [
          ['PUT', `/tickets/${ticket.id}`, { status: 'open', userId: ctx.adminId }],
          ['POST', `/messages/${ticket.id}`, { body: 'Olá! Como posso ajudar?' }],
          ['PUT', `/tickets/${ticket.id}`, { status: 'closed' }],
        ]) {
          const answer = await jsonRequest(base, method, path, { token, body });
          if (answer.status >= 300) fail(`${method} ${path} ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
    })();
    const reader = (async () => {
      while (performance.now() < deadline) {
        await sleep(500);
        const answer = await jsonRequest(base, 'GET', '/tickets?status=open&showAll=true&pageNumber=1', { token });
        if (answer.status !== 200) fail(`open list ${answer.status}`);
      }
    })();

    const samples = [];
    const warmUp = Math.min(Math.max(MINUTES / 6, 5), MINUTES / 2) * 60_000;
    const started = performance.now();
    while (performance.now() < deadline) {
      await sleep(Math.min(SAMPLE_MS, Math.max(0, deadline - performance.now())));
      const window = latencies.splice(0);
      const sample = { at: (performance.now() - started) / 60_000, rss: rssMb(child.pid), p99: pct(window, 99) };
      samples.push(sample);
      log(
        `  ${sample.at.toFixed(1).padStart(5)} min  RSS ${sample.rss.toFixed(0)} MB  inbound p99 ` +
          `${sample.p99.toFixed(0)} ms  stored ${sent}  failures ${failures.length}`,
      );
    }
    await Promise.all([inbound, agent, reader]);
    // The events of the last messages may still be on their way.
    await sleep(2_000);

    const afterWarmUp = samples.find((s) => s.at * 60_000 >= warmUp) ?? samples[0];
    const last = samples.at(-1);
    const drift = (last.rss - afterWarmUp.rss) / afterWarmUp.rss;
    report(
      'server RSS: after warm-up → end',
      `${afterWarmUp.rss.toFixed(0)} MB (${afterWarmUp.at.toFixed(1)} min) → ${last.rss.toFixed(0)} MB ` +
        `(${(drift * 100).toFixed(1)}%)`,
      `within ${RSS_DRIFT * 100}%`,
      Math.abs(drift) <= RSS_DRIFT,
    );
    const p99s = samples.map((s) => s.p99);
    report(
      'inbound p99 per 30 s window: first / median / last',
      `${p99s[0].toFixed(0)} / ${pct(p99s, 50).toFixed(0)} / ${p99s.at(-1).toFixed(0)} ms`,
      '(info)',
      null,
    );
    const [[{ n: stored }]] = await pool.query(
      'SELECT COUNT(*) AS n FROM messages WHERE whatsappId = ? AND fromMe = 0',
      [ctx.whatsappId],
    );
    report('inbound messages accepted / stored', `${sent} / ${stored}`, 'all stored', Number(stored) === sent);
    report(
      'failed requests / sockets dropped',
      `${failures.length} / ${dropped}`,
      '0 / 0',
      failures.length === 0 && dropped === 0,
    );
    for (const failure of failures) log(`    ${failure}`);
    report(
      'messages heard, all sockets',
      `${heard} of ${Number(stored) * SOCKETS}`,
      'every socket, every message',
      heard === Number(stored) * SOCKETS,
    );
    report('server log errors', String(serverErrors.length), '0', serverErrors.length === 0);
    for (const line of serverErrors) log(`    ${line}`);
    for (const socket of sockets) socket.close();
    kit.printSummary();
  } finally {
    await pool.end();
    await kit.cleanup();
  }
}

await kit.run(main);
