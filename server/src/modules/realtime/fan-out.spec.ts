import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { Adapter } from 'socket.io-adapter';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { directFanOut } from './fan-out.js';

/** A socket.io server on the direct fan-out adapter, and clients that log what they hear, in order. */
async function setUp(roomsOf: string[][]) {
  const http: HttpServer = createServer();
  const server = new Server(http, { transports: ['websocket'] });
  server.adapter(directFanOut(server.adapter() as typeof Adapter));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  server.on('connection', (socket) => {
    void socket.join(roomsOf[Number(socket.handshake.query.n)]);
    socket.emit('joined');
  });
  const heard: string[][] = roomsOf.map(() => []);
  const clients: ClientSocket[] = await Promise.all(
    roomsOf.map(
      (_, n) =>
        new Promise<ClientSocket>((resolve) => {
          const client = connect(`http://127.0.0.1:${port}`, {
            transports: ['websocket'],
            query: { n },
            forceNew: true,
          });
          client.onAny((event: string, payload: unknown) => {
            if (event !== 'joined') heard[n].push(`${event} ${JSON.stringify(payload)}`);
          });
          client.once('joined', () => resolve(client));
        }),
    ),
  );
  const close = async () => {
    for (const client of clients) client.disconnect();
    await server.close();
  };
  return { server, clients, heard, close };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('directFanOut', () => {
  it('delivers each broadcast once to every socket of its rooms but none of its exceptions, in order', async () => {
    const { server, heard, close } = await setUp([['a', 'b'], ['b'], ['c'], ['a', 'x']]);
    try {
      server.to(['a', 'b']).emit('one', { n: 1 });
      server.to(['b', 'c']).except('x').emit('two', 'deux');
      server.to('a').except('x').emit('three', [3]);
      server.emit('all', null);
      server.to('nobody').emit('lost');
      await settle();
      expect(heard).toEqual([
        ['one {"n":1}', 'two "deux"', 'three [3]', 'all null'],
        ['one {"n":1}', 'two "deux"', 'all null'],
        ['two "deux"', 'all null'],
        ['one {"n":1}', 'all null'],
      ]);
    } finally {
      await close();
    }
  });

  it('keeps the order of broadcasts and of a socket’s own emits within one tick', async () => {
    const { server, heard, close } = await setUp([['a']]);
    try {
      const [socket] = [...server.of('/').sockets.values()];
      server.to('a').emit('first');
      socket.emit('second');
      server.to('a').emit('third');
      socket.emit('fourth');
      server.to('a').emit('fifth');
      await settle();
      expect(heard[0]).toEqual([
        'first undefined',
        'second undefined',
        'third undefined',
        'fourth undefined',
        'fifth undefined',
      ]);
    } finally {
      await close();
    }
  });

  it('leaves broadcasts that expect acknowledgements and binary payloads to socket.io', async () => {
    const { server, clients, heard, close } = await setUp([['a'], ['a']]);
    try {
      for (const client of clients)
        client.on('ask', (_: unknown, ack: (answer: string) => void) => ack(client.id ?? ''));
      const answers = await server.to('a').timeout(2000).emitWithAck('ask', 1);
      expect([...answers].sort()).toEqual(clients.map((c) => c.id).sort());
      server.to('a').emit('bytes', Buffer.from([1, 2, 3]));
      await settle();
      for (const log of heard) expect(log.at(-1)).toMatch(/^bytes /);
    } finally {
      await close();
    }
  });
});
