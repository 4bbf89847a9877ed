import { testRedis } from '../../../test/support/test-redis.js';
import { NodeRegistry } from './node-registry.js';

// Redis semantics (a key a node, a sorted set indexing them): against a real Redis when REDIS_URL is
// set, as the MariaDB + Redis run does.
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('NodeRegistry', () => {
  const shared = testRedis('nodes');
  const prefix = shared.prefix;

  it('lists the nodes that beat lately with their loads, and forgets one that left or went silent', async () => {
    const warnings: string[] = [];
    const a = new NodeRegistry(shared.redis, prefix, 'a', (m) => warnings.push(m), 1_000);
    const b = new NodeRegistry(shared.redis, prefix, 'b', (m) => warnings.push(m), 1_000);
    await b.beat({ sessions: 2, load: 2.5, cap: 10 });
    const view = await a.beat({ sessions: 1, load: 1, cap: Infinity });
    expect(view.sort((x, y) => x.node.localeCompare(y.node))).toEqual([
      { node: 'a', sessions: 1, load: 1, cap: Infinity },
      { node: 'b', sessions: 2, load: 2.5, cap: 10 },
    ]);
    await b.leave();
    expect((await a.beat({ sessions: 1, load: 1, cap: Infinity })).map((n) => n.node)).toEqual(['a']);
    await b.beat({ sessions: 2, load: 2, cap: 10 });
    // b stops beating: gone once its beat is older than the beat's time.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await a.beat({ sessions: 1, load: 1, cap: Infinity })).map((n) => n.node)).toEqual(['a']);
    expect(warnings).toEqual([]);
  });

  it('tells when another process beats under the same id', async () => {
    const warnings: string[] = [];
    const one = new NodeRegistry(shared.redis, prefix, 'twin', (m) => warnings.push(m));
    const other = new NodeRegistry(shared.redis, prefix, 'twin', (m) => warnings.push(m));
    // A restart finds its own previous beat: no warning for that.
    await one.beat({ sessions: 0, load: 0, cap: Infinity });
    await other.beat({ sessions: 0, load: 0, cap: Infinity });
    expect(warnings).toEqual([]);
    await one.beat({ sessions: 0, load: 0, cap: Infinity });
    expect(warnings).toEqual(['Another process runs as node twin: give each node its own NODE_ID']);
  });
});
