// The reference of the socket benchmark: a bare socket.io server (the server's own socket.io, with
// the same transport, ping and Redis adapter as the server sets up), and nothing else. Run as a
// child of the benchmark: `node bare-socket-io.mjs <port> <redis url> <adapter key>`.
//
// Its parent sends (IPC) { payload } once, then { emit: event, body } to broadcast that payload to
// every socket with message.body replaced, and { stop: true }. It answers { listening: port }.
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const [port, redisUrl, key] = process.argv.slice(2);
const publisher = new Redis(redisUrl);
const subscriber = publisher.duplicate();
const http = createServer();
// As the server configures it (server/src/modules/realtime/io.adapter.ts), whose ping is SOCKET_PING_MS.
const io = new Server(http, {
  transports: ['websocket'],
  pingInterval: 18_000,
  pingTimeout: 18_000,
  maxHttpBufferSize: 1_000_000,
  adapter: createAdapter(publisher, subscriber, { key }),
});
let payload = null;

process.on('message', (message) => {
  if (message.payload) payload = message.payload;
  if (message.emit) io.emit(message.emit, { ...payload, message: { ...payload.message, body: message.body } });
  if (message.stop) {
    io.close();
    publisher.disconnect();
    subscriber.disconnect();
    process.exit(0);
  }
});
http.listen(Number(port), '127.0.0.1', () => process.send({ listening: Number(port) }));
