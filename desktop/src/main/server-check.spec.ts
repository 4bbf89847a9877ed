import { checkServer, isCertificateError, normaliseServerUrl } from './server-check.js';
import { fakeFetch, jsonResponse, tlsError } from './test-fakes.js';

const health = { name: 'Atendo', version: '0.1.0', status: 'ok', database: 'up', redis: 'up' };

describe('normaliseServerUrl', () => {
  it.each([
    ['atendo.example.com', 'https://atendo.example.com'],
    ['  atendo.example.com/  ', 'https://atendo.example.com'],
    ['HTTPS://Atendo.Example.com//', 'https://atendo.example.com'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['localhost:3000', 'https://localhost:3000'],
    ['https://example.com:443/atendo/', 'https://example.com/atendo'],
    ['192.168.0.10:8080', 'https://192.168.0.10:8080'],
  ])('normalises %p to %p', (input, expected) => {
    expect(normaliseServerUrl(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'ftp://example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://',
    'https://user:secret@example.com',
    'https://example.com/?a=1',
    'https://example.com/#x',
    'https://exa mple.com',
    `https://${'a'.repeat(2050)}.com`,
  ])('rejects %p', (input) => {
    expect(normaliseServerUrl(input)).toBeNull();
  });
});

describe('isCertificateError', () => {
  it.each([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'CERT_HAS_EXPIRED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('recognises the Node code %p on the cause', (code) => {
    expect(isCertificateError(tlsError(code))).toBe(true);
  });

  it('recognises Chromium net errors in the message', () => {
    expect(isCertificateError(new Error('net::ERR_CERT_AUTHORITY_INVALID'))).toBe(true);
    expect(isCertificateError(new Error('net::ERR_CERT_DATE_INVALID'))).toBe(true);
  });

  it('does not take other network failures for certificate ones', () => {
    expect(
      isCertificateError(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
      ),
    ).toBe(false);
    expect(isCertificateError(new Error('net::ERR_NAME_NOT_RESOLVED'))).toBe(false);
    expect(isCertificateError('CERT_HAS_EXPIRED')).toBe(false);
  });
});

describe('checkServer', () => {
  it('answers ok with the normalised URL when the health route names the product', async () => {
    const fetch = fakeFetch(jsonResponse(200, health));
    await expect(checkServer('atendo.example.com/', fetch)).resolves.toEqual({
      ok: true,
      url: 'https://atendo.example.com',
    });
    expect(fetch.requests[0].url).toBe('https://atendo.example.com/health');
    expect(fetch.requests[0].credentials).toBe('omit');
  });

  it('accepts a degraded server (503 with the product name)', async () => {
    const fetch = fakeFetch(jsonResponse(503, { ...health, status: 'degraded', database: 'down' }));
    await expect(checkServer('https://atendo.example.com', fetch)).resolves.toEqual({
      ok: true,
      url: 'https://atendo.example.com',
    });
  });

  it('answers invalid-url without any request', async () => {
    const fetch = fakeFetch();
    await expect(checkServer('ftp://example.com', fetch)).resolves.toEqual({ ok: false, error: 'invalid-url' });
    expect(fetch.requests).toHaveLength(0);
  });

  it('answers unreachable when nothing answers', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    await expect(checkServer('example.com', fakeFetch(refused))).resolves.toEqual({ ok: false, error: 'unreachable' });
    await expect(
      checkServer(
        'example.com',
        fakeFetch(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      ),
    ).resolves.toEqual({
      ok: false,
      error: 'unreachable',
    });
  });

  it('answers not-this-product for another JSON service or an HTML page', async () => {
    await expect(
      checkServer('example.com', fakeFetch(jsonResponse(200, { name: 'Other', status: 'ok' }))),
    ).resolves.toEqual({ ok: false, error: 'not-this-product' });
    await expect(
      checkServer('example.com', fakeFetch(new Response('<html></html>', { status: 200 }))),
    ).resolves.toEqual({ ok: false, error: 'not-this-product' });
    await expect(checkServer('example.com', fakeFetch(jsonResponse(404, { error: 'Not Found' })))).resolves.toEqual({
      ok: false,
      error: 'not-this-product',
    });
  });

  it('answers certificate on TLS failures from either network stack', async () => {
    await expect(checkServer('example.com', fakeFetch(tlsError('SELF_SIGNED_CERT_IN_CHAIN')))).resolves.toEqual({
      ok: false,
      error: 'certificate',
    });
    await expect(
      checkServer('example.com', fakeFetch(new Error('net::ERR_CERT_COMMON_NAME_INVALID'))),
    ).resolves.toEqual({ ok: false, error: 'certificate' });
  });
});
