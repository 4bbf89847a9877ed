// A TCP proxy that can cut the line: servers connected to Redis through it lose Redis as when Redis
// restarts (connections reset, new ones refused) while the real Redis, shared with others, runs on.
import net from 'node:net';

/**
 * Listens on a free port of 127.0.0.1 and forwards to `target` ({ host, port }). `cut()` resets
 * every connection and refuses new ones until `restore()`.
 */
export async function startTcpProxy(target) {
  const sockets = new Set();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
