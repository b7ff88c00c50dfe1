import type { AlertStatus } from '@seamline/shared';
import { Badge, type BadgeVariant } from '@seamline/ui';

export const ALERT_BADGE: Record<AlertStatus, BadgeVariant> = {
  'Out of Stock': 'danger',
  Critical: 'warning',
  'Low Stock': 'info',
};

export function AlertBadge({ status }: { status: AlertStatus }) {
  return <Badge variant={ALERT_BADGE[status]}>{status}</Badge>;
}
