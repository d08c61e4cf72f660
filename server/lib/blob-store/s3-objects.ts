// Any S3-compatible object store (AWS S3, MinIO, Garage, Ceph RGW...), chosen by BLOB_STORE=s3://bucket/prefix.
// The AWS SDK v3 takes region, credentials and endpoint from its standard environment (AWS_REGION,
// AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or a profile or role, AWS_ENDPOINT_URL_S3 for a self-hosted store);
// BLOB_STORE_S3_PATH_STYLE=true asks for path-style addresses (http://host/bucket/key), which most self-hosted
// stores need. An object is written by one PutObject (S3 publishes it whole) and read with HTTP ranges, so audio
// is streamed from the store and never held whole in memory.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import {
  BlobNotFoundError,
  checkObjectKey,
  checkPrefix,
  type BlobRange,
  type ObjectInfo,
  type ObjectStore,
} from './objects.ts';

export { parseS3Url, type S3Location } from './s3-url.ts';

/** The SDK, loaded by the first S3 store only (a server on its local folder never loads it). */
let sdkModule: Promise<typeof S3Sdk> | null = null;
const sdk = () => (sdkModule ??= import('@aws-sdk/client-s3'));

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error).name);

export class S3ObjectStore implements ObjectStore {
  readonly location: string;
  private readonly base: string;

  constructor(
    private readonly client: () => Promise<S3Client>,
    readonly bucket: string,
    prefix: string,
  ) {
    this.base = prefix === '' ? '' : `${prefix}/`;
    this.location = `s3://${bucket}/${this.base}`;
  }

  /** A client from the SDK's standard environment, path-style when asked, made at its first use. */
  static client(pathStyle: boolean, overrides: S3ClientConfig = {}): () => Promise<S3Client> {
    let made: Promise<S3Client> | null = null;
    // Checksums only where S3 requires them, unless the environment asks for more: the SDK's default sends a
    // file's stream aws-chunked with a trailing checksum, which not every S3-compatible store reads (s3rver
    // stores the chunk framing). Content-addressed blobs carry their SHA-256 instead, which a store checks.
    const checksums = process.env.AWS_REQUEST_CHECKSUM_CALCULATION
      ? {}
      : { requestChecksumCalculation: 'WHEN_REQUIRED' as const };
    return () =>
      (made ??= sdk().then((m) => new m.S3Client({ forcePathStyle: pathStyle, ...checksums, ...overrides })));
  }

  /** The client and the SDK's commands. */
  private async s3() {
    return { client: await this.client(), m: await sdk() };
  }

  private keyOf(key: string): string {
    return `${this.base}${checkObjectKey(key)}`;
  }

  async putFile(
    key: string,
    filePath: string,
    { keepSource = false, sha256 }: { keepSource?: boolean; sha256?: string } = {},
  ): Promise<void> {
    const { client, m } = await this.s3();
    const { size } = await fsp.stat(filePath);
    const body = fs.createReadStream(filePath);
    try {
      await client.send(
        new m.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(key),
          Body: body,
          ContentLength: size,
          // The store checks the bytes it received against the hash the server computed.
          ...(sha256 ? { ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64') } : {}),
        }),
      );
    } finally {
      body.destroy();
    }
    if (!keepSource) await fsp.rm(filePath, { force: true });
  }

  async putBytes(key: string, bytes: Buffer): Promise<void> {
    const { client, m } = await this.s3();
    await client.send(
      new m.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(key),
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
  }

  async open(key: string, range?: BlobRange): Promise<{ stream: Readable; size: number }> {
    const { client, m } = await this.s3();
    try {
      const answer = await client.send(
        new m.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]) : answer.ContentLength;
      if (total === undefined || !Number.isFinite(total))
        throw new Error(`The store gave no size for ${key}`);
      return { stream: answer.Body as Readable, size: total };
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const { client, m } = await this.s3();
    try {
      const answer = await client.send(new m.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const { client, m } = await this.s3();
    try {
      const head = await client.send(new m.HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * S3 has no touch, and a copy onto itself does not renew the time on every S3-compatible store: the object is
   * written again (meant for small objects, such as speech cache entries).
   */
  async touch(key: string): Promise<boolean> {
    const bytes = await this.read(key);
    if (!bytes) return false;
    await this.putBytes(key, bytes);
    return true;
  }

  async delete(key: string): Promise<void> {
    const { client, m } = await this.s3();
    await client.send(new m.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    const { client, m } = await this.s3();
    const start = this.base.length;
    let token: string | undefined;
    do {
      const page = await client.send(
        new m.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${this.base}${checkPrefix(prefix)}`,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        yield {
          key: item.Key.slice(start),
          size: item.Size ?? 0,
          modifiedMs: item.LastModified?.getTime() ?? 0,
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  localPath(): null {
    return null;
  }
}
