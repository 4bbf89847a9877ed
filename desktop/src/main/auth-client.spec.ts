import { AuthError, createAuthClient, readRefreshCookie } from './auth-client.js';
import { MemoryStore, fakeFetch, fakeSafeStorage, jsonResponse, tlsError } from './test-fakes.js';
import { createTokenStore } from './token-store.js';

const user = { id: 1, name: 'Ana', company: { id: 1, name: 'Acme', dueDate: null, settings: [] } };
const SERVER = 'https://atendo.example.com';

function setup(...replies: Parameters<typeof fakeFetch>) {
  const store = new MemoryStore();
  const tokens = createTokenStore({ safeStorage: fakeSafeStorage(), store, platform: 'darwin' });
  const fetch = fakeFetch(...replies);
  let serverUrl: string | null = SERVER;
  const auth = createAuthClient({ fetch, tokens, getServerUrl: () => serverUrl });
  return { auth, fetch, tokens, store, setServerUrl: (url: string | null) => (serverUrl = url) };
}

describe('auth client', () => {
  describe('login', () => {
    it('posts the credentials, keeps the jrt cookie encrypted and returns only token and user', async () => {
      const { auth, fetch, tokens, store } = setup(
        jsonResponse(200, { token: 'access-1', user }, [
          'jrt=refresh-1; Path=/; HttpOnly; SameSite=Strict; Max-Age=604800',
        ]),
        jsonResponse(200, { token: 'access-2', user }),
      );
      await expect(auth.login({ email: 'ana@acme.com', password: 'secret' })).resolves.toEqual({
        token: 'access-1',
        user,
      });

      const [request] = fetch.requests;
      expect(request.url).toBe(`${SERVER}/auth/login`);
      expect(request.method).toBe('POST');
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(request.body ?? '')).toEqual({ email: 'ana@acme.com', password: 'secret' });
      await auth.login({ email: 'ana@acme.com', password: 'secret', language: 'es' });
      expect(JSON.parse(fetch.requests[1].body ?? '')).toEqual({
        email: 'ana@acme.com',
        password: 'secret',
        language: 'es',
      });
      expect(request.credentials).toBe('omit');
      expect(tokens.read()).toBe('refresh-1');
      expect(store.get('encryptedRefreshToken')).not.toContain('refresh-1');
    });

    it('rejects with the bare server code', async () => {
      const { auth, tokens } = setup(jsonResponse(401, { error: 'ERR_INVALID_CREDENTIALS' }));
      await expect(auth.login({ email: 'ana@acme.com', password: 'wrong' })).rejects.toThrow(
        new Error('ERR_INVALID_CREDENTIALS'),
      );
      expect(tokens.read()).toBeNull();
    });

    it('carries dueDate as JSON in the message', async () => {
      const { auth } = setup(jsonResponse(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: '2024-05-01' }));
      const error = await auth.login({ email: 'ana@acme.com', password: 'secret' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthError);
      expect(JSON.parse((error as Error).message)).toEqual({
        error: 'ERR_SUBSCRIPTION_EXPIRED',
        dueDate: '2024-05-01',
      });
    });

    it('reports client-side failures with their own codes', async () => {
      await expect(setup(tlsError('CERT_HAS_EXPIRED')).auth.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(
        'ERR_SERVER_CERTIFICATE',
      );
      await expect(setup(new TypeError('fetch failed')).auth.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(
        'ERR_SERVER_UNREACHABLE',
      );
      await expect(
        setup(new Response('<html>Bad gateway</html>', { status: 502 })).auth.login({ email: 'a@b.c', password: 'x' }),
      ).rejects.toThrow('ERR_UNEXPECTED_RESPONSE');
      const noServer = setup();
      noServer.setServerUrl(null);
      await expect(noServer.auth.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('ERR_NO_SERVER_URL');
      expect(noServer.fetch.requests).toHaveLength(0);
    });
  });

  describe('refresh', () => {
    it('sends the stored cookie back and stores the rotated one', async () => {
      const { auth, fetch, tokens } = setup(
        jsonResponse(200, { token: 'access-1', user }, ['jrt=refresh-1; Path=/; HttpOnly']),
        jsonResponse(200, { token: 'access-2', user }, ['jrt=refresh-2; Path=/; HttpOnly']),
      );
      await auth.login({ email: 'ana@acme.com', password: 'secret' });
      await expect(auth.refresh()).resolves.toEqual({ token: 'access-2', user });

      const refreshRequest = fetch.requests[1];
      expect(refreshRequest.url).toBe(`${SERVER}/auth/refresh_token`);
      expect(refreshRequest.method).toBe('POST');
      expect(refreshRequest.headers.get('cookie')).toBe('jrt=refresh-1');
      expect(tokens.read()).toBe('refresh-2');
    });

    it('shares one request between concurrent calls, so the rotated token is not reused', async () => {
      const { auth, fetch, tokens } = setup(jsonResponse(200, { token: 'access-2', user }, ['jrt=refresh-2']));
      tokens.save('refresh-1');
      const [first, second] = await Promise.all([auth.refresh(), auth.refresh()]);
      expect(first).toEqual(second);
      expect(fetch.requests).toHaveLength(1);
    });

    it('wipes the token when the server refuses it', async () => {
      const { auth, tokens, store } = setup(jsonResponse(401, { error: 'ERR_REFRESH_TOKEN_REUSED' }));
      tokens.save('refresh-1');
      await expect(auth.refresh()).rejects.toThrow('ERR_REFRESH_TOKEN_REUSED');
      expect(tokens.read()).toBeNull();
      expect(store.get('encryptedRefreshToken')).toBeUndefined();
    });

    it('keeps the token when the server could not be reached or failed on its side', async () => {
      const { auth, tokens } = setup(
        new TypeError('fetch failed'),
        jsonResponse(500, { error: 'ERR_INTERNAL_SERVER_ERROR', requestId: 'r1' }),
      );
      tokens.save('refresh-1');
      await expect(auth.refresh()).rejects.toThrow('ERR_SERVER_UNREACHABLE');
      await expect(auth.refresh()).rejects.toThrow('ERR_INTERNAL_SERVER_ERROR');
      expect(tokens.read()).toBe('refresh-1');
    });

    it('rejects with ERR_SESSION_EXPIRED without a request when no token is stored', async () => {
      const { auth, fetch } = setup();
      await expect(auth.refresh()).rejects.toThrow('ERR_SESSION_EXPIRED');
      expect(fetch.requests).toHaveLength(0);
    });
  });

  describe('logout', () => {
    it('sends bearer and cookie, then wipes the token', async () => {
      const { auth, fetch, tokens } = setup(new Response(null, { status: 204 }));
      tokens.save('refresh-1');
      await auth.logout('access-1');
      const [request] = fetch.requests;
      expect(request.url).toBe(`${SERVER}/auth/logout`);
      expect(request.method).toBe('DELETE');
      expect(request.headers.get('authorization')).toBe('Bearer access-1');
      expect(request.headers.get('cookie')).toBe('jrt=refresh-1');
      expect(tokens.read()).toBeNull();
    });

    it('wipes the token whatever the server answers, even offline', async () => {
      const failing = setup(jsonResponse(401, { error: 'ERR_INVALID_TOKEN' }));
      failing.tokens.save('refresh-1');
      await expect(failing.auth.logout(null)).resolves.toBeUndefined();
      expect(failing.fetch.requests[0].headers.has('authorization')).toBe(false);
      expect(failing.tokens.read()).toBeNull();

      const offline = setup(new TypeError('fetch failed'));
      offline.tokens.save('refresh-1');
      await expect(offline.auth.logout('access-1')).resolves.toBeUndefined();
      expect(offline.tokens.read()).toBeNull();
    });
  });
});

describe('readRefreshCookie', () => {
  const withCookies = (...cookies: string[]) => jsonResponse(200, {}, cookies);

  it('picks jrt among several cookies', () => {
    expect(readRefreshCookie(withCookies('other=1; Path=/', 'jrt=abc.def=; Path=/; HttpOnly'))).toEqual({
      value: 'abc.def=',
      cleared: false,
    });
  });

  it('recognises a cleared cookie', () => {
    expect(readRefreshCookie(withCookies('jrt=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'))?.cleared).toBe(true);
    expect(readRefreshCookie(withCookies('jrt=abc; Max-Age=0'))?.cleared).toBe(true);
  });

  it('answers null without the cookie', () => {
    expect(readRefreshCookie(withCookies('other=1'))).toBeNull();
  });
});
