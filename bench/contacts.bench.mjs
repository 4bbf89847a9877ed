// Contacts benchmark (issue "Contacts", "Benchmarks"): the built server on MariaDB + Redis, loaded from
// this process on 127.0.0.1 only.
//
//   (a) POST /contacts/upload of one .xlsx of BENCH_ROWS (100,000) rows, written as Excel writes it
//       (the sheet before its shared strings): rows/s end to end (the upload sent to the report
//       parsed), the server's RSS growth (sampled every 20 ms against its RSS before), and the error
//       report checked row by row against the rows made bad on purpose (numbers that are not
//       numbers, numbers repeated within the file, numbers of contacts the company already has).
//       Targets: ≥ 5,000 rows/s, RSS growth < 200 MB, the report exact.
//   (b) GET /contacts/export of the company's contacts (the import's plus the ones it had): time to
//       the first byte and in all, the lines checked against the database. Targets: first byte
//       < 200 ms, all < 5 s.
//
// Environment: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_DB_NAME (atendo_bench_contacts,
// created and dropped here), BENCH_REDIS_URL (redis://127.0.0.1:6379; keys under a unique prefix,
// deleted at the end), BENCH_PORT (18843), BENCH_ROWS (100000), BENCH_KEEP_DB (1: leave the database),
// BENCH_SERVER_NODE_OPTIONS (extra Node options for the measured server, e.g. --cpu-prof). Skipped
// (exit 0) when MariaDB or Redis is not there. Exit code 1 when a target is missed.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchKit, elapsed, log } from './support/bench-kit.mjs';
import { streamedXlsx } from './support/xlsx.mjs';

const kit = benchKit({ name: 'contacts', defaultPort: 18843, columns: [58, 40, 24] });
const { base, call, report } = kit;
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PASSWORD = 'Bench-password-1';
const ADMIN_EMAIL = 'admin@bench-contacts.test';
/** Contacts the company has before the import: the sheet repeats some of their numbers. */
const EXISTING = 500;
const BAD_EVERY = 997; // a number that is no number
const REPEAT_EVERY = 1_009; // the number of an earlier row of the sheet
const KNOWN_EVERY = 211; // the number of a contact the company already has (its old 8-digit form)

const load = () => `load average ${loadavg()[0].toFixed(1)}`;

/** The server's resident memory now, in MB (Linux /proc). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** The 9-digit São Paulo mobile of index i: 55 11 99xxx-xxxx (98xxx-xxxx from 10,000,000 on). */
const mobile = (i) => `55119${9 - Math.floor(i / 10_000_000)}${String(i % 10_000_000).padStart(7, '0')}`;
/** The same mobile as people wrote it before the ninth digit: 55 11 xxxx-xxxx. */
const oldForm = (number) => `5511${number.slice(5)}`;

/**
 * The sheet's rows and the report they must give: rows are numbered as the sheet numbers them
 * (row 1 is the header). Existing contacts use indexes from 10,000,000 on, new ones from 0.
 */
function planSheet() {
  const rows = [];
  const expected = new Map();
  for (let i = 0; i < ROWS; i++) {
    const row = i + 2;
    const name = `Cliente ${i} da Silva`;
    const email = i % 3 === 0 ? `cliente${i}@example.com` : '';
    if (i % BAD_EVERY === BAD_EVERY - 1) {
      rows.push([name, `tel ${i}`, email]);
      expected.set(row, 'validation.phone');
    } else if (i % REPEAT_EVERY === REPEAT_EVERY - 1) {
      // Repeats row 2's number, written another way.
      rows.push([name, `+55 (11) ${mobile(0).slice(4, 9)}-${mobile(0).slice(9)}`, email]);
      expected.set(row, 'validation.duplicateInFile');
    } else if (i % KNOWN_EVERY === KNOWN_EVERY - 1) {
      rows.push([name, oldForm(mobile(10_000_000 + (i % EXISTING))), email]);
      expected.set(row, 'ERR_DUPLICATED_CONTACT');
    } else {
      // Every other number a spreadsheet number cell, as Excel keeps typed digits.
      rows.push([name, i % 2 ? mobile(i) : Number(mobile(i)), email]);
    }
  }
  return { rows, expected };
}

async function provision(pool) {
  const plans = await call('GET', '/plans/list');
  const plan = plans.sort((a, b) => b.users - a.users)[0];
  const company = await call('POST', '/companies/cadastro', {
    body: { name: 'Bench Contacts', email: ADMIN_EMAIL, phone: '11987654321', password: PASSWORD, planId: plan.id },
  });
  const { token } = await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: PASSWORD } });
  const now = new Date();
  const values = Array.from({ length: EXISTING }, (_, i) => [
    company.id,
    `Já cadastrado ${i}`,
    mobile(10_000_000 + i),
    '',
    '',
    0,
    '[]',
    now,
    now,
  ]);
  await pool.query(
    'INSERT INTO contacts (companyId, name, number, email, profilePicUrl, isGroup, extraInfo, createdAt, updatedAt) VALUES ?',
    [values],
  );
  return { companyId: company.id, token };
}

/** Phase (a): the upload, timed end to end, with the server's memory sampled meanwhile. */
async function importSheet(ctx, data, expected) {
  const pid = kit.server().pid;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const form = new FormData();
  form.append('file', new Blob([data]), 'contatos.xlsx');
  const t0 = performance.now();
  const response = await fetch(`${base}/contacts/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.token}`, accept: 'application/json' },
    body: form,
  });
  const answer = await response.json();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  if (!response.ok) throw new Error(`upload: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);

  const rate = Math.round(ROWS / seconds);
  report(
    `(a) ${ROWS.toLocaleString('en')} rows, ${(data.length / 1e6).toFixed(1)} MB .xlsx, end to end`,
    `${seconds.toFixed(2)} s, ${rate.toLocaleString('en')} rows/s`,
    '≥ 5,000 rows/s',
    rate >= 5_000,
  );
  const growth = peak - before;
  report(
    '(a) server RSS: before → peak (growth)',
    `${before.toFixed(0)} → ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB)`,
    'growth < 200 MB',
    growth < 200,
  );

  const got = new Map(answer.errorBag.map((e) => [e.row, e.error.message]));
  const wrong = [...expected].filter(([row, message]) => got.get(row) !== message);
  const extra = [...got.keys()].filter((row) => !expected.has(row));
  const created = ROWS - expected.size;
  report(
    '(a) error report: rows reported / made bad',
    `${got.size} / ${expected.size} (${wrong.length} wrong, ${extra.length} extra)`,
    'exact',
    wrong.length === 0 && extra.length === 0 && got.size === answer.errorBag.length,
  );
  report(
    '(a) newContacts / good rows',
    `${answer.newContacts.length} / ${created}`,
    'equal',
    answer.newContacts.length === created,
  );
  return created;
}

/** Phase (b): the export, read as it streams. */
async function exportAll(ctx, pool) {
  const [[{ total }]] = await pool.query(
    'SELECT COUNT(*) AS total FROM contacts WHERE companyId = ? AND removedAt IS NULL',
    [ctx.companyId],
  );
  const t0 = performance.now();
  const response = await fetch(`${base}/contacts/export`, { headers: { authorization: `Bearer ${ctx.token}` } });
  const reader = response.body.getReader();
  let first = null;
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    first ??= performance.now() - t0;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  const all = performance.now() - t0;
  report(
    `(b) export of ${Number(total).toLocaleString('en')} contacts: first byte`,
    `${first.toFixed(0)} ms`,
    '< 200 ms',
    first < 200,
  );
  report('(b) export: all of it', `${(all / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB`, '< 5 s', all < 5_000);
  report('(b) export: data lines / contacts (SQL)', `${lines - 1} / ${total}`, 'equal', lines - 1 === Number(total));
}

async function main() {
  const missing = await kit.unreachable();
  if (missing) {
    log(`contacts benchmark skipped: ${missing} (it needs MariaDB and Redis)`);
    return;
  }
  await kit.prepare();
  log(`Atendo contacts benchmark — MariaDB + Redis, ${ROWS.toLocaleString('en')} rows`);
  const pool = await kit.freshDatabase();
  try {
    let t = Date.now();
    const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
    await kit.startServer({ logLevel: 'warn', redisPrefix: kit.prefix, nodeOptions });
    const ctx = await provision(pool);
    log(`server up and company provisioned in ${elapsed(t)}`);
    t = Date.now();
    const { rows, expected } = planSheet();
    const data = await streamedXlsx(['Nome', 'Telefone', 'E-mail'], rows);
    log(`sheet written in ${elapsed(t)} (${(data.length / 1e6).toFixed(1)} MB)`);

    log(`\n(a) import [${load()}]`);
    await importSheet(ctx, data, expected);
    log(`\n(b) export [${load()}]`);
    await exportAll(ctx, pool);
    kit.printSummary();
  } finally {
    await pool.end();
    await kit.cleanup();
  }
}

await kit.run(main);
