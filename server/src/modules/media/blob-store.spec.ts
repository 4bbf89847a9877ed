import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyRequest } from 'fastify';
import { LocalBlobStore, type BlobAnswer, type BlobStore } from './blob-store.js';
import { S3BlobStore, s3Client } from './s3-blob-store.js';
import { S3StandIn } from './s3-stand-in.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const KEYS = { accessKeyId: 'stand-in-key', secretAccessKey: 'stand-in-secret-0123456789' };

/** What a GET or HEAD through the store answers, its body read. */
async function fetchKey(store: BlobStore, key: string, headers: Record<string, string> = {}, method = 'GET') {
  const request = { method, headers, raw: { method, headers, url: `/${key}` } } as unknown as FastifyRequest;
  const answer = (await store.answer(request, key)) as BlobAnswer | null;
  if (!answer) return null;
  const chunks: Buffer[] = [];
  if (answer.body) for await (const chunk of answer.body) chunks.push(Buffer.from(chunk as Buffer));
  return { ...answer, bytes: Buffer.concat(chunks) };
}

let standIn: S3StandIn;
let endpoint: string;
let dataDir: string;
beforeAll(async () => {
  standIn = new S3StandIn(KEYS);
  endpoint = await standIn.listen();
  dataDir = mkdtempSync(join(tmpdir(), 'atendo-blobs-'));
});
afterAll(async () => {
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const s3Config = () => ({ endpoint, bucket: 'media', region: 'us-east-1', ...KEYS });

describe.each([
  ['local', () => new LocalBlobStore(dataDir)],
  ['s3', () => new S3BlobStore(s3Config())],
] as const)('%s blob store', (kind, make) => {
  let store: BlobStore;
  beforeAll(async () => {
    if (kind === 's3') await s3Client(s3Config()).send(new CreateBucketCommand({ Bucket: 'media' }));
    store = make();
  });

  it('keeps, reads and deletes bytes under a key, and deletes a folder at once', async () => {
    await store.check();
    await store.put(
      'public/company7/0123456789abcdef01234567/nota fiscal.pdf',
      Buffer.from('%PDF-1.4'),
      'application/pdf',
    );
    await store.put('public/company7/a.png', PNG, 'image/png');
    await store.put('public/company70/b.png', PNG, 'image/png');
    expect((await store.get('public/company7/a.png'))?.equals(PNG)).toBe(true);
    expect((await store.get('public/company7/0123456789abcdef01234567/nota fiscal.pdf'))?.toString()).toBe('%PDF-1.4');
    expect(await store.get('public/company7/missing.png')).toBeNull();
    await store.delete('public/company7/a.png');
    await store.delete('public/company7/a.png');
    expect(await store.get('public/company7/a.png')).toBeNull();
    await store.deleteFolder('public/company7');
    expect(await store.get('public/company7/0123456789abcdef01234567/nota fiscal.pdf')).toBeNull();
    // A folder whose name starts alike is another company's.
    expect((await store.get('public/company70/b.png'))?.equals(PNG)).toBe(true);
  });

  it('answers a file with its type, one range of it, HEAD, and "not modified"', async () => {
    const data = Buffer.concat([PNG, Buffer.alloc(100, 1)]);
    await store.put('public/company8/c.png', data, 'image/png');
    const whole = await fetchKey(store, 'public/company8/c.png');
    expect(whole).toMatchObject({ statusCode: 200, type: 'image/png' });
    expect(whole!.bytes.equals(data)).toBe(true);
    expect(Number(whole!.headers['content-length'])).toBe(data.length);
    expect(whole!.headers.etag).toBeTruthy();

    const part = await fetchKey(store, 'public/company8/c.png', { range: 'bytes=1-3' });
    expect(part).toMatchObject({ statusCode: 206, type: 'image/png' });
    expect(part!.bytes.equals(data.subarray(1, 4))).toBe(true);
    expect(part!.headers['content-range']).toBe(`bytes 1-3/${data.length}`);

    const head = await fetchKey(store, 'public/company8/c.png', {}, 'HEAD');
    expect(head).toMatchObject({ statusCode: 200, type: 'image/png' });
    expect(Number(head!.headers['content-length'])).toBe(data.length);

    const cached = await fetchKey(store, 'public/company8/c.png', { 'if-none-match': String(whole!.headers.etag) });
    expect(cached!.statusCode).toBe(304);
    expect(cached!.bytes.length).toBe(0);

    const beyond = await fetchKey(store, 'public/company8/c.png', { range: `bytes=${data.length + 10}-` });
    expect(beyond!.statusCode).toBe(416);
    expect(await fetchKey(store, 'public/company8/none.png')).toBeNull();
  });

  it('reads the type off the bytes of a file it did not store itself', async () => {
    if (kind === 's3') {
      // As a migration would leave it: no metadata of ours, a type by its name.
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: KEYS,
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      const { PutObjectCommand } = await import('@aws-sdk/client-s3');
      await client.send(
        new PutObjectCommand({ Bucket: 'media', Key: 'public/old/photo.txt', Body: PNG, ContentType: 'text/html' }),
      );
    } else await store.put('public/old/photo.txt', PNG, undefined);
    expect((await fetchKey(store, 'public/old/photo.txt'))!.type).toBe('image/png');
  });
});

describe('S3 stand-in', () => {
  it('refuses requests signed with another secret, and unsigned ones', async () => {
    const wrong = new S3BlobStore({ ...s3Config(), secretAccessKey: 'not-the-secret-0123456789' });
    await expect(wrong.put('public/x.png', PNG, 'image/png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const unsigned = await fetch(`${endpoint}/media/public/company70/b.png`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('lists and deletes more keys than one page holds', async () => {
    const store = new S3BlobStore({ ...s3Config(), bucket: 'many' });
    await s3Client(s3Config()).send(new CreateBucketCommand({ Bucket: 'many' }));
    await Promise.all(
      Array.from({ length: 1005 }, (_, i) => store.put(`private/company1/${i}.bin`, Buffer.from([i % 256]), undefined)),
    );
    await store.put('private/company2/keep.bin', Buffer.from('k'), undefined);
    expect(standIn.keys('many')).toHaveLength(1006);
    await store.deleteFolder('private/company1');
    expect(standIn.keys('many')).toEqual(['private/company2/keep.bin']);
  });
});
