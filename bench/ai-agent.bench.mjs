// AI agent benchmark: the built server on MariaDB + Redis with AI_PROVIDER=sandbox (its OpenAI
// stand-in answers at once), a sandbox connection whose prompt answers every customer.
//
//   turns   TURNS customers, RATE a second, each writes once through the sandbox network. An admin's
//           socket hears the customer's message stored and then the agent's answer stored and sent:
//           the time between the two is the turn (the ticket and prompt reads, the history, the
//           chat call, the send). The chat call itself is timed apart, the same request sent
//           straight to the stand-in from here; the server's overhead is the turn less that call.
//           Target: overhead p99 < 20 ms (turn p99 less the call's p50), every customer answered once.
//
// Environment: BENCH_MYSQL_URL, BENCH_DB_NAME (atendo_bench_ai), BENCH_REDIS_URL, BENCH_PORT (18891),
// BENCH_AI_TURNS (1000), BENCH_AI_RATE (20 a second), BENCH_SERVER_NODE_OPTIONS (extra Node options
// for the server, e.g. --cpu-prof). Skipped (exit 0) without MariaDB or Redis. Exit code 1 when a
// target is missed.
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { benchKit, log } from './support/bench-kit.mjs';
import { processCpuMs } from './support/process-cpu.mjs';

const kit = benchKit({ name: 'ai', defaultPort: 18891, columns: [50, 52, 28] });
const { base, call, report } = kit;
const TURNS = Number(process.env.BENCH_AI_TURNS ?? 1000);
const RATE = Number(process.env.BENCH_AI_RATE ?? 20);
const PASSWORD = 'Bench-password-1';
const WARMUP = 100;
const INSTRUCTIONS =
  'Você é a assistente virtual da Loja Azul. Responda com cordialidade sobre pedidos, entregas, trocas e horários.';

const now = () => performance.timeOrigin + performance.now();
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round1 = (n) => Math.round(n * 10) / 10;
const mobile = (i) => `55119${String(6000000 + WARMUP + i).padStart(8, '0')}`;

/**
 * Customers `from`..`to` write once each, RATE a second, through the sandbox network; each is
 * entered in `heard` before it writes. Resolves with the count of posts that failed.
 */
async function customers(from, to, heard, token, ctx) {
  const posts = [];
  let failed = 0;
  const start = now();
  for (let i = from; i < to; i++) {
    const wait = start + ((i - from) * 1000) / RATE - now();
    if (wait > 1) await sleep(wait);
    const number = mobile(i);
    heard.set(number, { stored: null, answers: [] });
    posts.push(
      fetch(`${base}/sandbox/connections/${ctx.whatsappId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          from: number,
          name: `Cliente ${i}`,
          body: `Olá, qual o prazo de entrega do pedido ${i}?`,
        }),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status !== 201) failed++;
        },
        () => failed++,
      ),
    );
  }
  await Promise.all(posts);
  for (let i = 0; i < 100 && [...heard.values()].some((e) => !e.answers.length); i++) await sleep(100);
  return failed;
}

/** The chat request the agent makes for a customer's first message, sent straight to the stand-in. */
async function standInCall(i) {
  const started = now();
  const res = await fetch(`${base}/sandbox/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench-0123456789abcdef' },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      max_tokens: 100,
      temperature: 1,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: `Olá, qual o prazo de entrega do pedido ${i}?` },
      ],
    }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`stand-in answered ${res.status}`);
  return now() - started;
}

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`AI agent benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();
  log('Atendo AI agent benchmark — MariaDB + Redis, the sandbox network and AI stand-in');
  const pool = await kit.freshDatabase();
  try {
    await turnsPart();
    kit.printSummary();
  } finally {
    await pool.end();
    await kit.cleanup();
  }
}

async function turnsPart() {
  const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const server = await kit.startServer({
    logLevel: 'warn',
    redisPrefix: kit.prefix,
    nodeOptions,
    env: { AI_PROVIDER: 'sandbox', SANDBOX_ACK_INTERVAL_MS: '1000' },
  });
  const ctx = await kit.sandboxCompany('Ai', PASSWORD);
  const token = ctx.adminToken;
  const prompt = await call('POST', '/prompt', {
    token,
    body: {
      name: 'Assistente da loja',
      prompt: INSTRUCTIONS,
      model: 'gpt-4o-mini',
      maxTokens: 100,
      temperature: 1,
      apiKey: 'sk-bench-0123456789abcdef',
      queueId: ctx.queueIds[0],
      maxMessages: 10,
      voice: 'texto',
    },
  });
  const line = await call('GET', `/whatsapp/${ctx.whatsappId}`, { token });
  await call('PUT', `/whatsapp/${ctx.whatsappId}`, {
    token,
    body: { name: line.name, queueIds: ctx.queueIds, promptId: prompt.id },
  });

  const socket = io(base, { transports: ['websocket'], query: { token }, reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('ready', resolve);
    socket.once('connect_error', reject);
    setTimeout(() => reject(new Error('socket not ready')), 10_000);
  });
  /** By customer number: when their message was stored, and when each answer was. */
  const heard = new Map();
  socket.on(`company-${ctx.companyId}-appMessage`, (payload) => {
    if (payload.action !== 'create') return;
    const number = payload.ticket?.contact?.number;
    const entry = heard.get(number);
    if (!entry) return;
    if (payload.message.fromMe) entry.answers.push(now());
    else entry.stored ??= now();
  });

  // Warm-up: the first turns compile the hot paths and open the pools; they are not counted.
  await customers(-WARMUP, 0, heard, token, ctx);
  heard.clear();
  log(`\nTurns: ${TURNS} customers at ${RATE}/s, the connection's prompt answering each:`);
  const cpuBefore = processCpuMs(server.pid);
  const failed = await customers(0, TURNS, heard, token, ctx);
  await sleep(1000);
  const cpuMs = processCpuMs(server.pid) - cpuBefore;
  const entries = [...heard.values()];
  const turns = entries
    .filter((e) => e.stored && e.answers.length)
    .map((e) => e.answers[0] - e.stored)
    .sort((a, b) => a - b);
  const twice = entries.filter((e) => e.answers.length > 1).length;

  const calls = [];
  for (let i = 0; i < Math.min(TURNS, 500); i++) {
    calls.push(await standInCall(i));
    await sleep(1000 / RATE);
  }
  calls.sort((a, b) => a - b);
  const callP50 = pct(calls, 50);
  const overheadP99 = pct(turns, 99) - callP50;

  report(
    'customers answered, answered twice',
    `${turns.length} of ${TURNS}, ${twice} (${failed} posts failed)`,
    `${TURNS}, 0`,
    turns.length === TURNS && twice === 0 && failed === 0,
  );
  report(
    'turn: message stored → answer stored',
    `p50 ${round1(pct(turns, 50))} ms, p99 ${round1(pct(turns, 99))} ms`,
    '(info)',
    null,
  );
  report(
    'the chat call alone (stand-in, from here)',
    `p50 ${round1(callP50)} ms, p99 ${round1(pct(calls, 99))} ms`,
    '(info)',
    null,
  );
  report(
    'server overhead per turn (turn p99 − call p50)',
    `p99 ${round1(overheadP99)} ms`,
    'p99 < 20 ms',
    overheadP99 < 20,
  );
  report('server CPU per turn (inbound, turn, send, acks)', `${round1(cpuMs / TURNS)} ms`, '(info)', null);
  socket.close();
}

await kit.run(main);
