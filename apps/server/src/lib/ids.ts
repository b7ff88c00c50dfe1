import { randomFillSync } from 'node:crypto';

const ID_BYTES = 12;
/** Ids cut from one draw: 4,092 bytes. */
const IDS_PER_DRAW = 341;
/**
 * Random bytes drawn from the system's CSPRNG about 4 KiB at a time (as Node's own randomUUID does): one system call
 * per IDS_PER_DRAW ids instead of one per id, which cost about 5 µs each, several times per order.
 */
const pool = Buffer.alloc(IDS_PER_DRAW * ID_BYTES);
let used = pool.length;

/** 24-character lowercase hexadecimal id (ObjectId-shaped, docs/domain.md § API). */
export function newId(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += ID_BYTES;
  return pool.toString('hex', used - ID_BYTES, used);
}
