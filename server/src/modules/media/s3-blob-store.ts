import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandInput,
} from '@aws-sdk/client-s3';
import type { FastifyRequest } from 'fastify';
import type { S3StorageConfig } from '../../config/config.js';
import { SNIFF_BYTES, sniff, type BlobAnswer, type BlobStore } from './blob-store.js';

/** The user metadata holding the type the bytes were found to be when stored ('-': none). */
const TYPE_META = 'sniffed-type';
// One range, as S3 serves it; a list of ranges is answered with the whole file, as RFC 9110 allows.
const ONE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible servers (older Ceph RGW, R2 at
    // first) refuse the trailing checksums the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails the request that needed it instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * Object storage through the S3 API (AWS, MinIO, Cloudflare R2, Ceph RGW, SeaweedFS, …), so every
 * node of an installation serves every file. Files are answered through the server, never by a
 * redirect to the bucket: S3 cannot send `nosniff` or the sandbox's CSP, which every file keeps.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly bucket: string;

  constructor(
    config: S3StorageConfig,
    private readonly client: S3Client = s3Client(config),
  ) {
    this.bucket = config.bucket;
  }

  async put(key: string, data: Buffer, type: string | undefined): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        // For anyone reading the bucket directly; the server goes by the metadata below.
        ContentType: type ?? 'application/octet-stream',
        Metadata: { [TYPE_META]: type ?? '-' },
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
  }

  async deleteFolder(folder: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
      if (keys.length)
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async answer(request: FastifyRequest, key: string): Promise<BlobAnswer | null> {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' && value ? value : undefined;
    };
    // An HTTP date the client sent, or nothing for a date that does not parse (ignored, as RFC 9110 says).
    const date = (name: string) => {
      const value = header(name);
      return value && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
    };
    const range = header('range');
    const input: GetObjectCommandInput = {
      Bucket: this.bucket,
      Key: key,
      Range: range && ONE_RANGE.test(range) ? range : undefined,
      IfNoneMatch: header('if-none-match'),
      IfMatch: header('if-match'),
      IfModifiedSince: date('if-modified-since'),
      IfUnmodifiedSince: date('if-unmodified-since'),
    };
    const head = request.method === 'HEAD';
    let out: {
      ContentLength?: number;
      ContentRange?: string;
      ETag?: string;
      LastModified?: Date;
      Metadata?: Record<string, string>;
      Body?: unknown;
    };
    try {
      out = await this.client.send(head ? new HeadObjectCommand(input) : new GetObjectCommand(input));
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      if (status === 304 || status === 412) return { statusCode: status, headers: {}, body: null, type: undefined };
      if (status === 416) {
        const size = await this.size(key);
        if (size === null) return null;
        return { statusCode: 416, headers: { 'content-range': `bytes */${size}` }, body: null, type: undefined };
      }
      throw error;
    }
    const known = out.Metadata?.[TYPE_META];
    const type = known === undefined ? await this.sniffStored(key) : known === '-' ? undefined : known;
    const headers: Record<string, string | number> = {
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=0',
    };
    if (out.ContentLength !== undefined) headers['content-length'] = out.ContentLength;
    if (out.ContentRange) headers['content-range'] = out.ContentRange;
    if (out.ETag) headers.etag = out.ETag;
    if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
    return {
      statusCode: out.ContentRange ? 206 : 200,
      headers,
      body: head ? null : (out.Body as NodeJS.ReadableStream),
      type,
    };
  }

  /** A file put in the bucket by other means (a migration) has no type of ours: read its first bytes. */
  private async sniffStored(key: string): Promise<string | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${SNIFF_BYTES - 1}` }),
      );
      return sniff(await out.Body!.transformToByteArray());
    } catch (error) {
      // An empty file has no first byte to range over.
      if (statusOf(error) === 416) return undefined;
      throw error;
    }
  }

  private async size(key: string): Promise<number | null> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
