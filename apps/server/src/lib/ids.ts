import { randomBytes } from 'node:crypto';

/** 24-character lowercase hexadecimal id (ObjectId-shaped, DESIGN §3). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
