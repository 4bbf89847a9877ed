import proxyAddr from '@fastify/proxy-addr';

/** A Node HTTP request: Fastify's `req.raw`, or the request that opened a socket.io connection. */
export type IncomingRequest = Parameters<typeof proxyAddr>[0];

/**
 * Which proxies in front of the server may say who the client is (TRUST_PROXY): none, all, the
 * nearest `hops`, or the listed addresses and CIDRs (`loopback`, `linklocal` and `uniquelocal`
 * name their ranges).
 */
export type TrustProxy = false | true | { hops: number } | string[];

/** Decides, for each address from the socket's peer outwards (hop 0), whether it may be believed. */
export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY as written, or null when it is none of the forms above. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!list.length) return null;
  try {
    proxyAddr.compile(list);
  } catch {
    return null;
  }
  return list;
}

/**
 * The one rule HTTP (Fastify's `trustProxy`) and the socket handshake both apply. A hop count is
 * given as a function because Fastify refuses a bare number (it trusts nothing for one): the
 * nearest `hops` addresses are believed whoever they are, which is only safe when nothing but the
 * proxies can reach the server.
 */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false) return false;
  if (trust === true) return () => true;
  if (Array.isArray(trust)) return proxyAddr.compile(trust);
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/** The client's address as Fastify's `req.ip` would give it for the same request and rule. */
export function clientAddress(request: IncomingRequest, trust: TrustFunction | false): string {
  return proxyAddr(request, trust || (() => false));
}
