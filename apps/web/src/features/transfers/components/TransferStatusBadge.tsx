import { TRANSFER_STATUS_LABELS, type TransferStatus } from '@seamline/shared';
import { Badge, type BadgeVariant } from '@seamline/ui';

const VARIANTS: Record<TransferStatus, BadgeVariant> = {
  draft: 'neutral',
  in_transit: 'info',
  received: 'success',
  cancelled: 'danger',
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return <Badge variant={VARIANTS[status]}>{TRANSFER_STATUS_LABELS[status]}</Badge>;
}
