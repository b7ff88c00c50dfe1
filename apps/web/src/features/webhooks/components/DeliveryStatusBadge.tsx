import type { DeliveryStatus } from '@seamline/shared';
import { Badge, type BadgeVariant } from '@seamline/ui';

const VARIANTS: Record<DeliveryStatus, BadgeVariant> = { pending: 'warning', delivered: 'success', failed: 'danger' };
const LABELS: Record<DeliveryStatus, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <Badge variant={VARIANTS[status]}>{LABELS[status]}</Badge>;
}
