import type { Readable } from 'node:stream';
import { AppError } from '../errors.js';

/**
 * Where uploaded files live (product images and their renditions, category images, brand logos). Keys are
 * relative paths such as `products/<id>.webp`; the URL handed to clients is derived from the key, and a URL maps
 * back to its key only when this storage handed it out.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the stream under key. Failures reject with an AppError where the cause is known (507 for a full disk,
   * 503 for an unreachable bucket); the caller tells a failing body (an undecodable image) apart by the stream.
   */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** Deletes the keys; keys that are already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** Like remove, but never fails: what cannot be deleted is logged (cleanup, or after a committed change). */
  discard(keys: readonly string[]): Promise<void>;
  url(key: string): string;
  keyOf(url: string): string | null;
  /** Readiness: resolves when the storage can be written to, rejects otherwise. */
  check(): Promise<void>;
  close(): void;
}

/** The error code of a bucket that could not be reached or refused a request (503 with Retry-After). */
export const STORAGE_UNAVAILABLE = 'STORAGE_UNAVAILABLE';

export function isStorageUnavailable(error: unknown): boolean {
  return error instanceof AppError && error.code === STORAGE_UNAVAILABLE;
}
