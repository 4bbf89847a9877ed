// Socket benchmark: what an agent's socket costs one server node, against bare socket.io measured in
// the same run on the same machine. The built server runs on MariaDB + Redis; the reference is a
// bare socket.io server (bench/support/bare-socket-io.mjs: the server's socket.io version, websocket
// transport, ping and Redis adapter, no rooms, no middleware) in a child process.
//
//   memory   SOCKETS_N (5,000) sockets connect to each (100 handshakes in flight) from this process.
//            The server's are agents' sockets as the desktop client opens them (token in the
//            handshake query, WebSocket transport), which then join what the tickets screen joins
//            (joinNotification, joinTickets open and pending). Each process is measured through its
//            inspector (--inspect on a loopback port): two full GCs, then process.memoryUsage(), before
//            and after the connections; the RSS difference over N is the figure, heap + external the
//            detail. Target: the server's ≤ 1.5x bare's.
//   fan-out  SOCKETS_MESSAGES (10) rounds, after 2 not counted; each sends the first message of a new
//            customer through the sandbox line (a new ticket: the ticket, the contact and the message
//            are announced, then the bot's menu and its delivery ticks follow), then the same-sized
//            payload through the bare server's io.emit (asked over IPC). The time is from the request
//            (the POST, the IPC message) until the last of the N sockets has heard
//            company-{id}-appMessage with that message: for the server it holds the storing of the
//            message and every event sent before that one. A round starts once nothing has been heard
//            for QUIET_MS. The agents are users of profile "user" with allTicket enabled and every
//            queue of the line: the bot keeps a new ticket waiting without a queue, which they see (as
//            they would once it has one), so all N hear it. Target: p99 and max ≤ 1.5x bare's.
//            The sockets speak the socket.io protocol over ws, without socket.io-client (see
//            openSocket), for both servers alike.
//
// N sockets share SOCKETS_USERS (100) agents' sessions, as tabs of one sign-in do (one session per
// user: a sign-in ends the user's other sessions); each agent's own rooms are then shared by N/100
// sockets. The server's figures include all the events it sends meanwhile (counted per socket).
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_DB_NAME (atendo_bench_sockets,
// created and dropped here), BENCH_REDIS_URL (redis://127.0.0.1:6379; keys under a unique prefix,
// deleted at the end), BENCH_PORT (18901; the bare server listens on the next port, the inspectors on
// the two after), SOCKETS_N (5000), SOCKETS_USERS (100), SOCKETS_MESSAGES (10), BENCH_KEEP_DB (1:
// leave the database), BENCH_SERVER_NODE_OPTIONS (extra Node options for the server, e.g. --cpu-prof
// or --heap-prof). Skipped (exit 0) when MariaDB or Redis is not there. Exit code 1 when a target is
// missed.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { benchKit, elapsed, log } from './support/bench-kit.mjs';

const kit = benchKit({ name: 'sockets', defaultPort: 18901, columns: [52, 52, 22] });
const { call, report } = kit;
const N = Number(process.env.SOCKETS_N ?? 5000);
const USERS = Number(process.env.SOCKETS_USERS ?? 100);
const MESSAGES = Number(process.env.SOCKETS_MESSAGES ?? 10);
const WARM_UP = 2;
const RATIO = 1.5;
const IN_FLIGHT = 100;
/** How long nothing is heard before the next round starts. */
const QUIET_MS = 500;
const PASSWORD = 'Bench-password-1';
const ROOT = { email: 'root@bench-sockets.test', password: 'Bench-root-password-1' };
/** The São Paulo mobile of the k-th customer. */
const customer = (k) => `55119${String(9000_0000 + k)}`;
const barePort = kit.port + 1;
const serverInspector = kit.port + 2;
const bareInspector = kit.port + 3;
const runId = kit.prefix.slice(kit.prefix.lastIndexOf('-') + 1);

const now = () => performance.now();
const round1 = (n) => Math.round(n * 10) / 10;
const kb = (bytes) => `${round1(bytes / 1024)} KB`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const load = () => `load average ${loadavg()[0].toFixed(1)}`;

/** Runs `work(i)` for i < count, `concurrency` at a time. */
async function pool(count, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/**
 * A process's memory after two full GCs, through its inspector: the V8 heap and external memory as
 * process.memoryUsage() tells them, and the resident set. The session is closed before answering,
 * so the inspector costs nothing while the fan-out is timed.
 */
async function memoryOf(inspectorPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await once(ws, 'open');
  const pending = new Map();
  ws.on('message', (data) => {
    const answer = JSON.parse(String(data));
    pending.get(answer.id)?.(answer);
  });
  let id = 0;
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('HeapProfiler.collectGarbage');
  await send('HeapProfiler.collectGarbage');
  const answer = await send('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  });
  ws.close();
  const usage = JSON.parse(answer.result.result.value);
  return { rss: usage.rss, heap: usage.heapUsed + usage.external };
}

/** A company on a plan with room for the agents, its sandbox line connected, and the agents' tokens. */
async function provision() {
  const root = await call('POST', '/auth/login', { body: ROOT });
  await call('POST', '/plans', {
    token: root.token,
    body: { name: 'Sockets', users: USERS + 10, connections: 5, queues: 10, value: 0 },
  });
  const ctx = await kit.sandboxCompany('Sockets', PASSWORD);
  const tokens = [];
  await pool(USERS, 4, async (i) => {
    const email = `agente${i}@bench-sockets.test`;
    await call('POST', '/users', {
      token: ctx.adminToken,
      body: {
        name: `Agente ${i}`,
        email,
        password: PASSWORD,
        profile: 'user',
        queueIds: ctx.queueIds,
        allTicket: 'enabled',
      },
    });
    tokens[i] = (await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).token;
  });
  return { ...ctx, tokens };
}

/** A customer message through the sandbox line; the first ones wait for the line to take messages. */
function customerMessage(ctx, from, body, id) {
  return call('POST', `/sandbox/connections/${ctx.whatsappId}/messages`, {
    token: ctx.adminToken,
    body: { from, body, id },
  });
}

const PROBE = /probe [sb]\d{4}/;

/**
 * A socket.io socket spoken over ws directly, as socket.io-client speaks it on the wire (Engine.IO
 * 4 over a WebSocket: the open packet answered by a connect to "/", pings by pongs, events as
 * 42["name",...]). socket.io-client itself spent about 45 µs per event per socket in this process
 * (its engine.io, parser and emitter layers): holding the sockets of 5,000 agents and as many bare
 * ones, the figures told how fast this process read rather than how fast a server delivers, and a
 * server sending three events a message compared worse by that alone. Each event is recognised by
 * its name and text; the payload is parsed once, to send the bare server the same one.
 * `onEvent(name, text)` hears every event; `opened` answers null once connected, or why not.
 */
function openSocket(url, token, onEvent) {
  const query = new URLSearchParams({ EIO: '4', transport: 'websocket', ...(token ? { token } : {}) });
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?${query}`, { perMessageDeflate: false });
  const opened = new Promise((resolve) => {
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('42["')) onEvent(text.slice(4, text.indexOf('"', 4)), text);
      else if (text === '2') ws.send('3');
      else if (text[0] === '0') ws.send('40');
      else if (text.startsWith('40')) resolve(null);
      else if (text.startsWith('44')) resolve(text.slice(2));
    });
    ws.once('error', (error) => resolve(error.message));
    ws.once('close', () => resolve('closed'));
  });
  return { ws, opened, emit: (...args) => ws.send(`42${JSON.stringify(args)}`), disconnect: () => ws.close() };
}

/**
 * The sockets of one side, and what they heard: `rounds` maps a probe's body to its count of
 * sockets and the time of the first and last; `events` counts every event heard while a round runs.
 */
function audience(event) {
  const side = { sockets: [], rounds: new Map(), events: null, payload: null, lastEventAt: 0 };
  /** Where the payload starts in the packet's text: 42["<event>",{... */
  const created = 4 + event.length + 2;
  side.onEvent = (name, text) => {
    side.lastEventAt = now();
    if (side.events) side.events.set(name, (side.events.get(name) ?? 0) + 1);
    if (name !== event || !text.startsWith('{"action":"create"', created)) return;
    side.payload ??= JSON.parse(text.slice(2))[1];
    const round = side.rounds.get(PROBE.exec(text)?.[0]);
    if (!round) return;
    const at = now();
    round.first ??= at;
    round.last = at;
    if (++round.count === N) round.done();
  };
  return side;
}

/**
 * Opens N sockets to `url`, IN_FLIGHT handshakes at a time. The server's are ready when it says
 * so ("ready", once the socket is in its rooms), and then join what the tickets screen joins.
 */
async function connectAll(side, url, token) {
  const failures = [];
  await pool(N, IN_FLIGHT, async (i) => {
    let ready;
    const isReady = new Promise((resolve) => (ready = resolve));
    const socket = openSocket(url, token?.(i), (name, text) => (name === 'ready' ? ready() : side.onEvent(name, text)));
    side.sockets.push(socket);
    const refused = await socket.opened;
    if (refused) {
      failures.push(refused);
      return;
    }
    if (!token) return;
    await isReady;
    socket.emit('joinNotification');
    socket.emit('joinTickets', 'open');
    socket.emit('joinTickets', 'pending');
  });
  if (failures.length) throw new Error(`${failures.length} sockets refused, e.g. ${failures[0]}`);
}

/** One round: `send` makes the event; answers the ms from the request to the last socket, and the spread. */
async function round(side, body, send) {
  let done;
  const heard = new Promise((resolve) => (done = resolve));
  const entry = { count: 0, first: null, last: null, done };
  side.rounds.set(body, entry);
  side.events = new Map();
  const start = now();
  await send();
  const timeout = sleep(20_000).then(() => 'timeout');
  if ((await Promise.race([heard, timeout])) === 'timeout')
    throw new Error(`only ${entry.count} of ${N} sockets heard "${body}" within 20 s`);
  // What else the message causes (the bot's menu, its delivery ticks) has arrived before the next
  // round starts: QUIET_MS without an event on any socket, 10 s at most.
  const end = now() + 10_000;
  while (now() - side.lastEventAt < QUIET_MS && now() < end) await sleep(50);
  const events = side.events;
  side.events = null;
  side.rounds.delete(body);
  return { total: entry.last - start, spread: entry.last - entry.first, events };
}

function startBare() {
  const child = fork(
    join(dirname(fileURLToPath(import.meta.url)), 'support', 'bare-socket-io.mjs'),
    [String(barePort), kit.redisUrl, `${kit.prefix}-bare:socket.io`],
    { execArgv: [`--inspect=127.0.0.1:${bareInspector}`], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] },
  );
  // The inspector announces itself on stderr; anything else is passed on.
  child.stderr.on('data', (chunk) => {
    const text = String(chunk)
      .split('\n')
      .filter((line) => line && !/Debugger listening|For help, see/.test(line))
      .join('\n');
    if (text) process.stderr.write(`${text}\n`);
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the bare socket.io server exited with ${code}`)));
  });
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round1(pct(sorted, 50)), p99: round1(pct(sorted, 99)), max: round1(sorted.at(-1)) };
};
const fmtTimes = (s) => `p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms`;

let bare = null;
const sides = [];

async function main() {
  const why = await kit.unreachable();
  if (why) {
    log(`skipped: ${why}`);
    return;
  }
  await kit.prepare();
  try {
    await measure();
  } finally {
    await finish();
  }
}

async function measure() {
  const t = Date.now();
  await kit.freshDatabase().then((pool) => pool.end());
  const extra = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  await kit.startServer({
    logLevel: 'warn',
    redisPrefix: kit.prefix,
    nodeOptions: [`--inspect=127.0.0.1:${serverInspector}`, ...extra],
    env: { ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password },
  });
  const ctx = await provision();
  const event = `company-${ctx.companyId}-appMessage`;
  // The line takes messages once its session runs: the first one opens the customer's ticket.
  for (let i = 0; ; i++) {
    try {
      await customerMessage(ctx, customer(0), 'bom dia', `warm-${runId}`);
      break;
    } catch (error) {
      if (i > 150) throw error;
      await sleep(200);
    }
  }
  log(`server up, ${USERS} agents signed in, in ${elapsed(t)} [${load()}]`);

  const agents = audience(event);
  const reference = audience(event);
  sides.push(agents, reference);
  await sleep(2000);
  const serverBefore = await memoryOf(serverInspector);
  let c = Date.now();
  await connectAll(agents, kit.base, (i) => ctx.tokens[i % USERS]);
  await sleep(3000);
  const serverAfter = await memoryOf(serverInspector);
  log(`${N} agent sockets connected in ${elapsed(c)} [${load()}]`);

  bare = await startBare();
  await sleep(1000);
  const bareBefore = await memoryOf(bareInspector);
  c = Date.now();
  await connectAll(reference, `http://127.0.0.1:${barePort}`, null);
  await sleep(3000);
  const bareAfter = await memoryOf(bareInspector);
  log(`${N} bare sockets connected in ${elapsed(c)} [${load()}]`);

  // Rounds alternate between the two, so a busier moment of the machine weighs on both alike.
  const times = { server: [], bare: [], serverSpread: [], bareSpread: [] };
  const heardPerSocket = new Map();
  for (let k = 0; k < WARM_UP + MESSAGES; k++) {
    const tag = String(k).padStart(4, '0');
    const s = await round(agents, `probe s${tag}`, () =>
      customerMessage(ctx, customer(k + 1), `probe s${tag}`, `probe-${runId}-${k}`),
    );
    if (k === 0) bare.send({ payload: agents.payload });
    const b = await round(reference, `probe b${tag}`, () => bare.send({ emit: event, body: `probe b${tag}` }));
    if (k < WARM_UP) continue;
    times.server.push(s.total);
    times.bare.push(b.total);
    times.serverSpread.push(s.spread);
    times.bareSpread.push(b.spread);
    for (const [name, count] of s.events) heardPerSocket.set(name, (heardPerSocket.get(name) ?? 0) + count);
  }

  log(`\nResults (${N} sockets each, ${MESSAGES} messages each after ${WARM_UP} not counted) [${load()}]:`);
  const perSocket = (before, after, key) => (after[key] - before[key]) / N;
  const serverRss = perSocket(serverBefore, serverAfter, 'rss');
  const bareRss = perSocket(bareBefore, bareAfter, 'rss');
  report('server: memory per agent socket (RSS)', kb(serverRss), '(info)', null);
  report('  heap + external per socket', kb(perSocket(serverBefore, serverAfter, 'heap')), '(info)', null);
  report('bare socket.io: memory per socket (RSS)', kb(bareRss), '(info)', null);
  report('  heap + external per socket', kb(perSocket(bareBefore, bareAfter, 'heap')), '(info)', null);
  report(
    'memory per socket, server / bare',
    `${round1(serverRss / bareRss)}x`,
    `≤ ${RATIO}x`,
    serverRss / bareRss <= RATIO,
  );

  const server = summary(times.server);
  const reference99 = summary(times.bare);
  const payloadBytes = Buffer.byteLength(JSON.stringify(agents.payload));
  report(`server: message to all ${N} sockets`, fmtTimes(server), '(info)', null);
  report('  first to last socket', fmtTimes(summary(times.serverSpread)), '(info)', null);
  report(
    '  events heard per socket per message',
    [...heardPerSocket]
      .map(([name, count]) => `${name.replace(/^company-\d+-/, '')} ${round1(count / N / MESSAGES)}`)
      .join(', '),
    '(info)',
    null,
  );
  report(`bare socket.io: io.emit (${payloadBytes} B) to all`, fmtTimes(reference99), '(info)', null);
  report('  first to last socket', fmtTimes(summary(times.bareSpread)), '(info)', null);
  const p99 = server.p99 / reference99.p99;
  const max = server.max / reference99.max;
  report('fan-out p99, server / bare', `${round1(p99)}x`, `≤ ${RATIO}x`, p99 <= RATIO);
  report('fan-out max, server / bare', `${round1(max)}x`, `≤ ${RATIO}x`, max <= RATIO);
  kit.printSummary();
}

async function finish() {
  for (const side of sides) for (const socket of side.sockets) socket.disconnect();
  if (bare && bare.exitCode === null) {
    bare.send({ stop: true });
    await Promise.race([once(bare, 'exit'), sleep(5000)]);
    if (bare.exitCode === null) bare.kill('SIGKILL');
  }
  await kit.cleanup();
}

await kit.run(main, finish);
