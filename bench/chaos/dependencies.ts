import { startSmtpSink } from '../../apps/server/test/cluster.js';
import { startTestRedis } from '../../apps/server/test/redis.js';
import { startTestBucket } from '../../apps/server/test/s3.js';
import { type StallingPort, startStallingPort } from '../../apps/server/test/stalling-port.js';

/** One way a dependency fails, and how it comes back. */
export type Fault = { name: string; begin(): Promise<void>; end(): Promise<void> };

export type Dependencies = {
  /** What the server process needs to use them. */
  serverEnv: Record<string, string>;
  faults: Fault[];
  close(): Promise<void>;
};

/**
 * Redis as a redis-server child process (stopped for real, frozen with SIGSTOP), an SMTP sink and an S3-protocol
 * server (the test fakes) each behind a loopback relay that can refuse connections (a stopped service) or hold them
 * without an answer (a hung one). Each fault ends with the dependency answering on the same address again.
 */
export async function startDependencies(): Promise<Dependencies> {
  const redis = await startTestRedis();
  const [sink, bucket, smtpPort, s3Port] = await Promise.all([
    startSmtpSink(),
    startTestBucket('seamline-chaos'),
    startStallingPort(),
    startStallingPort(),
  ]);
  const sinkPort = Number(new URL(sink.url).port);
  const bucketPort = Number(new URL(bucket.s3.endpoint!).port);
  await smtpPort.forwardTo(sinkPort);
  await s3Port.forwardTo(bucketPort);

  const relayed = (name: string, port: StallingPort, target: number): Fault[] => [
    { name: `${name} stopped`, begin: () => port.refuse(), end: () => port.forwardTo(target) },
    { name: `${name} hung`, begin: () => port.stall(), end: () => port.forwardTo(target) },
  ];
  const s3 = bucket.s3;
  return {
    serverEnv: {
      REDIS_URL: redis.url,
      SMTP_URL: smtpPort.url('smtp'),
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3Port.url('http'),
      S3_ACCESS_KEY_ID: s3.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      S3_PUBLIC_URL: s3.publicUrl,
    },
    faults: [
      { name: 'Redis stopped', begin: () => redis.stop(), end: () => redis.start() },
      { name: 'Redis frozen', begin: async () => redis.freeze(), end: async () => redis.thaw() },
      ...relayed('SMTP', smtpPort, sinkPort),
      ...relayed('S3', s3Port, bucketPort),
    ],
    async close() {
      await redis.stop();
      await Promise.all([smtpPort.close(), s3Port.close()]);
      await Promise.all([sink.close(), bucket.close()]);
    },
  };
}
