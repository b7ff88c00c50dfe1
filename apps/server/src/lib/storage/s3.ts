import type { Readable } from 'node:stream';
import { DeleteObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.js';
import { AppError } from '../errors.js';
import { removeOrLog, type StorageLog } from './left-behind.js';
import { type ObjectStorage, STORAGE_UNAVAILABLE } from './object-storage.js';

/** One retry: a stalled bucket costs a request at most about twice S3_TIMEOUT_MS, not the SDK's three attempts. */
const MAX_ATTEMPTS = 2;

/**
 * Objects in an S3-compatible bucket, served to clients from S3_PUBLIC_URL (a public bucket or a CDN in front).
 * Every request has a connect timeout and an inactivity timeout (a slow upload that keeps moving is fine; a bucket
 * that stops answering is not), so a stalled bucket fails the request with 503 instead of holding it.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    private readonly log: StorageLog,
  ) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: many S3-compatible servers reject or mis-store the aws-chunked
      // trailing checksums the SDK would otherwise add to every streamed upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: { connectionTimeout: config.timeoutMs, socketTimeout: config.timeoutMs },
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    // Upload reads the stream in parts (one part, at most 5 MB, in memory at a time); an image rendition fits in
    // one part, so it is sent as a single PUT.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      },
    });
    try {
      await upload.done();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    // One DELETE per key: DeleteObjects needs a Content-MD5 that not every S3-compatible server accepts alike.
    try {
      await Promise.all(
        keys.map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key }))),
      );
    } catch (error) {
      throw unavailable(error);
    }
  }

  discard(keys: readonly string[]): Promise<void> {
    return removeOrLog(() => this.remove(keys), keys, this.log);
  }

  url(key: string): string {
    return `${this.config.publicUrl}/${key}`;
  }

  keyOf(url: string): string | null {
    const prefix = `${this.config.publicUrl}/`;
    return url.startsWith(prefix) && url.length > prefix.length ? url.slice(prefix.length) : null;
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The bucket could not be reached or refused the request: a temporary server-side problem (503, logged). */
function unavailable(error: unknown): AppError {
  const failure = new AppError(
    503,
    STORAGE_UNAVAILABLE,
    'The image storage is unavailable, please try again shortly',
    undefined,
    {
      'retry-after': '5',
    },
  );
  failure.cause = error;
  return failure;
}
