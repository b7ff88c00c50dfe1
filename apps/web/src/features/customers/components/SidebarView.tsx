import type { AdminCustomer } from '@seamline/shared';
import {
  Badge,
  Button,
  Card,
  cn,
  EmptyState,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  Highlight,
  Pagination,
} from '@seamline/ui';
import { Eye, Pencil, ShieldCheck, UserRound } from 'lucide-react';
import { StatusBadge, TierBadge } from './badges';
import type { OnCustomerAction } from './CustomerActions';
import { CustomerIdentity } from './CustomerIdentity';

type Props = {
  customers: AdminCustomer[];
  query: string;
  /** The server's page of the list, its number and the page count. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  canWrite: boolean;
  onAction: OnCustomerAction;
};

/** List of 10 per page on the left, the chosen customer's panel on the right. */
export function SidebarView({
  customers,
  query,
  page,
  totalPages,
  onPageChange,
  selectedId,
  onSelect,
  canWrite,
  onAction,
}: Props) {
  const selected = customers.find((c) => c.id === selectedId) ?? null;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <Card className="flex flex-col overflow-hidden">
        <ul className="divide-y divide-slate-100" aria-label="Customers">
          {customers.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onSelect(c.id)}
                aria-current={c.id === selectedId ? 'true' : undefined}
                className={cn(
                  'flex w-full cursor-pointer flex-col gap-2 px-4 py-3 text-left transition-colors hover:bg-slate-50',
                  c.id === selectedId && 'bg-indigo-50/70 hover:bg-indigo-50',
                )}
              >
                <CustomerIdentity customer={c} query={query} />
                <div className="flex flex-wrap items-center gap-1.5 pl-12 text-xs text-slate-500">
                  {c.phone ? (
                    <span className="mr-1">
                      <Highlight text={c.phone} query={query} />
                    </span>
                  ) : null}
                  <TierBadge tier={c.tier} />
                  <StatusBadge isActive={c.isActive} />
                </div>
              </button>
            </li>
          ))}
        </ul>
        <Pagination
          className="border-t border-slate-100 p-3"
          page={page}
          totalPages={totalPages}
          onPageChange={onPageChange}
        />
      </Card>
      {selected ? (
        <CustomerPanel customer={selected} canWrite={canWrite} onAction={onAction} />
      ) : (
        <Card className="flex items-center justify-center p-10">
          <EmptyState
            icon={UserRound}
            title="Select a Customer"
            description="Choose a customer from the list to see their details."
          />
        </Card>
      )}
    </div>
  );
}

function CustomerPanel({
  customer: c,
  canWrite,
  onAction,
}: {
  customer: AdminCustomer;
  canWrite: boolean;
  onAction: OnCustomerAction;
}) {
  const average = c.orderCount > 0 ? c.totalSpent / c.orderCount : 0;
  return (
    <Card className="flex flex-col gap-6 self-start p-6" aria-label="Customer details">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <CustomerIdentity customer={c} query="" size={56} />
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <>
              <Button variant="outline" size="sm" onClick={() => onAction('edit', c)}>
                <Pencil aria-hidden /> Edit
              </Button>
              <Button variant="outline" size="sm" onClick={() => onAction('status', c)}>
                <ShieldCheck aria-hidden /> Manage Status
              </Button>
            </>
          ) : null}
          <Button size="sm" onClick={() => onAction('details', c)}>
            <Eye aria-hidden /> View Details
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatusBadge isActive={c.isActive} />
        <TierBadge tier={c.tier} />
        <Badge variant={c.emailVerified ? 'success' : 'warning'}>
          {c.emailVerified ? 'Email verified' : 'Email not verified'}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Stat label="Total Spent" value={formatMoney(c.totalSpent)} />
        <Stat label="Orders" value={formatNumber(c.orderCount)} />
        <Stat label="Average Order" value={formatMoney(average)} />
        <Stat label="Member Since" value={formatDate(c.createdAt)} />
      </dl>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Field label="Email" value={c.email} />
        <Field label="Phone" value={c.phone ?? 'Not provided'} />
        <Field label="Last Login" value={formatDateTime(c.lastLogin, 'Never')} />
        <Field label="Customer ID" value={c.id} mono />
      </dl>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50/60 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-base font-semibold whitespace-nowrap text-slate-900">{value}</dd>
    </div>
  );
}

function Field({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cn('truncate text-slate-800', mono && 'font-mono text-xs')}>{value}</dd>
    </div>
  );
}
