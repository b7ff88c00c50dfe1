import { constants } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.js';
import { consoleStorageLog, removeOrLog, type StorageLog } from './left-behind.js';
import type { ObjectStorage } from './object-storage.js';

/** Files under one folder, served by the app itself at /uploads. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(
    dir: string,
    private readonly log: StorageLog = consoleStorageLog,
  ) {
    this.root = path.resolve(dir);
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    const file = this.fileOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      // writeFile drains the stream chunk by chunk: the rendition is never held whole in memory.
      await writeFile(file, body);
    } catch (error) {
      throw diskFailure(error);
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await rm(this.fileOf(key), { force: true });
  }

  discard(keys: readonly string[]): Promise<void> {
    return removeOrLog(() => this.remove(keys), keys, this.log);
  }

  url(key: string): string {
    return `/uploads/${key}`;
  }

  keyOf(url: string): string | null {
    if (!url.startsWith('/uploads/')) return null;
    const key = url.slice('/uploads/'.length);
    return this.inside(key) ? key : null;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  close(): void {}

  private inside(key: string): boolean {
    return path.resolve(this.root, key).startsWith(this.root + path.sep);
  }

  /** Only paths under the folder: a key that climbs out of it is a programming error. */
  private fileOf(key: string): string {
    if (!this.inside(key)) throw new Error(`Storage key outside the upload folder: ${key}`);
    return path.resolve(this.root, key);
  }
}

/** A full disk or quota is the server's storage problem (507, logged); anything else stays a server error. */
function diskFailure(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  const failure = new AppError(507, 'INSUFFICIENT_STORAGE', 'There is not enough storage space to save the image');
  failure.cause = error;
  return failure;
}
