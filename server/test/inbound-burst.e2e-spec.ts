import { DataSource } from 'typeorm';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { addConnection, inbound, recordOutbound, sinkOf } from './support/conversations.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/**
 * A burst of new customers on a pool far smaller than the burst: each message is stored in a
 * transaction holding one pooled connection, so if anything in that work asks the pool for a
 * second one, a burst as large as the pool holds every connection and waits forever for another.
 * The pool here is 4 (on MariaDB; SQLite has one connection) and the bursts 64 and 200.
 */
let t: TestApp;
let db: DataSource;
let companyId: number;
let queueId: number;

beforeAll(async () => {
  t = await startTestApp({ DB_POOL_SIZE: '4' });
  db = t.app.get(DataSource);
  recordOutbound(t);
  const admin = await signupCompany(t, 'Burst');
  companyId = admin.companyId;
  queueId = (await t.request('POST', '/queue', { token: admin.token, body: { name: 'Sales', color: '#008B02' } })).body
    .id;
}, 60_000);
afterAll(() => t.close());

/** Polls /health while `work` runs; every answer must be a 200 within `limitMs`. */
async function healthThroughout<T>(work: Promise<T>, limitMs: number): Promise<{ result: T; slowest: number }> {
  let done = false;
  let slowest = 0;
  const failures: string[] = [];
  const poll = (async () => {
    while (!done) {
      const started = Date.now();
      const answer = await Promise.race([
        t.request('GET', '/health').then((res) => res.status),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), limitMs)),
      ]);
      const took = Date.now() - started;
      slowest = Math.max(slowest, took);
      if (answer !== 200) failures.push(`${answer} after ${took} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const result = await work;
    return { result, slowest };
  } finally {
    done = true;
    await poll;
    expect(failures).toEqual([]);
  }
}

it.each([64, 200])(
  'stores all of %i concurrent first messages from new senders and keeps answering /health',
  async (senders) => {
    // A connection of its own each time: the phrases it starts flows with are not cached yet, so
    // every first message looks them up while it is being stored.
    const whatsappId = await addConnection(t, companyId, { queueIds: [queueId] });
    const messages = Array.from({ length: senders }, (_, i) =>
      inbound(companyId, whatsappId, { number: `55119${String(senders)}${String(i).padStart(6, '0')}` }, `oi ${i}`),
    );
    const { result } = await healthThroughout(Promise.allSettled(messages.map((m) => sinkOf(t).message(m))), 5_000);
    expect(result.filter((r) => r.status === 'rejected')).toEqual([]);
    const stored = await db.getRepository(MessageEntity).countBy({ whatsappId, fromMe: false });
    expect(stored).toBe(senders);
  },
  60_000,
);
