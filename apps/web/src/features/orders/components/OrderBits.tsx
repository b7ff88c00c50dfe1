import type { OrderView } from '@seamline/shared';
import { Badge, Button, cn, OrderStatusBadge, PaymentStatusBadge } from '@seamline/ui';
import { Eye, Pencil, Settings2, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { variantSummary } from '../order-display';

export function StatusBadge({ order }: { order: Pick<OrderView, 'status'> }) {
  return <OrderStatusBadge status={order.status} />;
}
export function PaymentBadge({ order }: { order: Pick<OrderView, 'paymentStatus'> }) {
  return <PaymentStatusBadge status={order.paymentStatus} />;
}

/** A label and its value on one line of a details list (`<dl>`). */
export function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** A small figure tile (total, items, status…) at the top of an order's details. */
export function DetailTile({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-100 bg-slate-50 p-3">
      <p className="text-xs text-slate-500">{label}</p>
      <div className="mt-1 text-base font-semibold text-slate-900">{value}</div>
    </div>
  );
}

/** Prev / "Page N of M" / Next under the sidebar list and the table. */
export function PrevNextPager({
  page,
  totalPages,
  onPageChange,
  className,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex items-center justify-between border-t border-slate-100 px-4 py-3 text-sm text-slate-600',
        className,
      )}
    >
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Prev
      </Button>
      <span>
        Page {page} of {totalPages}
      </span>
      <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </div>
  );
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
