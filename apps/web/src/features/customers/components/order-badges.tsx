import type { OrderStatus, PaymentStatus } from '@seamline/shared';
import { Badge } from '../../../components/ui';

const label = (value: string) => value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** Spec §4 colours: delivered green, cancelled red, others yellow; payment paid green, failed red, others yellow. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const variant = status === 'delivered' ? 'success' : status === 'cancelled' ? 'danger' : 'warning';
  return <Badge variant={variant}>{label(status)}</Badge>;
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const variant = status === 'paid' ? 'success' : status === 'failed' ? 'danger' : 'warning';
  return <Badge variant={variant}>{label(status)}</Badge>;
}
