import { createHash } from 'node:crypto';
import { fromCents, toCents } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { markExternalEffect } from '../../db/retry.js';
import { payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { PaymentProvider } from './provider.js';
import type { PaymentProviders } from './provider-registry.js';

/** Refunds of an order's captured money through the providers that took it (docs/payments-staff.md). */

type PaymentRow = typeof payments.$inferSelect;

/** How long a provider may take to answer a refund before staff are told it did not (the refund rolls back). */
export const REFUND_TIMEOUT_MS = 20_000;

/** Where a refund goes: the provider each charge was made with (or the one provider a caller has). */
export type RefundProviders = Pick<PaymentProviders, 'byName'> | PaymentProvider;

function providerNamed(providers: RefundProviders, name: string): PaymentProvider | undefined {
  return 'byName' in providers ? providers.byName(name) : providers.name === name ? providers : undefined;
}

export type RefundOptions = {
  /**
   * The request's own Idempotency-Key, when it has one: the provider keys are made from it, so the same request sent
   * again asks the provider with the same keys and gets the refund it already made, never a second one.
   */
  requestKey?: string | undefined;
  /** Why (staff's words), kept as the refund rows' message. */
  reason?: string | undefined;
  recordedBy?: string | null | undefined;
  /** How long the provider may take (REFUND_TIMEOUT_MS unless a test shortens it). */
  timeoutMs?: number | undefined;
};

export const refundFailed = (why: string) =>
  new AppError(502, 'REFUND_FAILED', `${why} Nothing was refunded; please try again later.`);

/** Money a refund counts against: refunds done and refunds the provider is still carrying out. */
const COUNTS_AS_REFUNDED = ['succeeded', 'pending'];

/**
 * The order's money that a refund can give back, oldest first: succeeded charges and succeeded manual records (cash,
 * transfers), each with what is left of it after its refunds (cents). A refund names its source by provider and
 * intent id.
 */
export function refundableSources(rows: readonly PaymentRow[]) {
  const at = (row: PaymentRow) => (row.occurredAt ?? row.createdAt).getTime();
  return rows
    .filter((row) => (row.kind === 'charge' || row.kind === 'manual') && row.status === 'succeeded')
    .sort((a, b) => at(a) - at(b) || a.createdAt.getTime() - b.createdAt.getTime())
    .map((source) => {
      const refunded = rows
        .filter(
          (row) =>
            row.kind === 'refund' &&
            COUNTS_AS_REFUNDED.includes(row.status) &&
            row.provider === source.provider &&
            row.intentId === source.intentId,
        )
        .reduce((sum, row) => sum + toCents(row.amount), 0);
      return { source, leftCents: toCents(source.amount) - refunded };
    })
    .filter((entry) => entry.leftCents > 0);
}

/** One provider refund call, bounded in time: a refusal, an error or no answer are all "not refunded" (502). */
async function askProvider(
  provider: PaymentProvider,
  input: Parameters<PaymentProvider['refund']>[0],
  timeoutMs = REFUND_TIMEOUT_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    const refund = await Promise.race([provider.refund(input), timeout]);
    if (refund.status === 'failed') throw refundFailed('The payment provider refused the refund.');
    return refund;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refundFailed(
      error instanceof Error && error.message === 'timeout'
        ? 'The payment provider did not answer the refund in time.'
        : 'The payment provider could not be reached for the refund.',
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refunds up to `amountCents` of the order's money (oldest first, each source at most what is left of it), one
 * refund row per part. Returns the cents refunded.
 *
 * The caller holds the order row's lock for its whole transaction, and the provider is called inside
 * it. That is what keeps refunds safe in parallel: a second refund of the same order waits for the lock, then reads
 * the first one's refund rows and sees only what is really left, so the refunds never add up to more than was
 * captured and the provider is asked once. A provider refusal, error or timeout throws 502 and the transaction rolls
 * back: nothing is recorded as refunded. Each provider call carries an idempotency key that the refund row stores;
 * when the request had its own Idempotency-Key the provider key is derived from it, so a request retried after a
 * lost answer (the provider refunded, our commit did not happen) gets the provider's same refund, not a second one,
 * and the provider's refund event (webhook) records any refund we could not. We chose this over a "pending row
 * first, provider call outside the transaction" design because the status change and return approval refund inside
 * their own order transaction (stock, coupon and status move with the money), and because a refund the provider
 * refused must leave no trace; the lock is held only for the provider's answer, bounded by REFUND_TIMEOUT_MS.
 *
 * Money staff recorded by hand (cash on delivery, a bank transfer) is refunded as a `manual` refund row: the store
 * pays it back by hand, outside any provider, and the row says so.
 */
export async function refundThroughProvider(
  db: DbOrTx,
  providers: RefundProviders,
  orderId: string,
  amountCents: number,
  options: RefundOptions = {},
): Promise<number> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const base = options.requestKey
    ? `refund:${orderId}:${createHash('sha256').update(options.requestKey).digest('hex').slice(0, 32)}`
    : `refund:${newId()}`;
  const message = options.reason?.trim() || null;
  let refundedCents = 0;
  for (const { source, leftCents } of refundableSources(rows)) {
    const cents = Math.min(leftCents, amountCents - refundedCents);
    if (cents <= 0) break;
    const idempotencyKey = `${base}:${source.id}`;
    const common = {
      orderId,
      intentId: source.intentId,
      method: source.method,
      amount: fromCents(cents),
      currency: source.currency,
      kind: 'refund' as const,
      idempotencyKey,
      recordedBy: options.recordedBy ?? null,
      occurredAt: new Date(),
    };
    if (source.provider === 'manual') {
      await db.insert(payments).values({
        ...common,
        provider: 'manual',
        status: 'succeeded',
        message: message ? `${message} (to pay back by hand)` : 'To pay back by hand',
      });
    } else {
      const provider = providerNamed(providers, source.provider);
      if (!provider)
        throw refundFailed(`The payment provider "${source.provider}" of this payment is not configured any more.`);
      markExternalEffect(db);
      const refund = await askProvider(
        provider,
        { intentId: source.intentId, amountCents: cents, currency: source.currency, idempotencyKey },
        options.timeoutMs,
      );
      await db.insert(payments).values({
        ...common,
        provider: source.provider,
        providerRef: refund.id || null,
        status: refund.status,
        message,
      });
    }
    refundedCents += cents;
  }
  return refundedCents;
}

/**
 * Refunds what is left of all the order's money (after partial refunds of returns, only the rest); the caller holds
 * the order row's lock (see refundThroughProvider). Returns the refunded amount in dollars (0 when nothing was paid or
 * all was given back).
 */
export async function refundOrderPayments(
  db: DbOrTx,
  providers: RefundProviders,
  orderId: string,
  options: RefundOptions = {},
): Promise<number> {
  return fromCents(await refundThroughProvider(db, providers, orderId, Number.MAX_SAFE_INTEGER, options));
}
