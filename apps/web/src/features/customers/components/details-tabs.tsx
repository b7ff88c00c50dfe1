import {
  type AdminCustomer,
  CUSTOMER_TIERS,
  type CustomerOrderSummary,
  NOT_SPENT_ORDER_STATUSES,
  ORDER_STATUSES,
  type SavedAddress,
} from '@seamline/shared';
import {
  Badge,
  EmptyState,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  OrderStatusBadge,
  PaymentStatusBadge,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { MapPin, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge, TierBadge } from './badges';

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-0.5">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OverviewTab({ user }: { user: AdminCustomer }) {
  return (
    <Rows
      rows={[
        ['Full Name', `${user.firstName} ${user.lastName}`],
        ['Email', user.email],
        ['Phone', user.phone ?? 'Not provided'],
        ['Status', <StatusBadge key="s" isActive={user.isActive} />],
        ['Customer Tier', <TierBadge key="t" tier={user.tier} />],
        ['Member Since', formatDate(user.createdAt)],
        ['Last Login', formatDateTime(user.lastLogin, 'Never')],
        ['Total Spent', formatMoney(user.totalSpent)],
      ]}
    />
  );
}

export function DetailsTab({ user, addresses }: { user: AdminCustomer; addresses: SavedAddress[] }) {
  return (
    <div className="flex flex-col gap-6">
      <Rows
        rows={[
          [
            'Customer ID',
            <span key="id" className="font-mono text-xs">
              {user.id}
            </span>,
          ],
          ['First Name', user.firstName],
          ['Last Name', user.lastName],
          ['Email', user.email],
          ['Email Verified', user.emailVerified ? 'Yes' : 'No'],
          ['Phone', user.phone ?? 'Not provided'],
          ['Account Created', formatDateTime(user.createdAt)],
          ['Last Updated', formatDateTime(user.updatedAt)],
        ]}
      />
      <section>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Saved Addresses</h4>
        {addresses.length === 0 ? (
          <p className="text-sm text-slate-500">No saved addresses.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {addresses.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <div className="mb-1 flex items-center gap-2 font-medium text-slate-900">
                  <MapPin className="size-4 text-slate-400" aria-hidden />
                  {a.label || `${a.firstName} ${a.lastName}`}
                  {a.isDefault ? <Badge variant="primary">Default</Badge> : null}
                </div>
                <p className="text-slate-600">
                  {a.firstName} {a.lastName}, {a.street}, {a.city}, {a.state} {a.zipCode}, {a.country} · {a.phone}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function OrdersTab({ orders, total }: { orders: CustomerOrderSummary[]; total: number }) {
  if (orders.length === 0) {
    return <EmptyState icon={ShoppingBag} title="No orders yet" description="This customer has not placed an order." />;
  }
  return (
    <div className="flex flex-col gap-2">
      <Table aria-label="Customer orders">
        <TableHeader>
          <TableRow>
            <TableHead>Order</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Payment</TableHead>
            <TableHead className="text-right">Items</TableHead>
            <TableHead className="text-right">Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((o) => (
            <TableRow key={o.id}>
              <TableCell className="font-mono text-xs font-medium text-slate-900">{o.orderNumber}</TableCell>
              <TableCell className="whitespace-nowrap text-slate-600">{formatDate(o.createdAt)}</TableCell>
              <TableCell>
                <OrderStatusBadge status={o.status} />
              </TableCell>
              <TableCell>
                <PaymentStatusBadge status={o.paymentStatus} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(o.itemsCount)}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatMoney(o.total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > orders.length ? (
        <p className="text-xs text-slate-500">
          Showing the latest {orders.length} of {formatNumber(total)} orders.
        </p>
      ) : null}
    </div>
  );
}

/** How far the customer is from the next tier (the specification thresholds). */
function nextTier(totalSpent: number): { name: string; target: number } | null {
  if (totalSpent < CUSTOMER_TIERS.medium) return { name: 'Medium Value', target: CUSTOMER_TIERS.medium };
  if (totalSpent < CUSTOMER_TIERS.high) return { name: 'High Value', target: CUSTOMER_TIERS.high };
  return null;
}

export function AnalyticsTab({ user, orders }: { user: AdminCustomer; orders: CustomerOrderSummary[] }) {
  const notSpent = new Set<string>(NOT_SPENT_ORDER_STATUSES);
  const byStatus = ORDER_STATUSES.map((status) => ({
    status,
    count: orders.filter((o) => o.status === status).length,
  })).filter((s) => s.count > 0);
  const units = orders.filter((o) => !notSpent.has(o.status)).reduce((sum, o) => sum + o.itemsCount, 0);
  const dates = orders.map((o) => o.createdAt).sort();
  const next = nextTier(user.totalSpent);
  const progress = next ? Math.min(100, (user.totalSpent / next.target) * 100) : 100;
  const days = Math.max(0, Math.floor((Date.now() - new Date(user.createdAt).getTime()) / 86_400_000));
  return (
    <div className="flex flex-col gap-6">
      <Rows
        rows={[
          ['Average Order Value', formatMoney(user.orderCount > 0 ? user.totalSpent / user.orderCount : 0)],
          ['Items Purchased', formatNumber(units)],
          ['First Order', formatDate(dates[0], 'No orders yet')],
          ['Latest Order', formatDate(dates.at(-1), 'No orders yet')],
          ['Customer For', `${formatNumber(days)} ${days === 1 ? 'day' : 'days'}`],
          ['Cancelled or Refunded', formatNumber(orders.filter((o) => notSpent.has(o.status)).length)],
        ]}
      />
      <section>
        <div className="mb-1.5 flex items-center justify-between text-sm">
          <span className="font-medium text-slate-900">Tier progress</span>
          <span className="text-slate-500">
            {next
              ? `${formatMoney(next.target - user.totalSpent)} to ${next.name}`
              : 'Highest tier reached (High Value)'}
          </span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuenow={Math.round(progress)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="Tier progress"
        >
          <div className="h-full rounded-full bg-indigo-500" style={{ width: `${progress}%` }} />
        </div>
      </section>
      <section>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Orders by Status</h4>
        {byStatus.length === 0 ? (
          <p className="text-sm text-slate-500">No orders yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {byStatus.map(({ status, count }) => (
              <li key={status} className="flex items-center gap-3 text-sm">
                <span className="w-24">
                  <OrderStatusBadge status={status} />
                </span>
                <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                  <div
                    className="h-full rounded-full bg-slate-400"
                    style={{ width: `${(count / orders.length) * 100}%` }}
                  />
                </div>
                <span className="w-8 text-right tabular-nums text-slate-700">{count}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
