import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** What electron-builder leaves in its output folder for a Windows and a Linux build. */
const MANIFEST = 'version: 1.2.0\nfiles:\n  - url: Atendo Setup 1.2.0.exe\npath: Atendo Setup 1.2.0.exe\n';
const INSTALLER = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

describe('desktop app updates', () => {
  describe('from UPDATES_DIR', () => {
    let t: TestApp;
    let root: string;
    beforeAll(async () => {
      // The folder sits beside a secret, as on a real server where it lives under DATA_DIR or /srv.
      root = mkdtempSync(join(tmpdir(), 'atendo-updates-'));
      writeFileSync(join(root, 'secret.env'), 'JWT_SECRET=do-not-serve');
      const dir = join(root, 'updates');
      mkdirSync(join(dir, '.git'), { recursive: true });
      writeFileSync(join(dir, '.git', 'config'), '[core]');
      writeFileSync(join(dir, 'latest.yml'), MANIFEST);
      writeFileSync(join(dir, 'latest-linux.yml'), 'version: 1.2.0\n');
      writeFileSync(join(dir, 'Atendo Setup 1.2.0.exe'), INSTALLER);
      writeFileSync(join(dir, 'Atendo Setup 1.2.0.exe.blockmap'), 'blockmap');
      t = await startTestApp({ UPDATES_DIR: dir });
    });
    afterAll(async () => {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('serves the manifest as YAML, revalidated on every check and never sniffed', async () => {
      const res = await t.request('GET', '/updates/latest.yml?noCache=1abc');
      expect(res.status).toBe(200);
      expect(res.body).toBe(MANIFEST);
      expect(res.headers['content-type']).toBe('text/yaml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBeUndefined();
      expect((await t.request('GET', '/updates/latest-linux.yml')).status).toBe(200);
    });

    it('serves installers and blockmaps as attachments, even to a browser asking for a page', async () => {
      const res = await fetch(`${t.url}/updates/Atendo%20Setup%201.2.0.exe`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(INSTALLER)).toBe(true);
      expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Atendo%20Setup%201.2.0.exe");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      const blockmap = await t.request('GET', '/updates/Atendo%20Setup%201.2.0.exe.blockmap');
      expect(blockmap.status).toBe(200);
      expect(blockmap.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('answers a range request with the bytes asked for (differential downloads)', async () => {
      const res = await fetch(`${t.url}/updates/Atendo%20Setup%201.2.0.exe`, { headers: { range: 'bytes=100-199' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 100-199/${INSTALLER.length}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(INSTALLER.subarray(100, 200))).toBe(true);
      const outside = await fetch(`${t.url}/updates/latest.yml`, { headers: { range: 'bytes=100000-' } });
      expect(outside.status).toBe(416);
    });

    it('serves nothing outside the folder, nor its dot files, nor a listing', async () => {
      for (const path of [
        '/updates/../secret.env',
        '/updates/%2e%2e/secret.env',
        '/updates/..%2fsecret.env',
        '/updates/%2e%2e%2fsecret.env',
        '/updates/..%5csecret.env',
        '/updates/.git/config',
        '/updates/',
        '/updates/missing.exe',
      ]) {
        const res = await t.request('GET', path);
        expect({ path, refused: [400, 403, 404].includes(res.status) }).toEqual({ path, refused: true });
        expect(JSON.stringify(res.body)).not.toContain('do-not-serve');
        expect(JSON.stringify(res.body)).not.toContain('[core]');
      }
      // A path the HTTP client does not normalise, sent raw.
      const raw = await fetch(`${t.url}/updates/%2e%2e/%2e%2e/secret.env`);
      expect([400, 403, 404]).toContain(raw.status);
      expect(await raw.text()).not.toContain('do-not-serve');
    });

    it('takes no writes', async () => {
      for (const method of ['PUT', 'POST', 'DELETE']) {
        expect((await t.request(method, '/updates/latest.yml', { body: 'version: 9.9.9' })).status).toBe(404);
      }
      expect((await t.request('GET', '/updates/latest.yml')).body).toBe(MANIFEST);
    });
  });

  describe('from UPDATES_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ UPDATES_URL: 'https://releases.example.com/atendo/' });
    });
    afterAll(() => t.close());

    it('sends the app to the same file under the release URL', async () => {
      const res = await t.request('GET', '/updates/latest.yml?noCache=1abc');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://releases.example.com/atendo/latest.yml');
      const installer = await t.request('GET', '/updates/Atendo%20Setup%201.2.0.exe');
      expect(installer.headers.location).toBe('https://releases.example.com/atendo/Atendo%20Setup%201.2.0.exe');
    });

    it('redirects file names only: no other path or host can be smuggled into the location', async () => {
      for (const path of ['/updates/a/b.yml', '/updates/..%2fadmin', '/updates/.env', '/updates/%2F%2Fevil.test']) {
        const res = await t.request('GET', path);
        expect({ path, status: res.status, location: res.headers.location }).toEqual({
          path,
          status: 404,
          location: undefined,
        });
      }
    });
  });

  it('answers 404 when the server publishes no updates', async () => {
    const t = await startTestApp();
    try {
      expect(await t.request('GET', '/updates/latest.yml')).toMatchObject({ status: 404 });
      // Not the web app's page either, for a browser.
      const page = await t.request('GET', '/updates/latest.yml', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuses a missing folder, or a folder and a URL together, at start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atendo-updates-config-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir, UPDATES_DIR: join(dataDir, 'nope') })).toThrow(
        /UPDATES_DIR: must be an existing folder/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, UPDATES_DIR: dataDir, UPDATES_URL: 'https://x.test/' })).toThrow(
        /set UPDATES_DIR or UPDATES_URL, not both/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, UPDATES_URL: 'ftp://x.test/' })).toThrow(/UPDATES_URL/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
