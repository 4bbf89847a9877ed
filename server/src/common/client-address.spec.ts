import { clientAddress, parseTrustProxy, trustFunction, type IncomingRequest } from './client-address.js';

/** A request that reached the server from `peer`, carrying `forwardedFor`. */
const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingRequest;

const address = (trust: string, peer: string, forwardedFor?: string) =>
  clientAddress(request(peer, forwardedFor), trustFunction(parseTrustProxy(trust)!));

describe('the client address behind proxies', () => {
  it('is the peer whatever the header says when no proxy is trusted', () => {
    expect(address('false', '127.0.0.1', '203.0.113.1')).toBe('127.0.0.1');
  });

  it('walks back through trusted addresses only', () => {
    expect(address('10.0.0.0/8', '10.0.0.2', '203.0.113.1, 198.51.100.2, 10.0.0.1')).toBe('198.51.100.2');
    expect(address('10.0.0.0/8', '192.0.2.9', '203.0.113.1')).toBe('192.0.2.9');
  });

  it('believes exactly as many hops as counted', () => {
    expect(address('1', '192.0.2.9', '203.0.113.1, 198.51.100.2')).toBe('198.51.100.2');
    expect(address('2', '192.0.2.9', '203.0.113.1, 198.51.100.2')).toBe('203.0.113.1');
  });

  it('believes every hop with true', () => {
    expect(address('true', '192.0.2.9', '203.0.113.1, 198.51.100.2')).toBe('203.0.113.1');
  });
});
