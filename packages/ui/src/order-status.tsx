import type { OrderStatus, PaymentStatus } from '@seamline/shared';
import { Badge, type BadgeVariant } from './components/badge';

// How every screen shows an order's status and payment status: a label and a badge colour.

/** Badge colours: delivered green, cancelled red, others yellow; paid green, failed red, others yellow. */
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

/** The words for a status: `shipped` → `Shipped`, `partially_refunded` → `Partially Refunded`. */
export const statusLabel = (status: OrderStatus | PaymentStatus) => capitalize(status);

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={statusVariant(status)}>{statusLabel(status)}</Badge>;
}
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={paymentVariant(status)}>{statusLabel(status)}</Badge>;
}
