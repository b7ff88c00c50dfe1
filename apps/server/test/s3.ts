import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type Config, loadConfig } from '../src/config.js';

export type TestBucket = {
  /** The S3 part of the server configuration, parsed from S3_* variables as in production. */
  s3: NonNullable<Config['s3']>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  head(key: string): Promise<HeadObjectCommandOutput>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver) on a free loopback port, storing in a temporary folder, with one empty bucket.
 * Objects are publicly readable over plain HTTP at <endpoint>/<bucket>/<key>, like a public bucket.
 */
export async function startTestBucket(bucket = 'seamline-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'seamline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    S3_PUBLIC_URL: `${endpoint}/${bucket}`,
  });
  const s3 = config.s3!;
  const client = new S3Client({
    region: s3.region,
    endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    s3,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    head: (key) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })),
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
