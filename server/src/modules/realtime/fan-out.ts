import type { Socket as TcpSocket } from 'node:net';
import type { Adapter, BroadcastOptions, Room, SocketId } from 'socket.io-adapter';

/** The parts of socket.io's and engine.io's sockets that the direct delivery reads. */
interface LocalSocket {
  client: {
    conn: {
      readyState: string;
      writeBuffer: unknown[];
      transport: {
        name: string;
        writable: boolean;
        perMessageDeflate?: unknown;
        socket?: { readyState: number; _socket?: TcpSocket };
      };
    };
  };
  notifyOutgoingListeners?: (packet: unknown) => void;
}

interface PacketOptions {
  volatile?: boolean;
  /** The packet's WebSocket frame (header and data), made once by the adapter for all sockets. */
  wsPreEncodedFrame?: Buffer[];
}

/** A broadcast the adapter has just encoded, for the apply() that delivers it right after. */
interface Encoded {
  packet: { id?: number };
  options: PacketOptions;
  frame: Buffer | null;
}

/** socket.io-adapter's in-memory adapter as this module uses it (apply and _encode are private there). */
interface AdapterInternals {
  nsp: { sockets: Map<SocketId, LocalSocket> };
  rooms: Map<Room, Set<SocketId>>;
  sids: Map<SocketId, Set<Room>>;
  _encode(packet: { id?: number }, options: PacketOptions): unknown[];
  apply(opts: BroadcastOptions, callback: (socket: LocalSocket) => void): void;
  [ENCODED]?: Encoded | null;
}

const ENCODED = Symbol('encoded broadcast');
const OPEN = 1;

/** TCP connections corked in this tick: each is uncorked once, its frames leaving in one write. */
let corked: TcpSocket[] = [];

function uncorkAll(): void {
  const sockets = corked;
  corked = [];
  for (const socket of sockets) socket.uncork();
}

/**
 * The socket's TCP connection when a frame may be written to it directly: its WebSocket is open,
 * uncompressed, and engine.io holds nothing back for it (a frame written now would otherwise pass
 * packets still waiting their turn). Null when it must go through engine.io.
 */
function directLine(socket: LocalSocket): TcpSocket | null {
  const conn = socket.client.conn;
  const transport = conn.transport;
  if (conn.readyState !== 'open' || transport.name !== 'websocket' || transport.perMessageDeflate) return null;
  if (!transport.writable || conn.writeBuffer.length) return null;
  const tcp = transport.socket?._socket;
  return transport.socket?.readyState === OPEN && tcp?.writable ? tcp : null;
}

/**
 * Calls `each` once for every local socket in any of `opts.rooms` (all of them when none) and in
 * none of `opts.except`. Only sockets of a room that another room follows are remembered to skip
 * them there: an event to one large room (the company's agents) and a few empty ones (the ticket's
 * own) walks that room once, without building a set of its 5,000 ids first.
 */
function eachTarget(adapter: AdapterInternals, opts: BroadcastOptions, each: (socket: LocalSocket) => void): void {
  const except = new Set<SocketId>();
  for (const room of opts.except ?? []) for (const id of adapter.rooms.get(room) ?? []) except.add(id);
  const groups: Iterable<SocketId>[] = [];
  if (!opts.rooms.size) groups.push(adapter.sids.keys());
  for (const room of opts.rooms) {
    const members = adapter.rooms.get(room);
    if (members?.size) groups.push(members);
  }
  const seen = groups.length > 1 ? new Set<SocketId>() : null;
  groups.forEach((ids, i) => {
    const last = i === groups.length - 1;
    for (const id of ids) {
      if (except.has(id) || seen?.has(id)) continue;
      const socket = adapter.nsp.sockets.get(id);
      if (!socket) continue;
      if (seen && !last) seen.add(id);
      each(socket);
    }
  });
}

/**
 * `Base` (socket.io's in-memory adapter, or the Redis adapter built on it) delivering broadcasts
 * to this node's sockets by writing the frame socket.io prepares once per broadcast straight to
 * each WebSocket's TCP connection, corked until the end of the tick.
 *
 * Why: through engine.io and ws, every packet to every socket takes its own write system call and
 * a chain of stream callbacks around it (profiled while 5,000 agents heard inbound messages: 42% of
 * the server's busy time in the write calls, most of the rest in that bookkeeping), and an inbound
 * message sends a ticket, a contact and a message event to every agent of the company in a row.
 * Written directly, the events of one tick leave in one write per socket. The bytes, their order on
 * each connection and who gets them are those engine.io would have sent: sockets engine.io is still
 * writing to, or that are not plain open WebSockets, and broadcasts expecting acknowledgements,
 * marked volatile or carrying binary attachments, keep the usual path.
 *
 * The hooks are socket.io-adapter's broadcast steps (it encodes, then applies to each socket),
 * which its typings keep private.
 */
export function directFanOut<T extends new (...args: never[]) => Adapter>(Base: T): T {
  const base = Base.prototype as unknown as AdapterInternals;
  const encode = base._encode;
  const DirectFanOut = class extends (Base as unknown as typeof Adapter) {} as unknown as T;
  const own = DirectFanOut.prototype as unknown as AdapterInternals;
  own._encode = function (this: AdapterInternals, packet, options) {
    const encoded = encode.call(this, packet, options);
    this[ENCODED] =
      packet.id === undefined && !options.volatile && options.wsPreEncodedFrame
        ? { packet, options, frame: null }
        : null;
    return encoded;
  };
  own.apply = function (this: AdapterInternals, opts, callback) {
    const encoded = this[ENCODED];
    this[ENCODED] = null;
    eachTarget(this, opts, (socket) => {
      const tcp = encoded && directLine(socket);
      if (!tcp) {
        callback(socket);
        return;
      }
      socket.notifyOutgoingListeners?.(encoded.packet);
      encoded.frame ??= Buffer.concat(encoded.options.wsPreEncodedFrame ?? []);
      if (!corked.length) process.nextTick(uncorkAll);
      tcp.cork();
      corked.push(tcp);
      tcp.write(encoded.frame);
    });
  };
  return DirectFanOut;
}
