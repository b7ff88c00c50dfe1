import type { OrderView } from '@seamline/shared';
import {
  Avatar,
  Card,
  CardContent,
  Checkbox,
  EmptyState,
  formatDate,
  formatMoney,
  Highlight,
  Pagination,
} from '@seamline/ui';
import { ShoppingCart } from 'lucide-react';
import { customerName, itemCount } from '../order-display';
import { type OrderActionHandlers, OrderActions, PaymentBadge, StatusBadge, VariantList } from './OrderBits';

type Props = {
  orders: OrderView[];
  loading: boolean;
  search: string;
  selected: Set<string>;
  onToggle: (id: string) => void;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  handlers: OrderActionHandlers;
};

/** Grid View: cards, 8 per page, numbered page buttons, selection count. */
export function OrderGridView({
  orders,
  loading,
  search,
  selected,
  onToggle,
  page,
  totalPages,
  onPageChange,
  handlers,
}: Props) {
  if (loading) return <p className="py-16 text-center text-sm text-slate-500">Loading orders...</p>;
  if (orders.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white">
        <EmptyState icon={ShoppingCart} title="No Orders Found" description="Try another search or clear it." />
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{selected.size} selected</p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {orders.map((order) => (
          <Card key={order.id} className={selected.has(order.id) ? 'ring-2 ring-indigo-500' : undefined}>
            <CardContent className="flex h-full flex-col gap-3 p-4">
              <div className="flex items-start justify-between gap-2">
                <Checkbox
                  aria-label={`Select ${order.orderNumber}`}
                  checked={selected.has(order.id)}
                  onCheckedChange={() => onToggle(order.id)}
                />
                <div className="flex gap-1">
                  <StatusBadge order={order} />
                  <PaymentBadge order={order} />
                </div>
              </div>
              <div className="flex items-center gap-3">
                <Avatar seed={order.email ?? order.id} name={customerName(order)} size={36} />
                <div className="min-w-0">
                  <p className="truncate font-mono text-sm font-semibold text-slate-900">
                    <Highlight text={order.orderNumber} query={search} />
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    <Highlight text={customerName(order)} query={search} />
                    {order.isGuest ? <span className="ml-1 text-xs text-slate-400">(Guest)</span> : null}
                  </p>
                </div>
              </div>
              <div className="flex items-baseline justify-between">
                <span className="text-lg font-semibold text-slate-900">{formatMoney(order.total)}</span>
                <span className="text-xs text-slate-500">
                  {itemCount(order)} items · {formatDate(order.createdAt)}
                </span>
              </div>
              <VariantList order={order} />
              <div className="mt-auto flex justify-end border-t border-slate-100 pt-2">
                <OrderActions order={order} handlers={handlers} />
              </div>
            </CardContent>
          </Card>
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}
