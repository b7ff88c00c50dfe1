import { randomBytes } from 'node:crypto';

/** 24-character lowercase hexadecimal id (ObjectId-shaped, docs/domain.md § API). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
