import { setTimeout as sleep } from 'node:timers/promises';
import { SessionManager } from '../src/modules/gateway/session-manager.js';
import { RecordingSink, recordingSinkModule } from './support/recording-sink.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// Nodes share the WhatsApp sessions out through Redis: a node that joins takes its share from the
// others, one that leaves hands its sessions over. Without Redis there is one node and nothing to share.
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;
const ENV = { SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '10' };
const LINES = 6;

interface Connection {
  id: number;
  status: string;
  node: string | null;
}

describeWithRedis('sessions shared out between nodes', () => {
  const sink = new RecordingSink();
  let first: TestApp;
  let second: TestApp | null = null;
  // A plan allows three connections a company: two companies make the six.
  const companies: Awaited<ReturnType<typeof signupCompany>>[] = [];
  const lines: { id: number; token: string }[] = [];

  beforeAll(async () => {
    first = await startTestApp({ ...ENV, NODE_ID: 'node-a' }, undefined, { extraModules: [recordingSinkModule(sink)] });
    companies.push(await signupCompany(first, 'Shares'), await signupCompany(first, 'Parts'));
    for (let i = 0; i < LINES; i++) {
      const { token } = companies[i % 2];
      const line = await first.request('POST', '/whatsapp', {
        token,
        body: { name: `Line ${i}`, provider: 'sandbox' },
      });
      expect(line.status).toBe(201);
      lines.push({ id: line.body.id, token });
      await first.request('POST', `/whatsappsession/${line.body.id}`, { token });
      await first.request('POST', `/sandbox/connections/${line.body.id}/scan`, { token, body: {} });
    }
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first.close();
  });

  /** Which node each connection's session runs on, as `GET /whatsapp` tells. */
  const connections = async () =>
    (
      await Promise.all(
        companies.map(async ({ token }) => (await first.request('GET', '/whatsapp', { token })).body as Connection[]),
      )
    ).flat();
  const holders = async () => (await connections()).map((c) => c.node);
  const count = (nodes: (string | null)[], node: string) => nodes.filter((n) => n === node).length;

  /** A customer's message to every line, sent again on a retryable 503 as the sandbox CLI would. */
  async function writeToAll(round: number, via: TestApp): Promise<string[]> {
    const ids: string[] = [];
    await Promise.all(
      lines.map(async (line, i) => {
        const id = `R${round}-${i}`;
        ids.push(id);
        for (let attempt = 0; ; attempt++) {
          const res = await via.request('POST', `/sandbox/connections/${line.id}/messages`, {
            token: line.token,
            body: { from: `55119876500${i}`, id, body: `round ${round}` },
          });
          if (res.status === 201) return;
          if (res.status !== 503 || attempt > 50)
            throw new Error(`message ${id}: ${res.status} ${JSON.stringify(res.body)}`);
          await sleep(200);
        }
      }),
    );
    return ids;
  }

  it('runs every session on the one node there is, and says which', async () => {
    expect(await holders()).toEqual(lines.map(() => 'node-a'));
  });

  it('gives a node that joins its share within seconds, losing and doubling no message', async () => {
    second = await startTestApp({ ...ENV, NODE_ID: 'node-b' }, first, { extraModules: [recordingSinkModule(sink)] });
    const joined = Date.now();
    const sent: string[] = [];
    let round = 0;
    let nodes = await holders();
    while (count(nodes, 'node-b') < LINES / 2 - 1 || count(nodes, 'node-a') < LINES / 2 - 1) {
      if (Date.now() - joined > 20_000) throw new Error(`not shared out after 20 s: ${nodes.join(', ')}`);
      // Customers keep writing while sessions move.
      sent.push(...(await writeToAll(round++, round % 2 ? second : first)));
      nodes = await holders();
    }
    sent.push(...(await writeToAll(round, second)));
    // Each runs on exactly one node.
    const a = first.app.get(SessionManager);
    const b = second.app.get(SessionManager);
    for (const line of lines) expect([a.isLocal(line.id), b.isLocal(line.id)].filter(Boolean)).toHaveLength(1);
    await sink.until(() => sent.every((id) => sink.messages.some((m) => m.providerId === id)), 10_000);
    const delivered = sink.messages.filter((m) => sent.includes(m.providerId));
    expect(delivered).toHaveLength(sent.length);
    // Moved sessions connected again from their stored keys.
    expect((await connections()).map((c) => c.status)).toEqual(lines.map(() => 'CONNECTED'));
  }, 40_000);

  it('takes back at once the sessions of a node that shuts down', async () => {
    const leaving = second!;
    const started = Date.now();
    await leaving.app.get(SessionManager).handOver();
    let nodes = await holders();
    while (count(nodes, 'node-a') < LINES) {
      if (Date.now() - started > 10_000) throw new Error(`not taken back after 10 s: ${nodes.join(', ')}`);
      await sleep(100);
      nodes = await holders();
    }
    const ids = await writeToAll(99, first);
    await sink.until(() => ids.every((id) => sink.messages.some((m) => m.providerId === id)), 10_000);
  }, 30_000);
});
