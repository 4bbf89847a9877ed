import { DESKTOP_ORIGIN } from '../src/config/config.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The desktop app (app://atendo) and web clients hosted apart from the API call it cross-origin:
 * every write first passes a CORS preflight, which must allow the methods and headers they send.
 */
const WEB_CLIENT = 'https://help.example.com';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CORS_ORIGINS: WEB_CLIENT });
});
afterAll(() => t.close());

function preflight(origin: string, method: string, headers = 'authorization,content-type') {
  return t.request('OPTIONS', '/tickets/1', {
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

function listed(value: unknown): string[] {
  return String(value ?? '')
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
}

it.each([DESKTOP_ORIGIN, WEB_CLIENT])('lets %s make every kind of call with its token and a body', async (origin) => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const res = await preflight(origin, method);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(listed(res.headers['access-control-allow-methods'])).toContain(method);
    expect(listed(res.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining(['AUTHORIZATION', 'CONTENT-TYPE']),
    );
  }
});

it('answers the real call with the origin allowed and the download name exposed', async () => {
  const res = await t.request('PUT', '/tickets/1', { headers: { origin: DESKTOP_ORIGIN }, body: {} });
  expect(res.status).toBe(401);
  expect(res.headers['access-control-allow-origin']).toBe(DESKTOP_ORIGIN);
  expect(listed(res.headers['access-control-expose-headers'])).toContain('CONTENT-DISPOSITION');
});

it('gives an origin it does not know no permission at all', async () => {
  const res = await preflight('https://evil.example.net', 'DELETE');
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
});
