import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppProtocolHandler, nodeFileSystem, resolveAppPath } from './app-protocol.js';

let root: string;
let outsideFile: string;

beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'atendo-protocol-'));
  root = path.join(base, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-abc.js"></script>',
  );
  await writeFile(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(root, 'favicon.svg'), '<svg/>');
  outsideFile = path.join(base, 'secret.txt');
  await writeFile(outsideFile, 'secret');
});

afterAll(async () => {
  await rm(path.dirname(root), { recursive: true, force: true });
});

const resolve = (url: string) => resolveAppPath(root, url, nodeFileSystem);

describe('resolveAppPath', () => {
  it('serves files of the build', async () => {
    await expect(resolve('app://atendo/assets/index-abc.js')).resolves.toEqual({
      kind: 'file',
      filePath: path.join(root, 'assets', 'index-abc.js'),
    });
    await expect(resolve('app://atendo/favicon.svg?v=2')).resolves.toEqual({
      kind: 'file',
      filePath: path.join(root, 'favicon.svg'),
    });
  });

  it('answers index.html for the root and for SPA routes', async () => {
    const index = { kind: 'index', filePath: path.join(root, 'index.html') };
    await expect(resolve('app://atendo/')).resolves.toEqual(index);
    await expect(resolve('app://atendo/tickets/42')).resolves.toEqual(index);
    await expect(resolve('app://atendo/settings?tab=users#top')).resolves.toEqual(index);
  });

  it('answers 404 for a missing built asset instead of handing it HTML', async () => {
    await expect(resolve('app://atendo/assets/missing-123.js')).resolves.toEqual({ kind: 'not-found' });
  });

  it.each([
    'app://atendo/%2E%2E%2Fsecret.txt',
    'app://atendo/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://atendo/..%2fsecret.txt',
    'app://atendo/%2e%2e%5csecret.txt',
    'app://atendo/index.html%00.js',
    'app://atendo/%E0%A4%A',
  ])('refuses traversal and malformed paths: %p', async (url) => {
    await expect(resolve(url)).resolves.toEqual({ kind: 'forbidden' });
  });

  it.each(['app://atendo/../../secret.txt', 'app://atendo/%2e%2e/secret.txt'])(
    'keeps dot segments the URL parser folds inside the root: %p',
    async (url) => {
      await expect(resolve(url)).resolves.toEqual({ kind: 'index', filePath: path.join(root, 'index.html') });
    },
  );

  it('ignores other hosts of the scheme', async () => {
    await expect(resolve('app://other/index.html')).resolves.toEqual({ kind: 'not-found' });
  });
});

describe('app protocol handler', () => {
  const handler = () =>
    createAppProtocolHandler({ rendererRoot: root, getServerUrl: () => 'https://atendo.example.com' });

  it('serves index.html with the CSP, a content type and no caching', async () => {
    const response = await handler()(new Request('app://atendo/tickets/1'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://atendo.example.com wss://atendo.example.com",
    );
    expect(await response.text()).toContain('/assets/index-abc.js');
  });

  it('serves hashed assets as immutable scripts', async () => {
    const response = await handler()(new Request('app://atendo/assets/index-abc.js'));
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers 403 to traversal and 405 to writes', async () => {
    expect((await handler()(new Request('app://atendo/%2e%2e%2fsecret.txt'))).status).toBe(403);
    expect((await handler()(new Request('app://atendo/', { method: 'POST', body: 'x' }))).status).toBe(405);
  });
});
