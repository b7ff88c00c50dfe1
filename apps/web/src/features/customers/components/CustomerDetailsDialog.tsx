import { type AdminCustomer, type CustomerDetail, can, TOAST_MS } from '@seamline/shared';
import {
  Avatar,
  Button,
  Dialog,
  DialogContent,
  ErrorState,
  formatMoney,
  formatNumber,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
} from '@seamline/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { errorMessage } from '../../../lib/api-client';
import { useCustomerDetail } from '../api';
import { fullName } from '../customer-name';
import { StatusBadge, TierBadge } from './badges';
import { AnalyticsTab, DetailsTab, OrdersTab, OverviewTab } from './details-tabs';
import { EraseCustomerDialog } from './EraseCustomerDialog';

/**
 * The customer details modal: Overview, Details, Orders (their real orders) and Analytics; admins can also erase the
 * customer's personal data from here (an erasure request received by the store).
 */
export function CustomerDetailsDialog({
  customer,
  onOpenChange,
}: {
  customer: AdminCustomer | null;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast(TOAST_MS.customers);
  const detail = useCustomerDetail(customer?.id ?? null);
  const canErase = can(useAuth().user?.role, 'customersErase');
  const [erasing, setErasing] = useState(false);

  useEffect(() => {
    if (detail.error) toast.error(errorMessage(detail.error, 'Failed to fetch customer details'));
  }, [detail.error, toast]);

  // The list row shows at once; the detail answer brings fresh figures, orders and addresses.
  const user = detail.data?.user ?? customer;
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Customer Details" size="xl">
        {user ? (
          <div className="flex flex-col gap-5">
            <div className="flex flex-wrap items-center gap-4">
              <Avatar seed={user.email} name={fullName(user)} size={56} />
              <div className="min-w-0 flex-1">
                <h3 className="truncate text-lg font-semibold text-slate-900">{fullName(user)}</h3>
                <p className="truncate text-sm text-slate-500">{user.email}</p>
              </div>
              <div className="flex gap-2">
                <StatusBadge isActive={user.isActive} />
                <TierBadge tier={user.tier} />
              </div>
            </div>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Tile label="Total Spent" value={formatMoney(user.totalSpent)} />
              <Tile label="Orders" value={formatNumber(user.orderCount)} />
              <Tile
                label="Average Order"
                value={formatMoney(user.orderCount > 0 ? user.totalSpent / user.orderCount : 0)}
              />
              <Tile label="Tier" value={user.tier} />
            </div>
            <Tabs defaultValue="overview">
              <TabsList>
                <TabsTrigger value="overview">Overview</TabsTrigger>
                <TabsTrigger value="details">Details</TabsTrigger>
                <TabsTrigger value="orders">Orders</TabsTrigger>
                <TabsTrigger value="analytics">Analytics</TabsTrigger>
              </TabsList>
              <TabsContent value="overview">
                <OverviewTab user={user} />
              </TabsContent>
              <TabsContent value="details">
                <Loaded detail={detail.data} loading={detail.isPending} error={detail.error} retry={detail.refetch}>
                  {(data) => <DetailsTab user={data.user} addresses={data.addresses} />}
                </Loaded>
              </TabsContent>
              <TabsContent value="orders">
                <Loaded detail={detail.data} loading={detail.isPending} error={detail.error} retry={detail.refetch}>
                  {(data) => <OrdersTab orders={data.orders} total={data.user.orderCount} />}
                </Loaded>
              </TabsContent>
              <TabsContent value="analytics">
                <Loaded detail={detail.data} loading={detail.isPending} error={detail.error} retry={detail.refetch}>
                  {(data) => <AnalyticsTab user={data.user} orders={data.orders} />}
                </Loaded>
              </TabsContent>
            </Tabs>
            {canErase ? (
              <div className="flex justify-end border-t border-slate-200 pt-4">
                <Button variant="outline" className="text-red-600" onClick={() => setErasing(true)}>
                  Erase Personal Data
                </Button>
                <EraseCustomerDialog
                  customer={erasing ? user : null}
                  onOpenChange={(open) => !open && setErasing(false)}
                  onErased={() => onOpenChange(false)}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50/60 px-4 py-3">
      <div className="text-xs font-medium text-slate-500">{label}</div>
      <div className="mt-1 text-lg font-semibold text-slate-900">{value}</div>
    </div>
  );
}

function Loaded({
  detail,
  loading,
  error,
  retry,
  children,
}: {
  detail: CustomerDetail | undefined;
  loading: boolean;
  error: unknown;
  retry: () => unknown;
  children: (detail: CustomerDetail) => ReactNode;
}) {
  if (detail) return <>{children(detail)}</>;
  if (loading && !error) {
    return (
      <div className="flex flex-col gap-2" role="status" aria-label="Loading">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    );
  }
  return (
    <ErrorState
      title="Could not load this customer"
      message={errorMessage(error, 'Failed to fetch customer details')}
      onRetry={() => retry()}
    />
  );
}
