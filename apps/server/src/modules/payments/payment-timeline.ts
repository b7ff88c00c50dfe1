import {
  fromCents,
  type OrderPaymentsView,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  type PaymentRecordView,
  toCents,
} from '@seamline/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import type { PaymentProviders } from './provider-registry.js';

type PaymentRow = typeof payments.$inferSelect;

/** When a step happened: the date staff gave (a transfer's value date), else when it was recorded. */
export const paymentOccurredAt = sql`coalesce(${payments.occurredAt}, ${payments.createdAt})`;

/** The provider's id of a step: a refund's, dispute's or transfer's own reference, else the charge's intent. */
export function paymentProviderId(row: Pick<PaymentRow, 'kind' | 'providerRef' | 'intentId'>): string {
  return row.kind === 'charge' ? row.intentId : (row.providerRef ?? row.intentId);
}

/** The order's payment rows, oldest first. */
export function orderPaymentRows(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(paymentOccurredAt), asc(payments.createdAt), asc(payments.id));
}

const sumCents = (rows: readonly PaymentRow[], keep: (row: PaymentRow) => boolean) =>
  rows.filter(keep).reduce((sum, row) => sum + toCents(row.amount), 0);

/**
 * The order's payment timeline and what it adds up to: captured = succeeded charges and manual records, refunded =
 * succeeded refunds, refundable = captured − every refund that counts (succeeded or still pending at the provider),
 * outstanding = total − captured (0 for a cancelled or refunded order: nothing is owed any more).
 */
export function orderPaymentsView(
  rows: readonly PaymentRow[],
  order: { total: number; status: string },
  providers: Pick<PaymentProviders, 'byName'>,
): OrderPaymentsView {
  const captured = sumCents(
    rows,
    (row) => (row.kind === 'charge' || row.kind === 'manual') && row.status === 'succeeded',
  );
  const refunded = sumCents(rows, (row) => row.kind === 'refund' && row.status === 'succeeded');
  const reserved = sumCents(
    rows,
    (row) => row.kind === 'refund' && (row.status === 'succeeded' || row.status === 'pending'),
  );
  const closed = order.status === 'cancelled' || order.status === 'refunded';
  return {
    payments: rows.map(paymentRecordView(providers)),
    captured: fromCents(captured),
    refunded: fromCents(refunded),
    refundable: fromCents(Math.max(0, captured - reserved)),
    outstanding: closed ? 0 : fromCents(Math.max(0, toCents(order.total) - captured)),
  };
}

const paymentRecordView =
  (providers: Pick<PaymentProviders, 'byName'>) =>
  (row: PaymentRow): PaymentRecordView => ({
    id: row.id,
    kind: row.kind,
    provider: PAYMENT_PROVIDERS.includes(row.provider as PaymentProviderName)
      ? (row.provider as PaymentProviderName)
      : 'manual',
    providerId: paymentProviderId(row),
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    message: row.message,
    dashboardUrl:
      row.provider === 'manual' ? null : (providers.byName(row.provider)?.dashboardUrl(row.intentId) ?? null),
    recordedBy: row.recordedBy,
    occurredAt: (row.occurredAt ?? row.createdAt).toISOString(),
  });
