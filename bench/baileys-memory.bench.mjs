// Baileys session memory: what one real WhatsApp session (Baileys 7, connection provider "beta")
// costs a server node, its socket and its key store, estimated without WhatsApp's servers.
//
// Method. This process plays WhatsApp's endpoint: a WebSocket server on 127.0.0.1 that accepts
// each connection and holds it open without ever answering (Baileys sends its Noise client hello
// and waits). It fills an SQLite database (the server's embedded store) with BENCH_BAILEYS_N
// connections' auth state in the server's format (creds through useDatabaseAuthState; keys as its
// `set` writes them: Baileys' BufferJSON, sealed by auth-key-seal.ts, inserted with one prepared
// statement because TypeORM's upserts take about a second a connection), then starts a child Node
// process with --expose-gc that loads the compiled server (server/dist: npm run build first) and
// measures, after full garbage collections, the V8 heap (used + external, where Buffers live) and
// the RSS:
//   M0  after a warm-up session was made, connected, warmed and stopped (code compiled, module
//       caches filled), the baseline;
//   M1  N BaileysSession objects built as BaileysProvider.start builds them: auth state loaded from
//       the database (creds opened and parsed), Baileys' cacheable key store around it (empty),
//       the session's peer and address-book maps (empty). No socket yet;
//   M2  each session opened: Baileys' socket made with the product's own options (version given,
//       no history sync, no own events...) through the session's runtime, its WebSocket connected
//       to the stand-in and the client hello received there;
//   M3  every key of the first BENCH_BAILEYS_WARMED (50) sessions read once through the session's
//       key cache, as a busy session would within the cache's 5 minutes: their whole key store
//       held as live objects (reading takes ~0.4 s a session, hence a sample; only those sessions
//       get keys written, since the others never read any);
//   M4  every session stopped and dropped, to see what is given back BENCH_BAILEYS_STOP_WAIT_MS
//       (300) later. A session's stop empties its key cache and stops the cache's sweep (before,
//       the cache and its timer kept every key read in the last five minutes). What stays is the
//       sockets: here Baileys' connect timeout, raised to 10 minutes so that nothing reconnects
//       mid-measurement, is a likely holder.
// Per session: (M1-M0)/N the resident auth state, (M2-M1)/N the socket, (M3-M2)/WARMED the key
// store as objects, (M2-M0)/N socket + store with a cold cache, and that plus the key store.
//
// The product keeps no key in memory for good: useDatabaseAuthState reads keys from the database
// on demand, and makeCacheableSignalKeyStore keeps what was read or written for 5 minutes
// (node-cache TTL, expired entries swept every 10 minutes). Only the creds stay parsed for the
// session's life. So a quiet session costs about M2, one that touched every key lately up to M3.
//
// The key store of each warmed connection is what a number linked for some weeks would hold:
//   creds        Baileys' initAuthCreds() plus what linking adds (me, signed account identity,
//                signal identities, routing info, a few processed history messages);
//   pre-key      BENCH_BAILEYS_PREKEYS (default 812 - K/2: Baileys 7 uploads 812 on the first link
//                and deletes each one a contact uses to open a session; half of the K contacts are
//                assumed to have written first): pairs of random 32-byte Buffers, the form
//                Curve.generateKeyPair answers (real ones cost 0.5 ms each);
//   session      one Signal session per contact (BENCH_BAILEYS_CONTACTS, K = 200; their phone, no
//                linked device). A pool of 32 session records is made by libsignal itself (a real
//                X3DH and 1-8 exchanges each way, a quarter also holding an older closed session);
//                each contact gets a copy of one with every key replaced by random bytes of the same
//                length, so records have real shapes and sizes and share no string;
//   per contact  identity-key (33 bytes), lid-mapping both ways, device-list, tctoken (a 32-byte
//                token, size assumed);
//   groups       BENCH_BAILEYS_GROUPS (5) groups of BENCH_BAILEYS_MEMBERS (20) of the contacts: our
//                sender key and each member's, copied (fresh bytes) from a pool made by Baileys'
//                GroupSessionBuilder, and the sender-key-memory of who received ours;
//   app state    10 app-state-sync-keys and the 5 collections' LT-hash versions, with one index
//                entry per contact in critical_unblock_low, K/2 in regular_low, 20 in regular_high,
//                5 in regular and 2 in critical_block (random 32-byte MACs, 128-byte hashes).
// Baileys' connect timeout (20 s) is raised to 10 minutes in the bench only: the stand-in never
// answers the hello, and the session would otherwise close and reconnect in the middle of a figure.
// Nothing reaches the internet: the version is given (Baileys' bundled one), the WebSocket URL is
// the stand-in, and no message is sent (no link preview, no media).
//
// No hard target in the issue: each figure is printed "(info)" beside the sandbox session's
// measured 39-50 KB. A second line gives the key store's size in the database for context.
//
// Environment: BENCH_BAILEYS_N (or BAILEYS_N; 200 sessions), BENCH_BAILEYS_WARMED (50),
// BENCH_BAILEYS_CONTACTS (200 a number), BENCH_BAILEYS_PREKEYS (812 - contacts/2),
// BENCH_BAILEYS_GROUPS (5), BENCH_BAILEYS_MEMBERS (20), BENCH_BAILEYS_STOP_WAIT_MS (300).
// Needs neither MariaDB nor Redis.
import { fork } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '..');
const dist = (path) => pathToFileURL(join(root, 'server', 'dist', path)).href;

const N = Number(process.env.BENCH_BAILEYS_N ?? process.env.BAILEYS_N ?? 200);
const CONTACTS = Number(process.env.BENCH_BAILEYS_CONTACTS ?? 200);
const PREKEYS = Number(process.env.BENCH_BAILEYS_PREKEYS ?? 812 - Math.floor(CONTACTS / 2));
const GROUPS = Number(process.env.BENCH_BAILEYS_GROUPS ?? 5);
const MEMBERS = Math.min(CONTACTS, Number(process.env.BENCH_BAILEYS_MEMBERS ?? 20));
const APP_STATE_KEYS = 10;
const SESSION_TEMPLATES = 32;
/** The connection ids of the measured sessions are 1..N; this one warms the child up first. */
const WARM_UP_ID = N + 1;
/** Sessions (the first ones) whose every key is read for M3; reading takes ~0.4 s a session. */
const WARMED = Math.min(N, Number(process.env.BENCH_BAILEYS_WARMED ?? 50));
const STOP_WAIT_MS = Number(process.env.BENCH_BAILEYS_STOP_WAIT_MS ?? 300);
/** The sandbox session's cost the issue quotes, for the context column. */
const SANDBOX = 'sandbox 39-50 KB (info)';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Secrets for the SecretBox: the child must open what the parent sealed. */
const SECRET = (process.env.BENCH_BAILEYS_SECRET ??= randomBytes(32).toString('hex'));

async function productModules() {
  await import('reflect-metadata');
  const [{ DataSource }, state, entity, box, baileys] = await Promise.all([
    import('typeorm'),
    import(dist('modules/gateway/baileys/database-auth-state.js')),
    import(dist('modules/whatsapp/entities/whatsapp-auth-key.entity.js')),
    import(dist('common/secret-box.js')),
    import('@whiskeysockets/baileys'),
  ]);
  return { DataSource, ...state, ...entity, ...box, baileys };
}

/** The auth-keys table in SQLite, opened as the server opens its embedded database. */
async function openDatabase(m, file, synchronize) {
  const db = new m.DataSource({
    type: 'better-sqlite3',
    database: file,
    entities: [m.WhatsappAuthKeyEntity],
    synchronize,
    prepareDatabase: (sqlite) => {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('synchronous = NORMAL');
    },
  });
  await db.initialize();
  return db;
}

// ---------------------------------------------------------------------------------------------
// The key stores (parent)
// ---------------------------------------------------------------------------------------------

const digits = (count) => Array.from({ length: count }, () => randomInt(10)).join('');
const b64 = (bytes) => randomBytes(bytes).toString('base64');

/**
 * Real libsignal session records, seen from our side: the contact opens the session with our
 * pre-key bundle, then both write back and forth (each turn a ratchet step).
 */
async function sessionTemplates() {
  const { default: libsignal } = await import('libsignal');
  const { keyhelper, SessionBuilder, SessionCipher, SessionRecord, ProtocolAddress } = libsignal;
  const party = (preKeys) => {
    const identity = keyhelper.generateIdentityKeyPair();
    const signed = keyhelper.generateSignedPreKey(identity, 1);
    const pre = new Map(Array.from({ length: preKeys }, (_, i) => [i + 1, keyhelper.generatePreKey(i + 1).keyPair]));
    const sessions = new Map();
    const store = {
      getOurIdentity: () => identity,
      getOurRegistrationId: () => 4242,
      isTrustedIdentity: () => true,
      saveIdentity: () => undefined,
      loadPreKey: (id) => pre.get(Number(id)),
      removePreKey: (id) => pre.delete(Number(id)),
      loadSignedPreKey: () => signed.keyPair,
      loadSession: (id) => sessions.get(id),
      storeSession: (id, record) => sessions.set(id, SessionRecord.deserialize(record.serialize())),
    };
    const bundle = (preKeyId) => ({
      identityKey: identity.pubKey,
      registrationId: 4242,
      preKey: { keyId: preKeyId, publicKey: pre.get(preKeyId).pubKey },
      signedPreKey: { keyId: 1, publicKey: signed.keyPair.pubKey, signature: signed.signature },
    });
    return { store, bundle, sessions };
  };
  const us = party(SESSION_TEMPLATES * 2);
  const out = [];
  for (let t = 0; t < SESSION_TEMPLATES; t++) {
    const them = party(1);
    const ourAddr = new ProtocolAddress('us', 0);
    const theirAddr = new ProtocolAddress(`contact${t}`, 0);
    const opens = t % 4 === 0 ? 2 : 1; // a quarter reopened once (a reinstall): an old session closed
    for (let o = 0; o < opens; o++) {
      if (o > 0) them.sessions.delete(ourAddr.toString());
      await new SessionBuilder(them.store, ourAddr).initOutgoing(us.bundle(t * 2 + o + 1));
      const toUs = new SessionCipher(them.store, ourAddr);
      const toThem = new SessionCipher(us.store, theirAddr);
      const first = await toUs.encrypt(Buffer.from('oi'));
      await toThem.decryptPreKeyWhisperMessage(Buffer.from(first.body, 'binary'));
      for (let turn = 0, turns = 1 + randomInt(8); turn < turns; turn++) {
        const reply = await toThem.encrypt(Buffer.from('reply'));
        await toUs.decryptWhisperMessage(Buffer.from(reply.body, 'binary'));
        const next = await toUs.encrypt(Buffer.from('next'));
        await toThem.decryptWhisperMessage(Buffer.from(next.body, 'binary'));
      }
    }
    out.push(us.sessions.get(theirAddr.toString()).serialize());
  }
  return out;
}

/**
 * A copy of a serialized session record with every key (base64 of 32 or 33 bytes, as values and
 * as object keys) replaced by fresh random bytes of the same length, the same one wherever the
 * original repeats (a chain is keyed by the ratchet key it also holds).
 */
function freshCopy(template) {
  const renamed = new Map();
  const swap = (text) => {
    if (!/^[A-Za-z0-9+/]{43}=$|^[A-Za-z0-9+/]{44}$/.test(text)) return text;
    if (!renamed.has(text)) renamed.set(text, randomBytes(Buffer.from(text, 'base64').length).toString('base64'));
    return renamed.get(text);
  };
  const walk = (value) => {
    if (typeof value === 'string') return swap(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const copy = {};
      for (const [k, v] of Object.entries(value)) copy[swap(k)] = walk(v);
      return copy;
    }
    return value;
  };
  return walk(template);
}

/** Creds as a linked number has them: initAuthCreds() and what the pairing and first sync add. */
function linkedCreds(baileys, phone, lid) {
  const creds = baileys.initAuthCreds();
  const device = 10 + randomInt(40);
  return Object.assign(creds, {
    me: { id: `${phone}:${device}@s.whatsapp.net`, lid: `${lid}:${device}@lid`, name: 'Atendimento' },
    account: {
      details: randomBytes(22),
      accountSignatureKey: randomBytes(32),
      accountSignature: randomBytes(64),
      deviceSignature: randomBytes(64),
    },
    signalIdentities: [
      { identifier: { name: `${lid}:${device}@lid`, deviceId: 0 }, identifierKey: randomBytes(33) },
      { identifier: { name: `${phone}:${device}@s.whatsapp.net`, deviceId: 0 }, identifierKey: randomBytes(33) },
    ],
    platform: 'smba',
    routingInfo: randomBytes(12),
    myAppStateKeyId: randomBytes(6).toString('base64'),
    lastAccountSyncTimestamp: Math.floor(Date.now() / 1000),
    lastPropHash: randomBytes(4).toString('hex'),
    accountSyncCounter: 1,
    nextPreKeyId: 813,
    firstUnuploadedPreKeyId: 813,
    processedHistoryMessages: Array.from({ length: 4 }, () => ({
      key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: true, id: randomBytes(10).toString('hex').toUpperCase() },
      messageTimestamp: Math.floor(Date.now() / 1000),
    })),
  });
}

/** One connection's signal keys, as Baileys' key store `set` receives them, by type. */
async function keySet(baileys, groups, templates) {
  const contacts = Array.from({ length: CONTACTS }, () => ({ pn: `55${digits(11)}`, lid: digits(15) }));
  const data = {
    'pre-key': {},
    session: {},
    'identity-key': {},
    'lid-mapping': {},
    'device-list': {},
    tctoken: {},
    'sender-key': {},
    'sender-key-memory': {},
    'app-state-sync-key': {},
    'app-state-sync-version': {},
  };
  for (let id = 813 - PREKEYS; id < 813; id++)
    data['pre-key'][id] = { private: randomBytes(32), public: randomBytes(32) };
  for (const { pn, lid } of contacts) {
    const address = `${lid}_1.0`;
    data.session[address] = freshCopy(templates[randomInt(templates.length)]);
    data['identity-key'][address] = randomBytes(33);
    data['lid-mapping'][pn] = lid;
    data['lid-mapping'][`${lid}_reverse`] = pn;
    data['device-list'][lid] = ['0'];
    data.tctoken[`${lid}@lid`] = { token: randomBytes(32), timestamp: String(Math.floor(Date.now() / 1000)) };
  }
  const us = `${digits(15)}_1.0`;
  for (let g = 0; g < GROUPS; g++) {
    const group = `120363${digits(12)}@g.us`;
    const members = contacts.slice(g * 3, g * 3 + MEMBERS);
    const memory = {};
    for (const sender of [us, ...members.map(({ lid }) => `${lid}_1.0`)]) {
      data['sender-key'][`${group}::${sender.replace('.', '::')}`] = groups.copy(sender === us);
      if (sender !== us) memory[`${sender.split('_')[0]}@lid`] = true;
    }
    data['sender-key-memory'][group] = memory;
  }
  for (let k = 0; k < APP_STATE_KEYS; k++) {
    data['app-state-sync-key'][randomBytes(6).toString('base64')] = {
      keyData: randomBytes(32),
      fingerprint: { rawId: randomInt(2 ** 31), currentIndex: k, deviceIndexes: [0, 1, 2] },
      timestamp: Date.now() - k * 86_400_000,
    };
  }
  const entries = {
    critical_block: 2,
    critical_unblock_low: CONTACTS,
    regular_high: 20,
    regular_low: Math.floor(CONTACTS / 2),
    regular: 5,
  };
  for (const [name, count] of Object.entries(entries)) {
    const indexValueMap = {};
    for (let i = 0; i < count; i++) indexValueMap[b64(32)] = { valueMac: randomBytes(32) };
    data['app-state-sync-version'][name] = { version: count + randomInt(50), hash: randomBytes(128), indexValueMap };
  }
  return data;
}

/**
 * Sender-key records as Baileys' signal storage writes them (the record's JSON as a Buffer): a pool
 * made by Baileys' own GroupSessionBuilder (ours: created; a member's: processed from the
 * distribution message their record made), copied with fresh random bytes for every use.
 */
async function groupKeys() {
  const group = await import(
    pathToFileURL(join(root, 'node_modules', '@whiskeysockets', 'baileys', 'lib', 'Signal', 'Group', 'index.js')).href
  );
  const asStored = (record) => Buffer.from(JSON.stringify(record.serialize()), 'utf-8');
  const oneRecord = () => {
    let record = new group.SenderKeyRecord();
    return { loadSenderKey: () => record, storeSenderKey: (_name, r) => void (record = r), current: () => record };
  };
  const name = new group.SenderKeyName('g', { id: 'x', deviceId: 0 });
  const ours = [];
  const theirs = [];
  for (let i = 0; i < 16; i++) {
    const sender = oneRecord();
    const skdm = await new group.GroupSessionBuilder(sender).create(name);
    ours.push(asStored(sender.current()));
    const receiver = oneRecord();
    await new group.GroupSessionBuilder(receiver).process(name, skdm);
    theirs.push(asStored(receiver.current()));
  }
  // Buffers inside the record's JSON are {type: 'Buffer', data: [bytes]}.
  const fresh = (key, value) =>
    value?.type === 'Buffer' && Array.isArray(value.data)
      ? { type: 'Buffer', data: [...randomBytes(value.data.length)] }
      : key === 'senderKeyId'
        ? randomInt(2 ** 31 - 1)
        : value;
  return {
    copy: (own) => {
      const pool = own ? ours : theirs;
      return Buffer.from(JSON.stringify(JSON.parse(pool[randomInt(pool.length)].toString('utf-8'), fresh)), 'utf-8');
    },
  };
}

/**
 * Writes N connections' creds through the product's store and their keys as its `set` writes them
 * (Baileys' BufferJSON, sealed by auth-key-seal.ts), with one prepared INSERT: TypeORM's upserts
 * take about a second a connection here. Answers the first connection's counts and the sizes.
 */
async function seed(file) {
  const m = await productModules();
  const { sealAuthValue } = await import(dist('modules/whatsapp/auth-key-seal.js'));
  const db = await openDatabase(m, file, true);
  const box = new m.SecretBox(m.deriveSecretsKey(SECRET));
  const templates = await quietly(sessionTemplates);
  const groups = await groupKeys();
  const sqlite = db.driver.databaseConnection;
  const insert = sqlite.prepare(
    'INSERT INTO whatsapp_auth_keys (whatsappId, type, keyId, value, updatedAt) VALUES (?, ?, ?, ?, ?)',
  );
  const writeAll = sqlite.transaction((rows) => {
    for (const row of rows) insert.run(...row);
  });
  let counts = {};
  for (let id = 1; id <= N + 1; id++) {
    const auth = await m.useDatabaseAuthState(db, box, id);
    Object.assign(auth.state.creds, linkedCreds(m.baileys, `55${digits(11)}`, digits(15)));
    await auth.saveCreds();
    // Keys are read only when the session is warmed: the others' would never leave the database.
    if (id > WARMED && id !== WARM_UP_ID) continue;
    const data = await keySet(m.baileys, groups, templates);
    const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
    const rows = [];
    for (const [type, entries] of Object.entries(data))
      for (const [keyId, value] of Object.entries(entries)) {
        const json = JSON.stringify(value, m.baileys.BufferJSON.replacer);
        rows.push([id, type, keyId, sealAuthValue(box, { whatsappId: id, type, keyId }, json), now]);
      }
    writeAll(rows);
    if (id === 1) counts = Object.fromEntries(Object.entries(data).map(([type, v]) => [type, Object.keys(v).length]));
  }
  const [size] = await db.query(
    'SELECT COUNT(*) AS n, SUM(LENGTH(value)) AS sealed FROM whatsapp_auth_keys WHERE whatsappId <= ?',
    [WARMED],
  );
  await db.destroy();
  return { counts, rows: size.n / WARMED, sealedBytes: size.sealed / WARMED };
}

/** libsignal logs every session it closes or replaces on the console. */
async function quietly(work) {
  const { log: consoleLog, info, warn } = console;
  console.log = console.info = console.warn = () => undefined;
  try {
    return await work();
  } finally {
    Object.assign(console, { log: consoleLog, info, warn });
  }
}

// ---------------------------------------------------------------------------------------------
// The measurement (child, --expose-gc)
// ---------------------------------------------------------------------------------------------

async function child() {
  const send = (message) => process.send(message);
  /** The parent's answer to a question sent with `ask`. */
  const ask = (message) =>
    new Promise((resolve) => {
      process.once('message', resolve);
      send(message);
    });
  const { Logger } = await import('@nestjs/common');
  // Baileys' warnings go through Nest's logger (baileys-logger.ts): nothing should print here.
  Logger.overrideLogger(false);
  const m = await productModules();
  const { BaileysSession } = await import(dist('modules/gateway/baileys/baileys.session.js'));
  const { DEFAULT_BAILEYS_RUNTIME } = await import(dist('modules/gateway/baileys/baileys.provider.js'));
  const db = await openDatabase(m, process.env.BENCH_BAILEYS_DB, false);
  const box = new m.SecretBox(m.deriveSecretsKey(SECRET));
  const url = process.env.BENCH_BAILEYS_URL;
  const runtime = {
    ...DEFAULT_BAILEYS_RUNTIME,
    // The product's socket options as the session makes them, pointed at the stand-in.
    makeSocket: (config) => m.baileys.makeWASocket({ ...config, waWebSocketUrl: url, connectTimeoutMs: 600_000 }),
    // No lookup of WhatsApp Web's version: the provider passes one to the session.
    lookupWaVersion: async () => null,
  };
  const version = m.baileys.DEFAULT_CONNECTION_CONFIG.version;
  const listener = { session: async () => {}, message: async () => {}, change: async () => {}, call: async () => {} };
  const target = (whatsappId) => ({ whatsappId, companyId: 1, ignoreGroups: false, rejectCalls: false });

  const build = async (id) =>
    new BaileysSession(target(id), listener, await m.useDatabaseAuthState(db, box, id), runtime, version);
  /** Reads every key of the connection through the session's cache (its private `keys`). */
  const warm = async (session, id) => {
    const rows = await db.query('SELECT type, keyId FROM whatsapp_auth_keys WHERE whatsappId = ? AND type <> ?', [
      id,
      'creds',
    ]);
    const byType = new Map();
    for (const { type, keyId } of rows) byType.set(type, [...(byType.get(type) ?? []), keyId]);
    for (const [type, ids] of byType) await session.keys.get(type, ids);
  };
  const openAll = async (sessions, first) => {
    for (const s of sessions) s.open();
    await ask({ waitHellos: first + sessions.length });
    await Promise.all(sessions.map((s) => s.idle()));
  };
  const measure = async () => {
    for (let i = 0; i < 4; i++) {
      global.gc();
      await sleep(50);
    }
    const u = process.memoryUsage();
    return { heap: u.heapUsed + u.external, heapUsed: u.heapUsed, external: u.external, rss: u.rss };
  };

  // Warm-up: the first session compiles Baileys' and the store's code and fills module caches.
  await (async () => {
    const first = await build(WARM_UP_ID);
    await openAll([first], 0);
    await warm(first, WARM_UP_ID);
    await first.stop();
  })();
  await sleep(200);

  const marks = { m0: await measure() };
  const sessions = [];
  for (let id = 1; id <= N; id++) sessions.push(await build(id));
  marks.m1 = await measure();
  await openAll(sessions, 1);
  marks.m2 = await measure();
  const t = Date.now();
  for (let i = 0; i < WARMED; i++) await warm(sessions[i], i + 1);
  marks.warmMs = Date.now() - t;
  marks.m3 = await measure();
  for (const s of sessions) await s.stop();
  sessions.length = 0;
  await sleep(STOP_WAIT_MS);
  marks.m4 = await measure();
  send({ marks });
  await db.destroy();
}

// ---------------------------------------------------------------------------------------------
// The parent
// ---------------------------------------------------------------------------------------------

async function main() {
  const { benchKit, log, elapsed } = await import('./support/bench-kit.mjs');
  const { WebSocketServer } = await import('ws');
  const kit = benchKit({ name: 'baileys-memory', defaultPort: 0, columns: [62, 32, 24], embedded: true });
  const dir = mkdtempSync(join(tmpdir(), 'atendo-bench-baileys-'));
  const standIn = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => standIn.once('listening', resolve));
  let connections = 0;
  let hellos = 0;
  standIn.on('connection', (ws) => {
    connections += 1;
    ws.once('message', () => (hellos += 1));
  });
  let measurer = null;
  const finish = async () => {
    if (measurer && measurer.exitCode === null) measurer.kill();
    standIn.close();
    for (const ws of standIn.clients) ws.terminate();
    rmSync(dir, { recursive: true, force: true });
    await kit.cleanup();
  };

  await kit.run(async () => {
    try {
      await measureAll();
    } finally {
      await finish();
    }
  }, finish);

  async function measureAll() {
    await kit.prepare();
    log(
      `Baileys session memory: ${N} sessions (${WARMED} warmed), ${CONTACTS} contacts a number, ` +
        `${PREKEYS} pre-keys, ${GROUPS} groups of ${MEMBERS}`,
    );
    let t = Date.now();
    const file = join(dir, 'auth.sqlite');
    const seeded = await seed(file);
    log(`  key stores written in the server's format in ${elapsed(t)}: ${JSON.stringify(seeded.counts)}`);

    t = Date.now();
    measurer = fork(here, ['--child'], {
      execArgv: ['--expose-gc'],
      env: {
        ...process.env,
        BENCH_BAILEYS_DB: file,
        BENCH_BAILEYS_URL: `ws://127.0.0.1:${standIn.address().port}/ws/chat`,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise((resolve) => measurer.once('exit', resolve));
    const result = await new Promise((resolve, reject) => {
      measurer.on('message', async (message) => {
        if (message.waitHellos) {
          for (let i = 0; i < 600 && hellos < message.waitHellos; i++) await sleep(50);
          if (hellos < message.waitHellos) reject(new Error(`${hellos} client hellos of ${message.waitHellos}`));
          else measurer.send({ hellos });
        } else if (message.marks) resolve(message.marks);
      });
      measurer.once('exit', (code) => reject(new Error(`the measuring process exited with ${code}`)));
    });
    await exited;
    log(
      `  measured in ${elapsed(t)} (every key of ${WARMED} sessions read in ${result.warmMs} ms); ${connections} connections`,
    );
    log('');

    const { m0, m1, m2, m3, m4 } = result;
    const per = (a, b, field, count = N) => (b[field] - a[field]) / count;
    const line = (label, a, b, count = N) => {
      kit.report(`${label}: heap`, kb(per(a, b, 'heap', count)), SANDBOX, null);
      kit.report(`${label}: RSS`, kb(per(a, b, 'rss', count)), SANDBOX, null);
    };
    line('store alone, as resident (creds, empty key cache)', m0, m1);
    line('socket alone (connected, hello sent)', m1, m2);
    line('socket + store, key cache cold (a quiet session)', m0, m2);
    line(`key store as live objects (all keys cached, ${WARMED} sessions)`, m2, m3, WARMED);
    const busy = (field) => per(m0, m2, field) + per(m2, m3, field, WARMED);
    kit.report('socket + store, every key cached (busy 5 min): heap', kb(busy('heap')), SANDBOX, null);
    kit.report('socket + store, every key cached (busy 5 min): RSS', kb(busy('rss')), SANDBOX, null);
    kit.report(
      'key store in the database (sealed JSON), a session',
      `${kb(seeded.sealedBytes)} in ${Math.round(seeded.rows)} rows`,
      '(info)',
      null,
    );
    kit.report(
      `stopped and dropped, still held ${STOP_WAIT_MS} ms later`,
      `${mb(m4.heap - m0.heap)} of ${mb(m3.heap - m0.heap)} heap`,
      '(info)',
      null,
    );
    log(
      `\n  heap used / external / RSS (MB): M0 ${[m0.heapUsed, m0.external, m0.rss].map(mb).join(' / ')}; ` +
        `M3 ${[m3.heapUsed, m3.external, m3.rss].map(mb).join(' / ')}`,
    );
    kit.printSummary();
  }
}

if (process.argv.includes('--child')) {
  await child().catch((error) => {
    console.error(error);
    process.exit(1);
  });
  process.exit(0);
} else {
  await main();
}
