import { AppError } from '../lib/errors.js';
import type { Db, DbOrTx } from './client.js';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the whole transaction back, so running it again is safe. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

/** Attempts per business transaction before the caller gets 503 (docs/domain.md § Production). */
export const TRANSACTION_ATTEMPTS = 4;
const RETRY_AFTER_SECONDS = 1;

export const serviceBusy = () =>
  new AppError(503, 'SERVICE_BUSY', 'The server is busy, please try again in a moment.', undefined, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });

/** The PostgreSQL SQLSTATE of an error, looking through driver wrappers (drizzle puts the driver error in `cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isRetryableConflict = (error: unknown) => RETRYABLE_CODES.has(sqlState(error) ?? '');

/**
 * For a transaction that finds, under its locks, that a set of rows it locked earlier has grown meanwhile (a row it
 * needed joined the set between its two lock statements): a serialization failure of its own, so the transaction is
 * rolled back and run again like one PostgreSQL reports, and the next run locks the set as it then stands.
 */
export const transactionToRunAgain = (why: string) => Object.assign(new Error(why), { code: '40001' });

const withExternalEffects = new WeakSet<object>();

/**
 * Marks a transaction that has done something outside the database (a payment provider call): it is not run again
 * after a deadlock, since that would repeat the call; the caller gets 503 instead.
 */
export function markExternalEffect(tx: DbOrTx): void {
  withExternalEffects.add(tx);
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 10 * 2 ** attempt));

/**
 * Makes every `db.transaction(...)` a retried business transaction: when PostgreSQL aborts it with a serialization
 * failure or a deadlock, the whole callback runs again on a fresh transaction (after a short random pause) up to
 * TRANSACTION_ATTEMPTS times; then 503 with Retry-After. Savepoints (`tx.transaction`) are not retried on their own.
 */
export function retryTransactions(db: Db): Db {
  const open = db.transaction.bind(db);
  const retrying: Db['transaction'] = async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      let touched: DbOrTx | undefined;
      try {
        return await open((tx) => {
          touched = tx;
          return work(tx);
        }, config);
      } catch (error) {
        if (!isRetryableConflict(error)) throw error;
        if (attempt >= TRANSACTION_ATTEMPTS || (touched && withExternalEffects.has(touched))) throw serviceBusy();
        await pause(attempt);
      }
    }
  };
  db.transaction = retrying;
  return db;
}
