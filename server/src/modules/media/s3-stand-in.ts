import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
// A server listening for the tests' requests, not a client fetching for users.
// eslint-disable-next-line no-restricted-imports
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * A local stand-in of S3's HTTP API, for tests and demos of STORAGE=s3: path-style buckets, objects
 * with their metadata, single ranges, conditional requests, ListObjectsV2 and DeleteObjects, with
 * every request's AWS Signature V4 checked against one key pair. Objects live in memory.
 *
 * Debian's own S3 server (Ceph's radosgw, version 16) needs a running Ceph cluster (monitors and
 * object daemons) under it, so tests use this instead; any real S3 service takes its place through
 * S3_ENDPOINT.
 */
export interface S3StandInOptions {
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}

interface StoredObject {
  data: Buffer;
  type: string;
  meta: Record<string, string>;
  etag: string;
  modified: Date;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** The signer's hash and HMAC, on node:crypto. */
class Sha256 {
  private hash!: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.reset();
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
  reset(): void {
    this.hash = this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(this.secret));
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const unescapeXml = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(lt|gt|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'" })[name]!)
    .replace(/&amp;/g, '&');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
// What S3 answers for each error code used here.
const ERRORS: Record<string, number> = {
  AccessDenied: 403,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
  InvalidArgument: 400,
  InvalidBucketName: 400,
  MalformedXML: 400,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  BucketAlreadyOwnedByYou: 409,
  InvalidRange: 416,
  PreconditionFailed: 412,
  NotImplemented: 501,
  MethodNotAllowed: 405,
};

export class S3StandIn {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private readonly signer: SignatureV4;
  private server: Server | null = null;

  constructor(private readonly options: S3StandInOptions) {
    this.signer = new SignatureV4({
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      region: options.region ?? 'us-east-1',
      service: 's3',
      sha256: Sha256,
      // S3 signs the path as sent, without encoding it a second time.
      uriEscapePath: false,
    });
  }

  /** Listens on 127.0.0.1 (port 0: any free one) and answers the endpoint's URL. */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) this.fail(response, 'InternalError', String(error), 500);
        else response.destroy();
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    return `http://${host}:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Creates a bucket (false for a name S3 would refuse); true when it is there, new or not. */
  createBucket(name: string): boolean {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name)) return false;
    if (!this.buckets.has(name)) this.buckets.set(name, new Map());
    return true;
  }

  /** The keys of a bucket, for tests. */
  keys(bucket: string): string[] {
    return [...(this.buckets.get(bucket)?.keys() ?? [])].sort();
  }

  private fail(response: ServerResponse, code: string, message: string, status = ERRORS[code] ?? 400): void {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`${XML_HEAD}<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const refusal = await this.refuse(request, url, body);
    if (refusal) return this.fail(response, refusal[0], refusal[1]);

    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = request.method ?? 'GET';
    if (!bucketName) return this.fail(response, 'NotImplemented', 'listing buckets is not offered');
    const bucket = this.buckets.get(bucketName);
    if (!key) {
      if (method === 'PUT') {
        if (bucket) return this.fail(response, 'BucketAlreadyOwnedByYou', bucketName);
        if (!this.createBucket(bucketName)) return this.fail(response, 'InvalidBucketName', bucketName);
        response.writeHead(200, { location: `/${bucketName}` }).end();
        return;
      }
      if (!bucket) return this.fail(response, 'NoSuchBucket', bucketName);
      if (method === 'HEAD') return void response.writeHead(200).end();
      if (method === 'GET' && url.searchParams.get('list-type') === '2')
        return this.list(response, bucketName, bucket, url);
      if (method === 'POST' && url.searchParams.has('delete')) return this.deleteMany(response, bucket, body);
      return this.fail(response, 'MethodNotAllowed', `${method} on a bucket`);
    }
    if (!bucket) return this.fail(response, 'NoSuchBucket', bucketName);
    if (method === 'PUT') {
      const meta: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (name.startsWith('x-amz-meta-') && typeof value === 'string') meta[name.slice('x-amz-meta-'.length)] = value;
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      bucket.set(key, {
        data: body,
        type: request.headers['content-type'] ?? 'binary/octet-stream',
        meta,
        etag,
        // HTTP dates have whole seconds: a stored date with milliseconds would never match them.
        modified: new Date(Math.floor(Date.now() / 1000) * 1000),
      });
      response.writeHead(200, { etag }).end();
      return;
    }
    if (method === 'DELETE') {
      bucket.delete(key);
      return void response.writeHead(204).end();
    }
    if (method !== 'GET' && method !== 'HEAD') return this.fail(response, 'MethodNotAllowed', method);
    const object = bucket.get(key);
    if (!object) {
      if (method === 'HEAD') return void response.writeHead(404).end();
      return this.fail(response, 'NoSuchKey', key);
    }
    this.read(request, response, object, method === 'HEAD');
  }

  /** GET and HEAD of an object: preconditions as S3 orders them, then one range or the whole. */
  private read(request: IncomingMessage, response: ServerResponse, object: StoredObject, head: boolean): void {
    const h = request.headers;
    const date = (value: string | undefined) => (value && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : null);
    const failed = (code: number) => {
      response.writeHead(code, { etag: object.etag, 'last-modified': object.modified.toUTCString() }).end();
    };
    if (h['if-match'] && h['if-match'] !== object.etag && h['if-match'] !== '*') return failed(412);
    const unmodified = date(h['if-unmodified-since']);
    if (!h['if-match'] && unmodified !== null && object.modified.getTime() > unmodified) return failed(412);
    if (h['if-none-match']) {
      if (h['if-none-match'] === object.etag || h['if-none-match'] === '*') return failed(304);
    } else {
      const since = date(h['if-modified-since']);
      if (since !== null && object.modified.getTime() <= since) return failed(304);
    }
    const headers: Record<string, string | number> = {
      'content-type': object.type,
      etag: object.etag,
      'last-modified': object.modified.toUTCString(),
      'accept-ranges': 'bytes',
      ...Object.fromEntries(Object.entries(object.meta).map(([name, value]) => [`x-amz-meta-${name}`, value])),
    };
    const size = object.data.length;
    const range = /^bytes=(\d*)-(\d*)$/.exec(h.range ?? '');
    if (range && (range[1] || range[2])) {
      let start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      let end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (!range[1]) end = size - 1;
      if (start >= size || end < start) {
        if (head) return void response.writeHead(416).end();
        return this.fail(response, 'InvalidRange', 'The requested range is not satisfiable');
      }
      start = Math.max(0, start);
      const part = object.data.subarray(start, end + 1);
      response.writeHead(206, {
        ...headers,
        'content-length': part.length,
        'content-range': `bytes ${start}-${end}/${size}`,
      });
      return void response.end(head ? undefined : part);
    }
    response.writeHead(200, { ...headers, 'content-length': size });
    response.end(head ? undefined : object.data);
  }

  private list(response: ServerResponse, name: string, bucket: Map<string, StoredObject>, url: URL): void {
    const prefix = url.searchParams.get('prefix') ?? '';
    const max = Math.min(1000, Number(url.searchParams.get('max-keys') ?? 1000) || 1000);
    const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
    const keys = [...bucket.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > max;
    const contents = page
      .map((key) => {
        const object = bucket.get(key)!;
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.modified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `${XML_HEAD}<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escapeXml(name)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''}</ListBucketResult>`,
    );
  }

  private deleteMany(response: ServerResponse, bucket: Map<string, StoredObject>, body: Buffer): void {
    const xml = body.toString('utf8');
    if (!/<Delete[\s>]/.test(xml)) return this.fail(response, 'MalformedXML', 'a Delete element is required');
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => unescapeXml(match[1]));
    if (keys.length > 1000) return this.fail(response, 'MalformedXML', 'at most 1000 keys a request');
    for (const key of keys) bucket.delete(key);
    const quiet = /<Quiet>true<\/Quiet>/.test(xml);
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `${XML_HEAD}<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${quiet ? '' : keys.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join('')}</DeleteResult>`,
    );
  }

  /**
   * Why the request is refused ([code, message]), or null: it must carry a Signature V4 header by
   * this stand-in's key pair over the headers it names, and the body must match its declared hash.
   */
  private async refuse(request: IncomingMessage, url: URL, body: Buffer): Promise<[string, string] | null> {
    const authorization = request.headers.authorization ?? '';
    const parsed =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parsed) return ['AccessDenied', 'a Signature V4 Authorization header is required'];
    const [, accessKeyId, , , signedHeaders, signature] = parsed;
    if (accessKeyId !== this.options.accessKeyId) return ['AccessDenied', 'unknown access key'];
    const declared = request.headers['x-amz-content-sha256'];
    if (typeof declared !== 'string') return ['InvalidArgument', 'x-amz-content-sha256 is required'];
    if (declared.startsWith('STREAMING-')) return ['NotImplemented', 'chunked uploads are not offered'];
    if (declared !== 'UNSIGNED-PAYLOAD' && declared !== createHash('sha256').update(body).digest('hex'))
      return ['XAmzContentSHA256Mismatch', 'the body does not match x-amz-content-sha256'];
    const amzDate = request.headers['x-amz-date'];
    const when = typeof amzDate === 'string' ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate) : null;
    if (!when) return ['AccessDenied', 'x-amz-date is required'];
    const signingDate = new Date(Date.UTC(+when[1], +when[2] - 1, +when[3], +when[4], +when[5], +when[6]));
    if (Math.abs(Date.now() - signingDate.getTime()) > 15 * 60_000)
      return ['AccessDenied', 'the request was signed more than 15 minutes away from now'];
    const headers: Record<string, string> = {};
    for (const name of signedHeaders.split(';')) {
      const value = request.headers[name];
      headers[name] = Array.isArray(value) ? value.join(',') : (value ?? '');
    }
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of url.searchParams) {
      const seen = query[name];
      query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    const [hostname, port] = (request.headers.host ?? '').split(':');
    const signed = await this.signer.sign(
      {
        method: request.method ?? 'GET',
        protocol: 'http:',
        hostname,
        port: port ? Number(port) : undefined,
        path: (request.url ?? '/').split('?')[0],
        query,
        headers,
        body,
      },
      { signingDate, signableHeaders: new Set(signedHeaders.split(';')) },
    );
    const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1] ?? '';
    const ok = expected.length === 64 && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
    return ok ? null : ['SignatureDoesNotMatch', 'the signature does not match'];
  }
}
