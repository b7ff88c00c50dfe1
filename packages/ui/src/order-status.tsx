import type { OrderStatus, PaymentStatus } from '@seamline/shared';
import { Badge, type BadgeVariant } from './ui';

/** What the order and customer screens both show of an order: its status and payment status badges. */

/**
 * Badge colors (the specification): delivered green, cancelled red, others yellow; paid green, failed red, others
 * yellow.
 */
export function statusVariant(status: OrderStatus): BadgeVariant {
  return status === 'delivered' ? 'success' : status === 'cancelled' ? 'danger' : 'warning';
}
export function paymentVariant(status: PaymentStatus): BadgeVariant {
  return status === 'paid' ? 'success' : status === 'failed' ? 'danger' : 'warning';
}

/** `partially_refunded` → `Partially Refunded`. */
export const capitalize = (text: string) =>
  text
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={statusVariant(status)}>{capitalize(status)}</Badge>;
}
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={paymentVariant(status)}>{capitalize(status)}</Badge>;
}
