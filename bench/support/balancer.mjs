// A load balancer for the benchmarks, working as HAProxy's TCP mode with HTTP health checks does:
// each new TCP connection (HTTP or WebSocket alike) goes to the next node whose readiness probe
// (GET /health/ready) answered 200 last time (any node when none did), and to another one if that
// node refuses the connection. Connections already open stay on their node until one side closes them. Written here
// rather than taken from a package: the benchmarks need only these few lines, and the checks'
// timing is part of what they measure.
import net from 'node:net';

/**
 * Listens on a free port of 127.0.0.1 in front of `nodes` (a function answering the current list of
 * { name, port }), probing each every `probeMs`. Answers { port, url, close(), stats }.
 */
export async function startBalancer(nodes, { probeMs = 250 } = {}) {
  const ready = new Map();
  const sockets = new Set();
  const stats = { connections: 0, refusedByNode: 0, noNodeReady: 0 };
  let turn = 0;
  let closed = false;

  async function probe() {
    await Promise.all(
      nodes().map(async (node) => {
        try {
          const response = await fetch(`http://127.0.0.1:${node.port}/health/ready`, {
            signal: AbortSignal.timeout(2000),
          });
          await response.arrayBuffer();
          ready.set(node.port, response.status === 200);
        } catch {
          ready.set(node.port, false);
        }
      }),
    );
  }
  const probing = (async () => {
    while (!closed) {
      await probe();
      await new Promise((resolve) => setTimeout(resolve, probeMs));
    }
  })();
  await probe();

  function connect(client, tried) {
    let candidates = nodes().filter((node) => ready.get(node.port) && !tried.has(node.port));
    // No node ready: every node still gets a try, as nginx and HAProxy's backup rule do.
    if (!candidates.length) candidates = nodes().filter((node) => !tried.has(node.port));
    if (!candidates.length) {
      stats.noNodeReady += 1;
      client.destroy();
      return;
    }
    const node = candidates[turn++ % candidates.length];
    tried.add(node.port);
    const upstream = net.connect(node.port, '127.0.0.1');
    upstream.once('error', () => {
      // Refused before anything was sent: another node takes the connection, as HAProxy's redispatch.
      if (!upstream.connected && !client.destroyed) {
        stats.refusedByNode += 1;
        ready.set(node.port, false);
        connect(client, tried);
      } else client.destroy();
    });
    upstream.once('connect', () => {
      sockets.add(upstream);
      upstream.once('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    stats.connections += 1;
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    connect(client, new Set());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stats,
    /** Whether the last probe found `node` ready. */
    isReady: (node) => ready.get(node.port) === true,
    async close() {
      closed = true;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      await probing;
    },
  };
}
