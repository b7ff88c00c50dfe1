import type { OrderView } from '@seamline/shared';
import { cn, EmptyState, formatMoney, Highlight, Skeleton } from '@seamline/ui';
import { ShoppingCart } from 'lucide-react';
import { customerName, itemCount } from '../order-display';
import { type OrderActionHandlers, PrevNextPager, StatusBadge, VariantList } from './OrderBits';
import { OrderDetailPanel } from './OrderDetailPanel';

const LOADING_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

type Props = {
  orders: OrderView[];
  loading: boolean;
  search: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  handlers: OrderActionHandlers;
};

/** List on the left (10 per page, prev/next), the selected order's details on the right. */
export function OrderSidebarView({
  orders,
  loading,
  search,
  selectedId,
  onSelect,
  page,
  totalPages,
  onPageChange,
  handlers,
}: Props) {
  const selected = orders.find((order) => order.id === selectedId) ?? null;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(300px,380px)_1fr]">
      <div className="flex flex-col rounded-xl border border-slate-200 bg-white">
        <ul className="divide-y divide-slate-100" aria-label="Orders">
          {loading
            ? LOADING_ROWS.map((key) => (
                <li key={key} className="flex flex-col gap-2 p-4">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-28" />
                  <Skeleton className="h-3 w-52" />
                </li>
              ))
            : orders.map((order) => (
                <li key={order.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(order.id)}
                    aria-current={order.id === selectedId || undefined}
                    className={cn(
                      'flex w-full cursor-pointer flex-col gap-1.5 p-4 text-left transition-colors hover:bg-slate-50',
                      order.id === selectedId && 'bg-indigo-50/70 hover:bg-indigo-50',
                    )}
                  >
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-mono text-sm font-semibold text-slate-900">
                        <Highlight text={order.orderNumber} query={search} />
                      </span>
                      <span className="text-sm font-semibold text-slate-900">{formatMoney(order.total)}</span>
                    </div>
                    <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
                      <span>
                        <Highlight text={customerName(order)} query={search} />
                        {order.isGuest ? <span className="ml-1 text-xs text-slate-400">(Guest)</span> : null}
                      </span>
                      <StatusBadge order={order} />
                    </div>
                    <div className="flex items-center justify-between gap-2">
                      <VariantList order={order} shown={3} />
                      <span className="shrink-0 text-xs text-slate-500">
                        {itemCount(order)} {itemCount(order) === 1 ? 'item' : 'items'}
                      </span>
                    </div>
                  </button>
                </li>
              ))}
        </ul>
        {!loading && orders.length === 0 ? <p className="p-8 text-center text-sm text-slate-500">No results</p> : null}
        <PrevNextPager page={page} totalPages={totalPages} onPageChange={onPageChange} className="mt-auto" />
      </div>
      <div className="min-w-0">
        {selected ? (
          <OrderDetailPanel order={selected} handlers={handlers} />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white">
            <EmptyState
              icon={ShoppingCart}
              title="Select an Order"
              description="Choose an order from the list to see its details."
            />
          </div>
        )}
      </div>
    </div>
  );
}
