import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from './address-policy.js';
import { OutboundError, OutboundHttp } from './outbound-http.js';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a03:2880:f12f:83:face:b00c:0:25de',
    '::ffff:8.8.8.8',
  ])('allows the global unicast %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.45.6.7', 'loopback, anywhere in 127/8'],
    ['0.0.0.0', 'unspecified (reaches this host)'],
    ['0.1.2.3', '0/8'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['100.100.100.200', 'CGNAT (a cloud metadata address)'],
    ['169.254.169.254', 'link-local metadata'],
    ['169.254.0.1', 'link-local'],
    ['192.0.0.192', 'IETF protocol block (a cloud metadata address)'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local metadata'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['ff02::1', 'IPv6 multicast'],
    ['not an address', 'garbage'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('OutboundHttp', () => {
  let server: Server;
  let port: number;
  let hits: { url: string; headers: IncomingHttpHeaders }[];
  const posted: { method: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push({ url: req.url ?? '', headers: req.headers });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/file') return void res.writeHead(200, { 'content-type': 'image/png' }).end('PNGDATA');
      if (url.pathname === '/redirect') {
        return void res.writeHead(302, { location: url.searchParams.get('to') ?? '/file' }).end();
      }
      if (url.pathname === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (url.pathname === '/big') return void res.writeHead(200, { 'content-length': '100' }).end('x'.repeat(100));
      if (url.pathname === '/chunked') {
        res.writeHead(200);
        res.write('x'.repeat(60));
        return void res.end('x'.repeat(60));
      }
      if (url.pathname === '/hook') {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          posted.push({ method: req.method ?? '', body: Buffer.concat(chunks).toString() });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"reply":"ok"}');
        });
        return;
      }
      if (url.pathname === '/hang') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    hits = [];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * `public.test` stands for a public host: only this resolver knows it, and the policy lets its
   * one address (the local test server) through. Everything else keeps the production rules.
   */
  const lookups: string[] = [];
  const resolver = (answers: Record<string, string[]>) => async (hostname: string) => {
    lookups.push(hostname);
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
  const client = (answers: Record<string, string[]> = { 'public.test': ['127.0.0.1'] }) =>
    new OutboundHttp({
      allowAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
      resolve: resolver(answers),
    });
  const limits = { maxBytes: 64, timeoutMs: 2000 };
  const reason = (promise: Promise<unknown>) =>
    promise.then(
      () => 'fetched',
      (error: unknown) => (error instanceof OutboundError ? error.reason : `unexpected ${String(error)}`),
    );

  it('fetches through the checked address it resolved, never asking the system resolver', async () => {
    lookups.length = 0;
    const got = await client().get(`http://public.test:${port}/file`, limits);
    expect(got).toMatchObject({ url: `http://public.test:${port}/file`, contentType: 'image/png' });
    expect(got.body.toString()).toBe('PNGDATA');
    // The socket connected where the guard's own lookup pointed it: public.test exists nowhere else.
    expect(lookups).toEqual(['public.test']);
    expect(hits[0].headers.host).toBe(`public.test:${port}`);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:1/'],
    ['hex integer', 'http://0x7f000001:1/'],
    ['decimal integer', 'http://2130706433:1/'],
    ['octal dotted', 'http://0177.0.0.1:1/'],
    ['short form', 'http://127.1:1/'],
    ['IPv6 loopback', 'http://[::1]:1/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:1/'],
    ['unspecified', 'http://0.0.0.0:1/'],
    ['metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 metadata', 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['CGNAT', 'http://100.64.0.1/'],
    ['private', 'https://10.0.0.1/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
  ])('refuses a literal %s address (%s) without resolving or connecting', async (_, url) => {
    lookups.length = 0;
    // The production policy: only the resolver is the test's.
    const strict = new OutboundHttp({ resolve: resolver({}) });
    expect(await reason(strict.get(url, limits))).toBe('refused');
    expect(lookups).toEqual([]);
  });

  it('refuses a name when any of its addresses is private, and localhost through the system resolver', async () => {
    const mixed = client({ 'mixed.test': ['93.184.216.34', '10.0.0.7'], 'meta.test': ['169.254.169.254'] });
    expect(await reason(mixed.get('http://mixed.test/', limits))).toBe('refused');
    expect(await reason(mixed.get('http://meta.test/', limits))).toBe('refused');
    expect(await reason(new OutboundHttp().get(`http://localhost:${port}/file`, limits))).toBe('refused');
    expect(hits).toEqual([]);
  });

  it('checks every redirect as a new request', async () => {
    const http = client({ 'public.test': ['127.0.0.1'], 'internal.test': ['::1'] });
    const via = (to: string) => `http://public.test:${port}/redirect?to=${encodeURIComponent(to)}`;
    expect((await http.get(via('/file'), limits)).url).toBe(`http://public.test:${port}/file`);
    hits = [];
    expect(await reason(http.get(via(`http://[::1]:${port}/file`), limits))).toBe('refused');
    expect(await reason(http.get(via('http://169.254.169.254/latest/meta-data/'), limits))).toBe('refused');
    expect(await reason(http.get(via(`http://internal.test:${port}/file`), limits))).toBe('refused');
    // Only the redirecting hops reached the server.
    expect(hits.map((h) => new URL(h.url, 'http://x').pathname)).toEqual(['/redirect', '/redirect', '/redirect']);
    expect(await reason(http.get(`http://public.test:${port}/loop`, limits))).toBe('failed');
  });

  it('resolves again at each hop, so a name that turns private between hops is refused', async () => {
    let calls = 0;
    const rebinding = new OutboundHttp({
      allowAddress: (address) => address === '127.0.0.1',
      resolve: async () => (++calls === 1 ? ['127.0.0.1'] : ['127.0.0.2']),
    });
    const to = `http://rebind.test:${port}/file`;
    expect(
      await reason(rebinding.get(`http://rebind.test:${port}/redirect?to=${encodeURIComponent(to)}`, limits)),
    ).toBe('refused');
    expect(calls).toBe(2);
    expect(hits).toHaveLength(1);
  });

  it('caps the size, announced or not, and the time', async () => {
    const http = client();
    expect(await reason(http.get(`http://public.test:${port}/big`, limits))).toBe('too-large');
    expect(await reason(http.get(`http://public.test:${port}/chunked`, limits))).toBe('too-large');
    const started = Date.now();
    expect(await reason(http.get(`http://public.test:${port}/hang`, { ...limits, timeoutMs: 300 }))).toBe('failed');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await reason(http.get(`http://public.test:${port}/missing`, limits))).toBe('failed');
    expect(await reason(http.get('http://nowhere.test/', limits))).toBe('failed');
    expect(await reason(http.get('ftp://public.test/file', limits))).toBe('failed');
  });

  it('sends no credentials, not even those written in the URL', async () => {
    await client().get(`http://user:secret@public.test:${port}/file`, limits);
    expect(hits[0].headers.authorization).toBeUndefined();
    expect(hits[0].headers.cookie).toBeUndefined();
  });

  it('posts a body with its headers under the same address rules, and follows no redirect', async () => {
    const http = client();
    const sent = await http.post(
      `http://public.test:${port}/hook`,
      Buffer.from('{"event":"x"}'),
      { 'content-type': 'application/json', 'x-signature': 'sha256=ab' },
      limits,
    );
    expect(sent).toMatchObject({ status: 200, contentType: 'application/json' });
    expect(sent.body.toString()).toBe('{"reply":"ok"}');
    expect(posted).toEqual([{ method: 'POST', body: '{"event":"x"}' }]);
    expect(hits[0].headers).toMatchObject({ 'x-signature': 'sha256=ab', 'content-length': '13' });
    const strict = new OutboundHttp({ resolve: resolver({}) });
    expect(await reason(strict.post('http://10.0.0.1/hook', Buffer.from('{}'), {}, limits))).toBe('refused');
    expect(await reason(http.post(`http://public.test:${port}/redirect?to=/hook`, Buffer.from('{}'), {}, limits))).toBe(
      'failed',
    );
    expect(posted).toHaveLength(1);
  });
});
