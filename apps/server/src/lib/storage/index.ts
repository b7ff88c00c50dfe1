import type { Config } from '../../config.js';
import { consoleStorageLog, type StorageLog } from './left-behind.js';
import { LocalStorage } from './local.js';
import type { ObjectStorage } from './object-storage.js';

export { isStorageUnavailable, type ObjectStorage, STORAGE_UNAVAILABLE } from './object-storage.js';

/**
 * The backend chosen by the environment: S3 when S3_BUCKET is set, the upload folder otherwise. The AWS SDK is
 * loaded only for S3 (importing it costs about 0.4 s of start-up).
 */
export async function createStorage(
  config: Pick<Config, 'uploadDir' | 's3'>,
  log: StorageLog = consoleStorageLog,
): Promise<ObjectStorage> {
  if (!config.s3) return new LocalStorage(config.uploadDir, log);
  const { S3Storage } = await import('./s3.js');
  return new S3Storage(config.s3, log);
}
