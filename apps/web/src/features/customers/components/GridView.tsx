import type { AdminCustomer } from '@seamline/shared';
import { Card, Checkbox, cn, formatDate, formatMoney, formatNumber, Highlight, Pagination } from '@seamline/ui';
import { fullName } from '../customer-name';
import { StatusBadge, TierBadge } from './badges';
import { CustomerActions, type OnCustomerAction } from './CustomerActions';
import { CustomerIdentity } from './CustomerIdentity';
import type { Selection } from './selection';

type Props = {
  customers: AdminCustomer[];
  query: string;
  /** The server's page of the list, its number and the page count. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  selection: Selection;
  canWrite: boolean;
  onAction: OnCustomerAction;
};

/** Cards, 8 per page, 4 per row on the widest screens. */
export function GridView({ customers, query, page, totalPages, onPageChange, selection, canWrite, onAction }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Customers">
        {customers.map((c) => (
          <li key={c.id}>
            <Card
              className={cn(
                'flex h-full flex-col gap-4 p-4 transition-shadow hover:shadow-md',
                selection.has(c.id) && 'ring-2 ring-indigo-500/60',
              )}
            >
              <div className="flex items-start gap-3">
                <Checkbox
                  className="mt-1"
                  aria-label={`Select ${fullName(c)}`}
                  checked={selection.has(c.id)}
                  onCheckedChange={(checked) => selection.setMany([c.id], checked === true)}
                />
                <CustomerIdentity customer={c} query={query} size={44} />
              </div>
              <div className="flex flex-wrap gap-1.5">
                <TierBadge tier={c.tier} />
                <StatusBadge isActive={c.isActive} />
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">Total Spent</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(c.totalSpent)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Orders</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{formatNumber(c.orderCount)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Phone</dt>
                  <dd className="truncate text-slate-700">
                    {c.phone ? <Highlight text={c.phone} query={query} /> : '—'}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Member Since</dt>
                  <dd className="text-slate-700">{formatDate(c.createdAt)}</dd>
                </div>
              </dl>
              <div className="mt-auto border-t border-slate-100 pt-3">
                <CustomerActions customer={c} canWrite={canWrite} onAction={onAction} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}
