// Dispatch benchmark (scheduled messages and campaigns): the built server on MariaDB + Redis with the
// simulated WhatsApp network, which counts what reached each phone (GET /sandbox/deliveries).
//
//   campaign   a BENCH_DISPATCH_SIZE (10,000) contact campaign on one sandbox connection with every
//              interval 0: sends/s from the first send to the last, the server's CPU per send
//              (/proc utime + stime, from the start until the last ack is recorded), GET
//              /campaigns/{id}/report polled 20 times a second meanwhile (p99), and the network's
//              count at the end. Targets: ≥ 300 sends/s, ≤ 2 ms CPU a send, report p99 < 50 ms, every
//              contact reached once.
//   kill       the same campaign while the server is killed (SIGKILL) at 20%, 50% and 80% sent and
//              started again each time on the same database and Redis prefix: claims of the dead
//              node lapse after 30 s, so this reports the total time. While nothing is sent, a failed
//              dispatch job of the connection is reported and retried (as an operator would).
//              Targets: every contact reached, none twice, none lost (report: all sent, 0 failed),
//              no job left failed.
//   schedules  as many contacts and one schedule each, all due at the same second, at least
//              BENCH_SCHEDULE_LEAD_S (90) s ahead (more when saving them is slower: the first 320
//              time it): from that second until all are ENVIADA. Targets: within 60 s, none twice.
//   statements (only when named) the same campaign, unpolled, on a server logging every SQL statement
//              (LOG_LEVEL=debug): the statements per send, its acks included, and the commonest
//              statement shapes. Its CPU is the logging's too: run it apart from the other parts.
//
// `node bench/dispatch.bench.mjs [campaign|kill|schedules|statements ...]` runs the parts named, the
// first three by default.
// The contact lists' numbers are marked as on WhatsApp in SQL after the upload, as the background
// checker would have found them before a campaign: the dispatcher then sends without asking first.
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_DB_NAME (atendo_bench_dispatch,
// created and dropped here), BENCH_REDIS_URL (redis://127.0.0.1:6379; keys under a unique prefix,
// deleted at the end), BENCH_PORT (18861), BENCH_DISPATCH_SIZE (10000), BENCH_SCHEDULE_LEAD_S (90),
// BENCH_KEEP_DB (1: leave the database), BENCH_SERVER_NODE_OPTIONS (extra Node options for the
// server, e.g. --cpu-prof). Skipped (exit 0) when MariaDB or Redis is not there. Exit code 1 when a
// target is missed.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { jsonRequest } from '../scripts/lib/json-api.mjs';
import { benchKit, log, statementLog } from './support/bench-kit.mjs';
import { mariadbPid, processCpuMs } from './support/process-cpu.mjs';
import { streamedXlsx } from './support/xlsx.mjs';

const kit = benchKit({ name: 'dispatch', defaultPort: 18861, columns: [58, 46, 26] });
const { base, call, report } = kit;
const PARTS = ['campaign', 'kill', 'schedules', 'statements'];
const DEFAULT_PARTS = ['campaign', 'kill', 'schedules'];
const SIZE = Number(process.env.BENCH_DISPATCH_SIZE ?? 10_000);
const LEAD_S = Number(process.env.BENCH_SCHEDULE_LEAD_S ?? 90);
const PASSWORD = 'Bench-password-1';
/** Report requests a second while the campaign runs, and the most of them left waiting at once. */
const REPORT_RATE = 20;
const MAX_REPORTS_IN_FLIGHT = 10;
/** Where the kill test stops the server, as a share of the campaign sent. */
const KILL_AT = [0.2, 0.5, 0.8];
/** The longest wait for the acks of a finished campaign. */
const ACK_DRAIN_MS = 5 * 60_000;
/** Requests in flight while saving schedules, and how many are saved first to time it. */
const PARALLEL_CREATES = 32;
const PILOT = 320;
const SERVER_ENV = {
  SANDBOX_ACK_INTERVAL_MS: '50',
  CAMPAIGN_DAILY_CAP: '1000000',
  SIGNUP_LIMIT_PER_IP: '100',
};

const now = () => performance.now();
const load = () => `load average ${loadavg()[0].toFixed(1)}`;
const fmt = (n) => Math.round(n).toLocaleString('en');
const round1 = (n) => Math.round(n * 10) / 10;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** The São Paulo mobile of index i in a series: 55 11 9s xxx-xxxx, one series per part. */
const mobile = (series, i) => `55119${series}${String(i).padStart(7, '0')}`;

/** The SQL the server logs, when the statements part runs (the server then logs at debug). */
let statements = null;

function startServer() {
  const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  // One Redis prefix for every start: a restarted server is the same installation.
  return kit.startServer({
    logLevel: statements ? 'debug' : 'warn',
    redisPrefix: kit.prefix,
    nodeOptions,
    env: SERVER_ENV,
    ...(statements ? { onLine: statements.onLine } : {}),
  });
}

/** A company with a connected sandbox connection and campaign pacing off; answers the ids and token. */
async function company(name) {
  const ctx = await kit.sandboxCompany(name, PASSWORD);
  const token = ctx.adminToken;
  await call('POST', '/campaign-settings', {
    token,
    body: {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        dailyLimit: 0,
        variables: [{ key: 'loja', value: 'Loja Centro' }],
      },
    },
  });
  return { ...ctx, token };
}

/** A contact list of SIZE people uploaded as one .xlsx, its numbers marked as on WhatsApp. */
async function contactList(ctx, pool, series) {
  const list = await call('POST', '/contact-lists', { token: ctx.token, body: { name: `Lista ${series}` } });
  const people = Array.from({ length: SIZE }, (_, i) => [`Cliente ${i} Souza`, mobile(series, i)]);
  const data = await streamedXlsx(['Nome', 'Telefone'], people);
  const form = new FormData();
  form.append('file', new Blob([data]), 'lista.xlsx');
  const response = await fetch(`${base}/contact-lists/${list.id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.token}`, accept: 'application/json' },
    body: form,
  });
  const answer = await response.json();
  if (!response.ok || answer.added !== SIZE) throw new Error(`list upload: ${JSON.stringify(answer).slice(0, 300)}`);
  await pool.query('UPDATE contact_list_items SET isWhatsappValid = 1 WHERE contactListId = ?', [list.id]);
  return list.id;
}

const startCampaign = (ctx, contactListId, name) =>
  call('POST', '/campaigns', {
    token: ctx.token,
    body: {
      name,
      message1: 'Oi {nome}, ofertas da semana na {loja}!',
      message2: 'Olá {primeiroNome}, promoção hoje na {loja}.',
      whatsappId: ctx.whatsappId,
      contactListId,
      scheduledAt: new Date().toISOString(),
    },
  });

const deliveries = (ctx) => call('GET', '/sandbox/deliveries', { token: ctx.token });

/** The network's count against SIZE: messages and recipients equal to it, nobody twice. */
function reportDeliveries(network) {
  report(
    'network: messages, recipients, repeated',
    `${fmt(network.messages)}, ${fmt(network.recipients)}, ${network.repeated.length}`,
    `${fmt(SIZE)}, ${fmt(SIZE)}, 0`,
    network.messages === SIZE && network.recipients === SIZE && network.repeated.length === 0,
  );
}

/** Waits until `read` answers a value `done` accepts, polling every `everyMs`; null after `ms`. */
async function until(read, done, ms, everyMs = 250) {
  const end = now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (now() > end) return null;
    await sleep(everyMs);
  }
}

/**
 * Waits (at most ACK_DRAIN_MS) until every message the company sent has its last ack (4, played):
 * acks are recorded one at a time, so under a fast campaign they trail behind the sends. Answers
 * the seconds waited, or null when some were still missing.
 */
async function acksDrained(pool, companyId) {
  const t = now();
  const drained = await until(
    async () => {
      const [[row]] = await pool.query(
        'SELECT COUNT(*) AS n FROM messages WHERE companyId = ? AND fromMe = 1 AND ack < 4',
        [companyId],
      );
      return Number(row.n);
    },
    (left) => left === 0,
    ACK_DRAIN_MS,
    500,
  );
  return drained === null ? null : (now() - t) / 1000;
}

/** Rows of a campaign by state, from the database (the server may be down). */
async function shippingStates(pool, campaignId) {
  const [rows] = await pool.query(
    'SELECT state, COUNT(*) AS n FROM campaign_shipping WHERE campaignId = ? GROUP BY state',
    [campaignId],
  );
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/**
 * Part 1: the campaign, with the report polled REPORT_RATE times a second, evenly paced (each request
 * timed on its own, not waiting for the previous one). The polls also mark when the first and the
 * last contact were done and when the campaign turned FINALIZADA.
 */
async function campaignPart(pool) {
  log(`\ncampaign: ${fmt(SIZE)} contacts, one connection, intervals 0 [${load()}]`);
  const ctx = await company('Campanha');
  const listId = await contactList(ctx, pool, 9);
  // The list's own after-work (its count, the checker's sweep) is over before the measure starts.
  await sleep(2_000);
  const pid = kit.server().pid;
  const db = mariadbPid();
  const cpu0 = processCpuMs(pid);
  const dbCpu0 = db && processCpuMs(db);
  const t0 = now();
  const { id } = await startCampaign(ctx, listId, 'Black Friday');

  const latencies = [];
  let failed = 0;
  let skipped = 0;
  const marks = { first: null, done: null, finished: null };
  const inFlight = new Set();
  const gap = 1000 / REPORT_RATE;
  let latest = null;
  const progress = setInterval(
    () => latest && log(`  ${fmt(latest.sent)} sent, ${latest.failed} failed, ${fmt(latest.pending)} pending`),
    5_000,
  );
  const pollStart = now();
  for (let k = 0; !marks.finished; k++) {
    if (now() - t0 > 10 * 60_000) throw new Error('the campaign did not finish within 10 minutes');
    const wait = pollStart + k * gap - now();
    if (wait > 1) await sleep(wait);
    // A server that falls behind is not sent ever more requests at once: the tick is counted as missed.
    if (inFlight.size >= MAX_REPORTS_IN_FLIGHT) {
      skipped++;
      continue;
    }
    const sent = now();
    const request = jsonRequest(base, 'GET', `/campaigns/${id}/report`, { token: ctx.token }).then(
      ({ ok, data }) => {
        const at = now();
        latencies.push(at - sent);
        if (!ok) {
          failed++;
          return;
        }
        const { totals, campaign } = data;
        latest = totals;
        if (totals.sent > 0 && !marks.first) marks.first = { at, sent: totals.sent };
        if (totals.sent + totals.failed + totals.invalid >= SIZE && !marks.done) marks.done = { at, totals };
        if (campaign.status === 'FINALIZADA' && !marks.finished) marks.finished = { at, totals };
      },
      () => failed++,
    );
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  clearInterval(progress);
  await Promise.all(inFlight);
  const cpu1 = processCpuMs(pid);
  const polls = latencies.length;

  const { totals } = marks.finished;
  const sendSeconds = (marks.done.at - marks.first.at) / 1000;
  const rate = (totals.sent - marks.first.sent) / sendSeconds;
  report(
    'sends/s, first send → last',
    `${fmt(rate)} (${fmt(totals.sent - marks.first.sent)} in ${sendSeconds.toFixed(1)} s)`,
    '≥ 300 sends/s',
    rate >= 300,
  );
  report(
    'created → FINALIZADA',
    `${((marks.finished.at - t0) / 1000).toFixed(1)} s (first send after ${fmt(marks.first.at - t0)} ms)`,
    '(info)',
    null,
  );
  report(
    'report totals: sent, failed, invalid',
    `${fmt(totals.sent)}, ${totals.failed}, ${totals.invalid}`,
    `${fmt(SIZE)}, 0, 0`,
    totals.sent === SIZE && totals.failed === 0 && totals.invalid === 0,
  );
  const sorted = latencies.sort((a, b) => a - b);
  const p99 = round1(pct(sorted, 99));
  report(
    `GET /campaigns/{id}/report at ${REPORT_RATE}/s during the run`,
    `p50 ${round1(pct(sorted, 50))} ms, p99 ${p99} ms, max ${round1(sorted.at(-1))} ms (${polls}` +
      `${failed ? `, ${failed} failed` : ''}${skipped ? `, ${skipped} not sent: ${MAX_REPORTS_IN_FLIGHT} waiting` : ''})`,
    'p99 < 50 ms',
    p99 < 50 && failed === 0 && skipped === 0,
  );

  // The acks of the last sends come after FINALIZADA: their CPU is the sends' too.
  const drained = await acksDrained(pool, ctx.companyId);
  const cpu2 = processCpuMs(pid);
  const dbCpu2 = db && processCpuMs(db);
  const network = await deliveries(ctx);
  // The report's own cost, to tell it apart from the sends': the same request, one at a time.
  const calibration = 200;
  const cpuA = processCpuMs(pid);
  for (let i = 0; i < calibration; i++) await call('GET', `/campaigns/${id}/report`, { token: ctx.token });
  const perReport = (processCpuMs(pid) - cpuA) / calibration;
  const perSend = (cpu2 - cpu0) / totals.sent;
  report(
    'server CPU per send (its acks and the report polls included)',
    `${perSend.toFixed(2)} ms (${fmt(cpu2 - cpu0)} ms in all, ${fmt(cpu2 - cpu1)} after FINALIZADA)`,
    '≤ 2 ms',
    perSend <= 2,
  );
  report(
    'of which the report polls',
    `${((perReport * polls) / totals.sent).toFixed(2)} ms a send (${perReport.toFixed(2)} ms a report, idle server)`,
    '(info)',
    null,
  );
  report(
    'last ack recorded after FINALIZADA',
    drained === null ? `some still missing after ${ACK_DRAIN_MS / 1000} s` : `${drained.toFixed(1)} s`,
    '(info)',
    null,
  );
  if (db)
    report('MariaDB CPU per send (whole server)', `${((dbCpu2 - dbCpu0) / totals.sent).toFixed(2)} ms`, '(info)', null);
  reportDeliveries(network);
  report('network: resent (same id again)', String(network.resent), '0', network.resent === 0);
}

/**
 * The connection's dispatch job (Bull, on Redis) when it failed: its reason, after putting it back to
 * run as an operator would (a failed job keeps its id, and a job of that id is not queued again).
 */
async function retryFailedConnectionJob(queue, whatsappId) {
  const job = await queue.getJob(`dispatch-connection-${whatsappId}`);
  if (!job || !(await job.isFailed())) return null;
  const reason = job.failedReason;
  await job.retry();
  return reason;
}

/**
 * Part 2: the campaign while the server is killed at KILL_AT of it sent (counted in the database,
 * which outlives the server) and started again each time. While nothing is sent, the connection's
 * dispatch job is looked at every 2 s: one that failed is reported and retried.
 */
async function killPart(pool) {
  log(`\nkill: ${fmt(SIZE)} contacts, the server killed ${KILL_AT.length} times [${load()}]`);
  const ctx = await company('Queda');
  const listId = await contactList(ctx, pool, 8);
  await sleep(2_000);
  const t0 = now();
  const { id } = await startCampaign(ctx, listId, 'Queda');
  let inFlight = 0;
  const kills = [];
  const retried = [];
  let sent = 0;
  let progressAt = now();
  let checkedAt = 0;
  const queue = new Queue('dispatch', {
    connection: new Redis(kit.redisUrl, { maxRetriesPerRequest: null }),
    prefix: `${kit.prefix}:bullmq`,
  });
  for (;;) {
    if (now() - t0 > 10 * 60_000) throw new Error('the campaign did not finish within 10 minutes');
    const states = await shippingStates(pool, id);
    const [[{ status }]] = await pool.query('SELECT status FROM campaigns WHERE id = ?', [id]);
    if (status === 'FINALIZADA') break;
    if ((states.sent ?? 0) > sent) {
      sent = states.sent;
      progressAt = now();
      const waiting = kills.at(-1);
      if (waiting && waiting.resumed === undefined) waiting.resumed = (now() - waiting.at) / 1000;
    }
    if (kills.length < KILL_AT.length && sent >= KILL_AT[kills.length] * SIZE) {
      const child = kit.server();
      child.kill('SIGKILL');
      await child.exited;
      const at = now();
      const after = await shippingStates(pool, id);
      inFlight += after.sending ?? 0;
      log(
        `  killed at ${fmt(after.sent ?? 0)} sent, ${after.sending ?? 0} rows claimed (in flight), ` +
          `${((at - t0) / 1000).toFixed(1)} s after the start`,
      );
      await startServer();
      kills.push({ at, restart: (now() - at) / 1000 });
      sent = after.sent ?? 0;
      progressAt = now();
    } else if (now() - progressAt > 5_000 && now() - checkedAt > 2_000) {
      checkedAt = now();
      const reason = await retryFailedConnectionJob(queue, ctx.whatsappId);
      if (reason) {
        const idle = ((now() - progressAt) / 1000).toFixed(0);
        log(`  nothing sent for ${idle} s at ${fmt(sent)} sent: the connection's job had failed (${reason}); retried`);
        retried.push(`at ${fmt(sent)} sent: ${reason}`);
      }
    }
    await sleep(100);
  }
  const total = (now() - t0) / 1000;
  await queue.close();
  const { totals } = await call('GET', `/campaigns/${id}/report`, { token: ctx.token });
  report(
    'restart → listening / kill → sending again',
    kills.map((k) => `${k.restart.toFixed(1)}/${k.resumed?.toFixed(1) ?? '–'} s`).join(', '),
    '(info)',
    null,
  );
  report(
    "connection's job failed after a kill, retried by hand",
    retried.length ? retried.join('; ') : 'never',
    'never',
    retried.length === 0,
  );
  report(`created → FINALIZADA, ${KILL_AT.length} kills included`, `${total.toFixed(1)} s`, '(info)', null);
  report(
    'report totals: sent, failed (0 lost)',
    `${fmt(totals.sent)}, ${totals.failed}`,
    `${fmt(SIZE)}, 0`,
    totals.sent === SIZE && totals.failed === 0 && totals.invalid === 0,
  );
  await sleep(1_500);
  const network = await deliveries(ctx);
  reportDeliveries(network);
  // The network's own record of the ids it took, beside its per-number counts: a send cut between
  // the two writes shows as a number short here and an id taken there.
  const redis = new Redis(kit.redisUrl, { maxRetriesPerRequest: 1 });
  const taken = await redis.scard(`${kit.prefix}:sandbox:sent:${ctx.whatsappId}`).finally(() => redis.disconnect());
  report('network: distinct message ids it took', fmt(taken), fmt(SIZE), taken === SIZE);
  report(
    'network: resent (same id again) / rows in flight at the kills',
    `${network.resent} / ${inFlight}`,
    `≤ ${inFlight}`,
    network.resent <= inFlight,
  );
}

/** Part 3: SIZE schedules due in the same second, from that second until all are ENVIADA. */
async function schedulesPart(pool) {
  log(`\nschedules: ${fmt(SIZE)} due at the same second [${load()}]`);
  const ctx = await company('Agenda');
  const rows = Array.from({ length: SIZE }, (_, i) => ({ nome: `Paciente ${i} Lima`, numero: mobile(7, i) }));
  const uploaded = await call('POST', '/contacts/upload', { token: ctx.token, body: rows });
  if (uploaded.newContacts.length !== SIZE) {
    throw new Error(`contacts upload: ${uploaded.newContacts.length} created, ${uploaded.errorBag.length} refused`);
  }
  const contactIds = uploaded.newContacts.map((c) => c.contactId);
  const body = 'Olá {{firstName}}, sua consulta é amanhã às 9h.';
  /** Runs `request(item)` for every item, PARALLEL_CREATES at a time. */
  const inParallel = async (ids, request) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL_CREATES }, async () => {
        while (next < ids.length) await request(ids[next++]);
      }),
    );
  };
  const pid = kit.server().pid;
  const cpuCreate = processCpuMs(pid);
  // A first few, due tomorrow, time the creation: sendAt is then far enough for all the others to be
  // saved before it (at least LEAD_S), and the first few are moved to it.
  const t0 = now();
  const pilot = contactIds.slice(0, Math.min(PILOT, SIZE));
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const pilotIds = [];
  await inParallel(pilot, async (contactId) => {
    const created = await call('POST', '/schedules', { token: ctx.token, body: { body, contactId, sendAt: tomorrow } });
    pilotIds.push({ id: created.id, contactId });
  });
  const perSecond = pilot.length / ((now() - t0) / 1000);
  const rest = contactIds.slice(pilot.length);
  const leadMs = Math.max(LEAD_S * 1000, ((rest.length + pilot.length) / perSecond) * 1500 + 10_000);
  const sendAt = new Date(Math.ceil((Date.now() + leadMs) / 1000) * 1000);
  const at = sendAt.toISOString();
  await inParallel(rest, (contactId) =>
    call('POST', '/schedules', { token: ctx.token, body: { body, contactId, sendAt: at } }),
  );
  await inParallel(pilotIds, ({ id, contactId }) =>
    call('PUT', `/schedules/${id}`, { token: ctx.token, body: { body, contactId, sendAt: at } }),
  );
  const created = (now() - t0) / 1000;
  const createCpu = (processCpuMs(pid) - cpuCreate) / SIZE;
  const margin = (sendAt.getTime() - Date.now()) / 1000;
  report(
    `${fmt(SIZE)} schedules saved (POST /schedules, ${PARALLEL_CREATES} at once)`,
    `${created.toFixed(1)} s, ${fmt(SIZE / created)}/s, ${createCpu.toFixed(2)} ms CPU each; ` +
      `sendAt ${(leadMs / 1000).toFixed(0)} s ahead, ${margin.toFixed(0)} s left`,
    'all before sendAt',
    margin > 0,
  );
  const counts = async () => {
    const [found] = await pool.query(
      'SELECT status, COUNT(*) AS n FROM schedules WHERE companyId = ? GROUP BY status',
      [ctx.companyId],
    );
    return Object.fromEntries(found.map((r) => [r.status, Number(r.n)]));
  };
  await sleep(Math.max(0, sendAt.getTime() - Date.now()));
  const cpu0 = processCpuMs(pid);
  let first = null;
  const done = await until(
    async () => {
      const c = await counts();
      if (!first && (c.ENVIADA ?? 0) > 0) first = Date.now() - sendAt.getTime();
      return c;
    },
    (c) => (c.ENVIADA ?? 0) + (c.ERRO ?? 0) >= SIZE,
    3 * 60_000,
    100,
  );
  const allAt = Date.now() - sendAt.getTime();
  const cpu = processCpuMs(pid) - cpu0;
  const final = done ?? (await counts());
  const sent = final.ENVIADA ?? 0;
  report(
    'sendAt → all ENVIADA',
    done
      ? `${(allAt / 1000).toFixed(1)} s (first after ${fmt(first)} ms), ${fmt(sent / (allAt / 1000))}/s`
      : `not within 180 s`,
    '≤ 60 s',
    Boolean(done) && allAt <= 60_000,
  );
  report(
    'schedules ENVIADA, ERRO',
    `${fmt(sent)}, ${final.ERRO ?? 0}`,
    `${fmt(SIZE)}, 0`,
    sent === SIZE && !final.ERRO,
  );
  const [[early]] = await pool.query('SELECT COUNT(*) AS n FROM schedules WHERE companyId = ? AND sentAt < sendAt', [
    ctx.companyId,
  ]);
  report('sent before their sendAt', String(early.n), '0', Number(early.n) === 0);
  report('server CPU per scheduled message', `${(cpu / SIZE).toFixed(2)} ms`, '(info)', null);
  await sleep(1_500);
  const network = await deliveries(ctx);
  reportDeliveries(network);
}

/** A logged statement's shape: its parameters and the length of its lists left out. */
function shapeOf(sql) {
  const at = sql.lastIndexOf(' -- PARAMETERS: ');
  return (at < 0 ? sql : sql.slice(0, at))
    .replace(/(\?|\d+)(, (\?|\d+))+/g, '?…')
    .replace(/(\(\?…\)|\(\?\))(, \(\?…\)|, \(\?\))+/g, '(?…)…')
    .replace(/( WHEN \? THEN \?)+/g, ' WHEN…')
    .replace(/'[^']*'/g, "'…'");
}

/**
 * Part 4: the campaign on a server logging its SQL, from its creation until its last ack is in:
 * statements per send, and the shapes that cost most.
 */
async function statementsPart(pool) {
  log(`\nstatements: ${fmt(SIZE)} contacts, the server logging its SQL [${load()}]`);
  const ctx = await company('Consultas');
  const listId = await contactList(ctx, pool, 6);
  await sleep(2_000);
  let id = null;
  const captured = await statements.during(async () => {
    ({ id } = await startCampaign(ctx, listId, 'Consultas'));
    const finished = await until(
      async () => (await pool.query('SELECT status FROM campaigns WHERE id = ?', [id]))[0][0].status,
      (status) => status === 'FINALIZADA',
      10 * 60_000,
    );
    if (!finished) throw new Error('the campaign did not finish within 10 minutes');
    if ((await acksDrained(pool, ctx.companyId)) === null) throw new Error('acks still missing');
  });
  const [[{ n }]] = await pool.query(
    "SELECT COUNT(*) AS n FROM campaign_shipping WHERE campaignId = ? AND state = 'sent'",
    [id],
  );
  const sent = Number(n);
  // The sessions' and the sweeps' own statements run whatever the campaign does; they are counted too.
  const shapes = new Map();
  for (const sql of captured) {
    const shape = shapeOf(sql);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  report(
    'statements per send (its acks and the sweeps in it)',
    `${(captured.length / sent).toFixed(2)} (${fmt(captured.length)} for ${fmt(sent)} sent)`,
    '(info)',
    null,
  );
  for (const [shape, count] of [...shapes].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    log(`  ${(count / sent).toFixed(3).padStart(7)}  ${String(count).padStart(6)}  ${shape.slice(0, 220)}`);
  }
}

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}: choose among ${PARTS.join(', ')}`);
  const parts = asked.length ? PARTS.filter((p) => asked.includes(p)) : DEFAULT_PARTS;
  if (parts.includes('statements')) statements = statementLog();
  const missing = await kit.unreachable();
  if (missing) {
    log(`dispatch benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();
  log(`Atendo dispatch benchmark — MariaDB + Redis, ${fmt(SIZE)} contacts: ${parts.join(', ')}`);
  const pool = await kit.freshDatabase();
  try {
    const t = now();
    await startServer();
    log(`server up in ${((now() - t) / 1000).toFixed(1)} s`);
    const run = { campaign: campaignPart, kill: killPart, schedules: schedulesPart, statements: statementsPart };
    for (const part of parts) await run[part](pool);
    kit.printSummary();
  } finally {
    await pool.end();
    await kit.cleanup();
  }
}

await kit.run(main);
