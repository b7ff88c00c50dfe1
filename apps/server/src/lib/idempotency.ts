import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import type { AuthUser } from '../types.js';
import { AppError, badRequest } from './errors.js';

export type Stored<T> = { statusCode: number; body: T };

const KEY_PATTERN = /^[\w.:-]{1,200}$/;

/** The Idempotency-Key header, validated (letters, digits, `_ . : -`, at most 200). */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!KEY_PATTERN.test(value)) throw badRequest('Invalid Idempotency-Key header', 'Idempotency-Key');
  return value;
}

/** Who a key belongs to: the signed-in user, else the guest e-mail the request carries, else nobody in particular. */
export function callerOf(user: AuthUser | null | undefined, guestEmail?: string): string {
  if (user?.apiKey) return `apiKey:${user.apiKey.id}`;
  if (user) return `user:${user.id}`;
  return guestEmail ? `guest:${guestEmail.toLowerCase()}` : 'anonymous';
}

export type IdempotentRequest = {
  /** The business operation, e.g. `order-create`. */
  operation: string;
  key: string | undefined;
  /** From callerOf: another caller never sees this caller's answer. */
  caller: string;
  /** The validated request body; a replay must carry the same one. */
  body: unknown;
};

const keyReused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request.');

/**
 * Runs `operation` once per (operation, caller, key): the answer is stored in the same transaction as the change, so
 * a replay (even a concurrent one, which loses on the primary key and rolls back) returns the first answer and creates
 * nothing. The same key with another body is refused (422); another caller's key is a different key altogether, so
 * their request runs under the normal access rules. Failed operations store nothing, so retrying them is safe.
 */
export async function once<T>(
  db: Db,
  request: IdempotentRequest,
  operation: (tx: Tx) => Promise<Stored<T>>,
): Promise<Stored<T>> {
  const { key } = request;
  if (!key) return db.transaction(operation);
  const scope = `${request.operation}:${request.caller}`;
  const requestHash = hashBody(request.body);
  const replay = async () => {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row) return null;
    if (row.requestHash !== requestHash) throw keyReused();
    return { statusCode: row.statusCode, body: row.body as T };
  };
  const previous = await replay();
  if (previous) return previous;
  try {
    return await db.transaction(async (tx) => {
      const result = await operation(tx);
      await tx
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash, statusCode: result.statusCode, body: result.body });
      return result;
    });
  } catch (error) {
    const winner = await replay();
    if (winner) return winner;
    throw error;
  }
}

/** SHA-256 of the body as canonical JSON (object keys sorted), so key order in the request does not matter. */
function hashBody(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body, sortedKeys)).digest('hex');
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
