import type { OrderView } from '@seamline/shared';
import {
  Checkbox,
  formatMoney,
  Highlight,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import type { ReactNode } from 'react';
import { customerName } from '../order-display';
import {
  type OrderActionHandlers,
  OrderActions,
  PaymentBadge,
  PrevNextPager,
  StatusBadge,
  VariantList,
} from './OrderBits';

type Props = {
  orders: OrderView[];
  loading: boolean;
  search: string;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: string[], checked: boolean) => void;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  handlers: OrderActionHandlers;
};

/** One row across the whole table: the loading and empty messages. */
function TableMessage({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={8} className="py-10 text-center text-slate-500">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** Table View: 10 per page with Prev/Next, row selection, size/color (first 2 then '+N more'), badges, actions. */
export function OrderTableView({
  orders,
  loading,
  search,
  selected,
  onToggle,
  onToggleAll,
  page,
  totalPages,
  onPageChange,
  handlers,
}: Props) {
  const ids = orders.map((order) => order.id);
  const allChecked = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <Checkbox
                aria-label="Select all orders on this page"
                checked={allChecked}
                onCheckedChange={(checked) => onToggleAll(ids, checked === true)}
              />
            </TableHead>
            <TableHead>Order</TableHead>
            <TableHead>Customer</TableHead>
            <TableHead>Total</TableHead>
            <TableHead>Items</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Payment</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            <TableMessage>Loading orders...</TableMessage>
          ) : orders.length === 0 ? (
            <TableMessage>No orders found.</TableMessage>
          ) : (
            orders.map((order) => (
              <TableRow key={order.id} data-state={selected.has(order.id) ? 'selected' : undefined}>
                <TableCell>
                  <Checkbox
                    aria-label={`Select ${order.orderNumber}`}
                    checked={selected.has(order.id)}
                    onCheckedChange={() => onToggle(order.id)}
                  />
                </TableCell>
                <TableCell className="font-mono text-sm font-medium">
                  <Highlight text={order.orderNumber} query={search} />
                </TableCell>
                <TableCell>
                  <div className="text-sm font-medium text-slate-900">
                    <Highlight text={customerName(order)} query={search} />
                    {order.isGuest ? <span className="ml-1 text-xs font-normal text-slate-400">(Guest)</span> : null}
                  </div>
                  <div className="text-xs text-slate-500">
                    <Highlight text={order.email ?? 'Guest Order'} query={search} />
                  </div>
                </TableCell>
                <TableCell className="font-medium">{formatMoney(order.total)}</TableCell>
                <TableCell>
                  <VariantList order={order} />
                </TableCell>
                <TableCell>
                  <StatusBadge order={order} />
                </TableCell>
                <TableCell>
                  <PaymentBadge order={order} />
                </TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    <OrderActions order={order} handlers={handlers} />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <PrevNextPager page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}
