import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { badRequest } from './errors.js';

export type Stored<T> = { statusCode: number; body: T };

const KEY_PATTERN = /^[\w.:-]{1,200}$/;

/** The Idempotency-Key header, validated (letters, digits, `_ . : -`, at most 200). */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!KEY_PATTERN.test(value)) throw badRequest('Invalid Idempotency-Key header', 'Idempotency-Key');
  return value;
}

/**
 * Runs `operation` once per (scope, key): the answer is stored in the same transaction as the change, so a replay
 * (even a concurrent one, which loses on the primary key and rolls back) returns the first answer and creates
 * nothing. Failed operations store nothing: nothing was written, so retrying them is safe.
 */
export async function once<T>(
  db: Db,
  scope: string,
  key: string | undefined,
  operation: (tx: Tx) => Promise<Stored<T>>,
): Promise<Stored<T>> {
  if (!key) return db.transaction(operation);
  const replay = async () => {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return row ? { statusCode: row.statusCode, body: row.body as T } : null;
  };
  const previous = await replay();
  if (previous) return previous;
  try {
    return await db.transaction(async (tx) => {
      const result = await operation(tx);
      await tx.insert(idempotencyKeys).values({ scope, key, statusCode: result.statusCode, body: result.body });
      return result;
    });
  } catch (error) {
    const winner = await replay();
    if (winner) return winner;
    throw error;
  }
}
