import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ADMIN, startTestApp, type TestApp } from './support/test-app.js';

describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown routes with a 404 code', async () => {
    expect(await t.request('GET', '/no/such/route')).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });

  it('refuses malformed JSON with 400 and bodies over the limit with 413', async () => {
    const bad = await t.request('POST', '/auth/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_JSON' } });
    const huge = await t.request('POST', '/auth/login', { body: { email: 'a@b.c', password: 'x'.repeat(1_100_000) } });
    expect(huge).toMatchObject({ status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE' } });
  });

  it('treats an id that cannot exist as not found, not as a crash', async () => {
    const { token } = await t.login(ADMIN.email, ADMIN.password);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      expect(await t.request('GET', `/users/${id}`, { token })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_USER_FOUND' },
      });
    }
  });

  describe('bad input answers 400 naming the field, never 500', () => {
    let token: string;
    beforeAll(async () => {
      token = (await t.login(ADMIN.email, ADMIN.password)).token;
    });
    const json = { 'content-type': 'application/json' };

    it('a key every object inherits, in a body or a query', async () => {
      const body = await t.request('POST', '/queue', {
        token,
        headers: json,
        body: '{"name":"Sales","color":"#102030","constructor":1}',
      });
      expect(body).toMatchObject({
        status: 400,
        body: { fields: [{ field: 'constructor', message: 'validation.notAllowed' }] },
      });
      const query = await t.request('GET', '/users?toString=1', { token });
      expect(query).toMatchObject({
        status: 400,
        body: { fields: [{ field: 'toString', message: 'validation.notAllowed' }] },
      });
    });

    it('a list or an object where text goes, in a body or as a repeated query parameter', async () => {
      const body = await t.request('POST', '/queue', { token, body: { name: ['Sales'], color: { hex: '#102030' } } });
      expect(body).toMatchObject({
        status: 400,
        body: {
          fields: [
            { field: 'name', message: 'validation.invalid' },
            { field: 'color', message: 'validation.invalid' },
          ],
        },
      });
      for (const path of ['/users', '/companies', '/tickets', '/contacts']) {
        const res = await t.request('GET', `${path}?searchParam=1&searchParam=2`, { token });
        expect({ path, ...res }).toMatchObject({ path, status: 400, body: { fields: [{ field: 'searchParam' }] } });
      }
      // Id lists still come either way.
      for (const query of ['queueIds=1&queueIds=2', 'queueIds=%5B1%2C2%5D']) {
        expect((await t.request('GET', `/tickets?${query}`, { token })).status).toBe(200);
      }
    });

    it('JSON nested deeper than 32 levels, refused before validation', async () => {
      const deep = `{"name":"Sales","color":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const res = await t.request('POST', '/queue', { token, headers: json, body: deep });
      expect(res).toMatchObject({
        status: 400,
        body: {
          error: 'ERR_VALIDATION',
          fields: [{ field: 'color', message: 'validation.tooDeep', params: { max: 32 } }],
        },
      });
    });

    it('malformed multipart on every upload route', async () => {
      const uploads = [
        ['/announcements/1/media-upload', 'file'],
        ['/messages/1', 'medias'],
        ['/quick-messages/1/media-upload', 'file'],
        ['/files/uploadList/1', 'files'],
      ];
      const truncated = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
      const bodies = [
        ['multipart/form-data', 'garbage'],
        ['multipart/form-data; boundary=b', 'garbage'],
        ['multipart/form-data; boundary=b', truncated],
      ];
      for (const [path, field] of uploads) {
        for (const [type, body] of bodies) {
          const res = await t.request('POST', path, { token, headers: { 'content-type': type }, body });
          expect({ path, type, ...res }).toMatchObject({
            path,
            type,
            status: 400,
            body: { error: 'ERR_VALIDATION', fields: [{ field, message: 'validation.malformed' }] },
          });
        }
      }
    });

    it('an id or a number no INT column holds (MySQL refuses it where SQLite would store it)', async () => {
      const res = await t.request('POST', '/plans', { token, body: { name: 'Huge', users: 2 ** 31 } });
      expect(res).toMatchObject({ status: 400, body: { fields: [{ field: 'users', message: 'validation.max' }] } });
      const ids = await t.request('POST', '/queue', {
        token,
        body: { name: 'Sales', color: '#102030', promptId: 2 ** 31 },
      });
      expect(ids).toMatchObject({ status: 400, body: { fields: [{ field: 'promptId', message: 'validation.max' }] } });
    });

    it('a path whose escapes do not decode, in the API shape', async () => {
      expect(await t.request('GET', '/users/%zz', { token })).toEqual(
        expect.objectContaining({ status: 400, body: { error: 'ERR_VALIDATION' } }),
      );
    });
  });

  it('answers an unexpected failure with 500, a request id and no details', async () => {
    const { token } = await t.login(ADMIN.email, ADMIN.password);
    await t.request('GET', '/queue', { token });
    await t.app.get(DataSource).destroy();
    const res = await t.request('GET', '/queue', { token });
    expect(res.status).toBe(500);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'requestId']);
    expect(res.body.error).toBe('ERR_INTERNAL_SERVER_ERROR');
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const health = await t.request('GET', '/health');
    expect(health).toMatchObject({ status: 503, body: { status: 'degraded', database: 'down' } });
  });
});

describe('health and the web app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'atendo-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Atendo</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
    t = await startTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('reports product, version and dependencies', async () => {
    const res = await t.request('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Atendo',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      status: 'ok',
      database: 'up',
      redis: process.env.REDIS_URL ? 'up' : 'disabled',
    });
  });

  it('gives browser navigations the app and API clients the API, on the same paths', async () => {
    const page = await t.request('GET', '/users', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    const deepLink = await t.request('GET', '/tickets/5b7c0f1e', { headers: { accept: 'text/html' } });
    expect(deepLink.status).toBe(200);
    expect(
      await t.request('GET', '/users', { headers: { accept: 'application/json, text/plain, */*' } }),
    ).toMatchObject({ status: 401 });
    expect(await t.request('GET', '/users', { headers: { accept: '*/*' } })).toMatchObject({ status: 401 });
  });

  it('serves hashed assets with a long cache and uploaded media under /public', async () => {
    const asset = await t.request('GET', '/assets/app-1234.js', { headers: { accept: '*/*' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    writeFileSync(join(t.config.dataDir, 'public', 'logo.txt'), 'media');
    const media = await t.request('GET', '/public/logo.txt', { headers: { accept: 'text/html' } });
    expect(media).toMatchObject({ status: 200, body: 'media' });
    expect((await t.request('GET', '/assets/missing.js', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});
