import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config.js';
import { MediaStore, servingOf, storedName } from './media-store.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('MediaStore', () => {
  let dataDir: string;
  let store: MediaStore;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'atendo-media-'));
    store = new MediaStore({ dataDir } as AppConfig);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a named file in a folder of its own, and removes both; other URLs remove nothing', async () => {
    const url = await store.save('company7', Buffer.from('%PDF-1.4'), 'nota fiscal.pdf');
    const [, id] = /^\/public\/company7\/([0-9a-f]{24})\/nota%20fiscal\.pdf$/.exec(url)!;
    expect(existsSync(join(dataDir, 'public', 'company7', id, 'nota fiscal.pdf'))).toBe(true);
    await store.remove(url);
    expect(readdirSync(join(dataDir, 'public', 'company7'))).toEqual([]);

    const unnamed = await store.save('announcements', PNG);
    expect(unnamed).toMatch(/^\/public\/announcements\/[0-9a-f]{24}\.png$/);
    for (const other of [
      '/public/announcements/../company7',
      `/public/company7/${id}/..%2F..%2Fsecrets.json`,
      `/public/company7/${id}/%2e%2e`,
      `/public/company7/${id}/%E0%A4%A`,
      null,
    ])
      await store.remove(other);
    expect(readdirSync(join(dataDir, 'public', 'announcements'))).toHaveLength(1);
    await store.remove(unnamed);
    expect(readdirSync(join(dataDir, 'public', 'announcements'))).toEqual([]);
  });

  it("makes the sender's name one safe path segment, short enough, its extension kept", () => {
    expect(storedName('C:\\Users\\ana\\boleto.pdf')).toBe('boleto.pdf');
    expect(storedName('../../etc/passwd')).toBe('passwd');
    expect(storedName('a\u202Egpj.exe')).toBe('a_gpj.exe');
    expect(storedName('what?<now>:"|*.txt')).toBe('what__now_____.txt');
    expect(storedName('...')).toBe('');
    expect(storedName('  ')).toBe('');
    const long = storedName(`${'€'.repeat(100)}.xlsx`);
    expect(long.endsWith('€.xlsx')).toBe(true);
    expect(encodeURIComponent(long).length).toBeLessThanOrEqual(160);
    expect(storedName(`x.${'y'.repeat(300)}`).length).toBeLessThanOrEqual(160);
  });

  it("reads back only a file of the folder asked for: another company's URL reads as nothing", async () => {
    const url = await store.save('company7', PNG, 'vitrine.png');
    expect(await store.read('company7', url)).toEqual(PNG);
    expect(await store.read('company8', url)).toBeNull();
    expect(await store.read('company7', url.replace('company7', 'company8'))).toBeNull();
    expect(await store.read('company7', `/public/company7/${'0'.repeat(24)}.png`)).toBeNull();
    expect(await store.read('company7', '/public/company7/../company8/x.png')).toBeNull();
  });

  it('keeps private files apart from /public, removes them by key only, and with their company', async () => {
    const key = await store.savePrivate('company7', PNG);
    expect(key).toMatch(/^[0-9a-f]{24}\.png$/);
    expect(readdirSync(join(dataDir, 'private', 'company7'))).toEqual([key]);
    expect(existsSync(join(dataDir, 'public'))).toBe(false);
    for (const other of ['../company8/x.png', '', `${key}/..`]) await store.removePrivate('company7', other);
    await store.removePrivate('company8', key);
    expect(readdirSync(join(dataDir, 'private', 'company7'))).toEqual([key]);
    await store.removePrivate('company7', key);
    expect(readdirSync(join(dataDir, 'private', 'company7'))).toEqual([]);

    await store.savePrivate('company7', PNG);
    await store.save('company7', PNG);
    await store.removeFolder('company7');
    expect(existsSync(join(dataDir, 'private', 'company7'))).toBe(false);
    expect(existsSync(join(dataDir, 'public', 'company7'))).toBe(false);
  });

  it('serves inline only what browsers show without script, and the rest as a sandboxed download', () => {
    expect(servingOf('image/png')).toMatchObject({ inline: true, contentType: 'image/png' });
    expect(servingOf('video/mp4').policy).toMatch(/sandbox allow-same-origin$/);
    expect(servingOf('application/pdf').policy).not.toMatch(/sandbox/);
    for (const type of [undefined, 'image/svg+xml', 'text/html', 'application/zip', 'application/x-msdownload'])
      expect(servingOf(type)).toEqual({
        inline: false,
        contentType: 'application/octet-stream',
        policy: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      });
  });
});
