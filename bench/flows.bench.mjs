// Flow runtime benchmark: the built server on MariaDB + Redis, a sandbox connection whose phrase
// starts a 10-block flow (message, menu, question, interval 1 s, randomizer, messages).
//
//   walk   CUSTOMERS customers start RATE a second, each then answers the menu and the question
//          THINK_S seconds apart, so all of them are in the flow at once. Halfway, the server is
//          killed (SIGKILL) and started again; customers' messages sent meanwhile are retried until
//          it answers. From the database afterwards: each customer message's latency to the first
//          reply after it (both stored by the server; the interval's 1 s taken off the step that
//          holds it; the steps due from the kill to 15 s after the restart counted apart), every
//          run finished, and every customer sent each reply exactly once.
//          Targets: step p99 < 100 ms, all finished, no reply twice (in the tickets and on the network).
//
// Environment: BENCH_MYSQL_URL, BENCH_DB_NAME (atendo_bench_flows), BENCH_REDIS_URL, BENCH_PORT
// (18893), BENCH_FLOW_CUSTOMERS (1000), BENCH_FLOW_RATE (20 a second), BENCH_FLOW_THINK_S (40).
// Skipped (exit 0) without MariaDB or Redis. Exit code 1 when a target is missed.
import { setTimeout as sleep } from 'node:timers/promises';
import { benchKit, log } from './support/bench-kit.mjs';
import { processCpuMs } from './support/process-cpu.mjs';

const kit = benchKit({ name: 'flows', defaultPort: 18893, columns: [50, 56, 30] });
const { base, call, report } = kit;
const CUSTOMERS = Number(process.env.BENCH_FLOW_CUSTOMERS ?? 1000);
const RATE = Number(process.env.BENCH_FLOW_RATE ?? 20);
const THINK_S = Number(process.env.BENCH_FLOW_THINK_S ?? 40);
const PASSWORD = 'Bench-password-1';
const INTERVAL_S = 1;
const WARMUP = 50;
/** How long after the restart the steps are counted apart from the running server's. */
const RECOVERY_S = 15;

const now = () => performance.timeOrigin + performance.now();
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round1 = (n) => Math.round(n * 10) / 10;
const mobile = (i) => `55119${String(5000000 + WARMUP + i).padStart(8, '0')}`;

const node = (id, type, data, x) => ({ id, type, data, position: { x, y: 100 } });
const line = (source, target, sourceHandle = 'a') => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  target,
  sourceHandle,
});

/** The benchmark's 10 blocks: every customer walks start → … → thanks through one of the two teams. */
const FLOW = {
  nodes: [
    node('1', 'start', { label: 'Inicio do fluxo' }, 0),
    node('hi', 'message', { label: 'Olá! Sou o assistente da Loja Azul.' }, 250),
    node(
      'menu',
      'menu',
      {
        message: 'Sobre o que você quer falar?',
        arrayOption: [
          { number: 1, value: 'Um pedido' },
          { number: 2, value: 'Outro assunto' },
        ],
      },
      500,
    ),
    node('ask', 'question', { typebotIntegration: { message: 'Qual o número do pedido?', answerKey: 'pedido' } }, 750),
    node('wait', 'interval', { sec: INTERVAL_S }, 1000),
    node('coin', 'randomizer', { percent: 50 }, 1250),
    node('teamA', 'message', { label: 'Pedido {{pedido}}: a equipe A cuida dele.' }, 1500),
    node('teamB', 'message', { label: 'Pedido {{pedido}}: a equipe B cuida dele.' }, 1500),
    node('thanks', 'message', { label: 'Obrigado! Algo mais, é só escrever.' }, 1750),
    node('other', 'message', { label: 'Um atendente já vem.' }, 750),
  ],
  connections: [
    line('1', 'hi'),
    line('hi', 'menu'),
    line('menu', 'ask', 'a1'),
    line('menu', 'other', 'a2'),
    line('ask', 'wait'),
    line('wait', 'coin'),
    line('coin', 'teamA', 'a'),
    line('coin', 'teamB', 'b'),
    line('teamA', 'thanks'),
    line('teamB', 'thanks'),
  ],
};
/** What each customer must hear, in order (the team is either). */
const EXPECTED = 5;

/**
 * A customer's message, retried while the server is down (the restart in the middle). Its WhatsApp
 * id is fixed: a retry of a post the server took before dying is the same message, stored once.
 */
async function post(ctx, number, body, id) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${base}/sandbox/connections/${ctx.whatsappId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.adminToken}` },
        body: JSON.stringify({ from: number, name: 'Cliente', body, id }),
      });
      await res.arrayBuffer();
      if (res.status === 201) return attempt;
    } catch {
      // the server is restarting
    }
    if (attempt > 300) throw new Error(`${number}: "${body}" was never taken`);
    await sleep(200);
  }
}

/** Customers `from`..`to`: the phrase at their start, the menu's 1 and the order number THINK_S apart. */
async function customers(ctx, from, to, think = THINK_S) {
  const start = now();
  const walks = [];
  for (let i = from; i < to; i++) {
    const wait = start + ((i - from) * 1000) / RATE - now();
    if (wait > 1) await sleep(wait);
    const number = mobile(i);
    walks.push(
      (async () => {
        const id = (step) => `BENCH${kit.prefix.replace(/\W/g, '')}C${i}S${step}`.toUpperCase();
        let retries = await post(ctx, number, 'Quero ajuda com meu pedido', id(1));
        await sleep(think * 1000);
        retries += await post(ctx, number, '1', id(2));
        await sleep(think * 1000);
        retries += await post(ctx, number, `${10000 + i}`, id(3));
        return retries;
      })(),
    );
  }
  return (await Promise.all(walks)).reduce((a, b) => a + b, 0);
}

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`flow benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();
  log('Atendo flow runtime benchmark — MariaDB + Redis, the sandbox network');
  const pool = await kit.freshDatabase();
  try {
    await walkPart(pool);
    kit.printSummary();
  } finally {
    await pool.end();
    await kit.cleanup();
  }
}

const serverOptions = () => ({
  logLevel: 'warn',
  redisPrefix: kit.prefix,
  nodeOptions: (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
  env: { SANDBOX_ACK_INTERVAL_MS: '1000' },
});

async function walkPart(pool) {
  await kit.startServer(serverOptions());
  const ctx = await kit.sandboxCompany('Fluxo', PASSWORD);
  const flow = await call('POST', '/flowbuilder', { token: ctx.adminToken, body: { name: 'Atendimento' } });
  await call('POST', '/flowbuilder/flow', { token: ctx.adminToken, body: { idFlow: flow.id, ...FLOW } });
  await call('POST', '/flowcampaign', {
    token: ctx.adminToken,
    body: { name: 'Ajuda', flowId: flow.id, whatsappId: ctx.whatsappId, phrase: 'quero ajuda', status: true },
  });
  // Warm-up: the first walks compile the hot paths and open the pools; they are not counted.
  await customers(ctx, -WARMUP, 0, 1);
  await sleep(3000);

  const total = RATE ? CUSTOMERS / RATE + 2 * THINK_S : 0;
  log(
    `\nwalk: ${CUSTOMERS} customers at ${RATE}/s, ${THINK_S} s between answers (about ${Math.round(total)} s), the server killed halfway`,
  );
  const cpuBefore = processCpuMs(kit.server().pid);
  let cpuMs = 0;
  const walking = customers(ctx, 0, CUSTOMERS);
  await sleep((total / 2) * 1000);
  const killed = kit.server();
  cpuMs += processCpuMs(killed.pid) - cpuBefore;
  const killedAt = Date.now();
  const [[{ live }]] = await pool.query('SELECT COUNT(*) AS live FROM flow_runs WHERE liveTicketId IS NOT NULL');
  killed.kill('SIGKILL');
  await killed.exited;
  const down = now();
  const restarted = await kit.startServer(serverOptions());
  const downFor = (now() - down) / 1000;
  const backAt = Date.now();
  log(`  killed with ${live} conversations in the flow; back in ${downFor.toFixed(1)} s`);
  const cpuAfter = processCpuMs(restarted.pid);
  const retries = await walking;
  // The last customers' interval and replies.
  for (let i = 0; i < 100; i++) {
    const [[{ running }]] = await pool.query("SELECT COUNT(*) AS running FROM flow_runs WHERE status = 'running'");
    if (!Number(running)) break;
    await sleep(200);
  }
  await sleep(1500);
  cpuMs += processCpuMs(restarted.pid) - cpuAfter;
  await measure(pool, ctx, { live: Number(live), downFor, retries, cpuMs, kill: [killedAt, backAt] });
}

/** Every step's latency, every run's end and every reply's count, read from the database. */
async function measure(pool, ctx, { live, downFor, retries, cpuMs, kill }) {
  const numbers = Array.from({ length: CUSTOMERS }, (_, i) => mobile(i));
  const [rows] = await pool.query(
    `SELECT c.number AS number, m.fromMe AS fromMe, m.body AS body, m.createdAt AS at, m.providerId AS providerId
       FROM messages m INNER JOIN contacts c ON c.id = m.contactId
      WHERE m.whatsappId = ? AND c.number IN (?) ORDER BY m.id`,
    [ctx.whatsappId, numbers],
  );
  const byNumber = new Map(numbers.map((n) => [n, []]));
  for (const row of rows) byNumber.get(row.number)?.push(row);
  const steps = [];
  /**
   * Steps whose reply was due from a second before the kill to RECOVERY_S after the server is back
   * (the customers' messages held meanwhile arrive at once, on a server not yet warm): apart.
   */
  const acrossKill = [];
  const byKind = { phrase: [], menu: [], question: [] };
  let twice = 0;
  let incomplete = 0;
  for (const messages of byNumber.values()) {
    const replies = messages.filter((m) => Number(m.fromMe));
    if (new Set(replies.map((m) => m.body)).size !== replies.length) twice++;
    if (replies.length !== EXPECTED) incomplete++;
    for (const [index, sent] of messages.entries()) {
      if (Number(sent.fromMe)) continue;
      const reply = messages.slice(index + 1).find((m) => Number(m.fromMe));
      if (!reply) continue;
      const kind = sent.body === '1' ? 'menu' : /^\d+$/.test(sent.body) ? 'question' : 'phrase';
      const waited = kind === 'question' ? INTERVAL_S * 1000 : 0;
      const sentAt = new Date(sent.at).getTime();
      const latency = new Date(reply.at).getTime() - sentAt - waited;
      const due = sentAt + waited;
      if (due + 1000 > kill[0] && due < kill[1] + RECOVERY_S * 1000) {
        acrossKill.push(latency);
        continue;
      }
      steps.push(latency);
      byKind[kind].push(latency);
    }
  }
  steps.sort((a, b) => a - b);
  for (const list of [acrossKill, ...Object.values(byKind)]) list.sort((a, b) => a - b);
  const [[runs]] = await pool.query(
    "SELECT SUM(r.status = 'done') AS done, SUM(r.status <> 'done') AS other FROM flow_runs r INNER JOIN tickets t ON t.id = r.ticketId INNER JOIN contacts c ON c.id = t.contactId WHERE c.number IN (?)",
    [numbers],
  );
  const network = await call('GET', '/sandbox/deliveries', { token: ctx.adminToken });
  const [[{ stored }]] = await pool.query(
    'SELECT COUNT(*) AS stored FROM messages WHERE whatsappId = ? AND fromMe = 1',
    [ctx.whatsappId],
  );
  report(
    'step: customer message stored → first reply stored',
    `p50 ${round1(pct(steps, 50))} ms, p99 ${round1(pct(steps, 99))} ms (${steps.length} steps, interval taken off)`,
    'p99 < 100 ms',
    pct(steps, 99) < 100,
  );
  report(
    'runs finished; customers with every reply',
    `${Number(runs.done)} of ${CUSTOMERS} (${Number(runs.other ?? 0)} not); ${CUSTOMERS - incomplete}`,
    `${CUSTOMERS}; ${CUSTOMERS}`,
    Number(runs.done) === CUSTOMERS && incomplete === 0,
  );
  for (const [kind, list] of Object.entries(byKind)) {
    report(`  after the ${kind}`, `p50 ${round1(pct(list, 50))} ms, p99 ${round1(pct(list, 99))} ms`, '(info)', null);
  }
  report(
    `steps from the kill to ${RECOVERY_S} s after the restart`,
    acrossKill.length
      ? `${acrossKill.length}, p50 ${round1(pct(acrossKill, 50))} ms, p99 ${round1(pct(acrossKill, 99))} ms`
      : '0',
    '(info)',
    null,
  );
  // The network counts distinct message ids; a resend under an id it delivered is WhatsApp's retry,
  // shown once by the phone.
  report(
    'replies twice in a ticket; network messages = stored replies',
    `${twice}; ${network.messages} = ${Number(stored)} (${network.resent} resent under the same id)`,
    '0; equal',
    twice === 0 && network.messages === Number(stored),
  );
  report(
    'the kill in the middle',
    `${live} in the flow when killed, ${downFor.toFixed(1)} s down, ${retries} customer posts retried`,
    '(info)',
    null,
  );
  report('server CPU per customer (3 messages in, 5 out)', `${round1(cpuMs / CUSTOMERS)} ms`, '(info)', null);
}

await kit.run(main);
