import type { OrderView } from '@seamline/shared';
import { Eye, Pencil, Settings2, Trash2 } from 'lucide-react';
import { Badge, Button } from '../../../components/ui';
import { capitalize, paymentVariant, statusVariant, variantSummary } from '../order-display';

export function StatusBadge({ order }: { order: Pick<OrderView, 'status'> }) {
  return <Badge variant={statusVariant(order.status)}>{capitalize(order.status)}</Badge>;
}
export function PaymentBadge({ order }: { order: Pick<OrderView, 'paymentStatus'> }) {
  return <Badge variant={paymentVariant(order.paymentStatus)}>{capitalize(order.paymentStatus)}</Badge>;
}

/** The order's size/color list: the first `shown`, then '+N more'. */
export function VariantList({ order, shown = 2 }: { order: OrderView; shown?: number }) {
  const { labels, more } = variantSummary(order, shown);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {labels.map(({ id, label }) => (
        <Badge key={id} variant="neutral" className="font-normal">
          {label}
        </Badge>
      ))}
      {more > 0 ? <span className="text-xs text-slate-500">+{more} more</span> : null}
    </div>
  );
}

export type OrderActionHandlers = {
  onManageStatus: (order: OrderView) => void;
  onViewDetails: (order: OrderView) => void;
  onEdit: (order: OrderView) => void;
  onDelete: (order: OrderView) => void;
};

/** Icon buttons of a row or card: manage status, view details, edit, delete. */
export function OrderActions({ order, handlers }: { order: OrderView; handlers: OrderActionHandlers }) {
  return (
    <div className="flex items-center gap-1">
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Manage status of ${order.orderNumber}`}
        title="Manage Status"
        onClick={() => handlers.onManageStatus(order)}
      >
        <Settings2 />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`View details of ${order.orderNumber}`}
        title="View Details"
        onClick={() => handlers.onViewDetails(order)}
      >
        <Eye />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Edit ${order.orderNumber}`}
        title="Edit"
        onClick={() => handlers.onEdit(order)}
      >
        <Pencil />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="text-red-600 hover:bg-red-50 hover:text-red-700"
        aria-label={`Delete ${order.orderNumber}`}
        title="Delete"
        onClick={() => handlers.onDelete(order)}
      >
        <Trash2 />
      </Button>
    </div>
  );
}
