import { can, DASHBOARD_PERIODS, type DashboardPeriod, lastDaysQuery, TOAST_MS } from '@seamline/shared';
import {
  AlertTriangle,
  CheckCircle2,
  DollarSign,
  LayoutDashboard,
  Package,
  PackageCheck,
  ShoppingCart,
  UserCheck,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { EmptyState, ErrorState, PageHeader, Select, Skeleton, useToast } from '../../../components/ui';
import { formatNumber, formatThousands } from '../../../lib/format';
import { type RangeQuery, useDashboardAnalytics } from '../../analytics/api';
import { AnalyticsSkeleton, KpiCard, RefreshButton } from '../../analytics/components/AnalyticsParts';
import { changeLabel } from '../../analytics/format';

const DashboardCharts = lazy(() => import('../components/DashboardCharts'));

const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  overall: 'Overall',
};
/** Whole UTC days ending today: daily = since yesterday (covers the last 24 hours), weekly 7, monthly 30 days. */
const PERIOD_DAYS: Record<DashboardPeriod, number | null> = { daily: 1, weekly: 7, monthly: 30, overall: null };

function periodQuery(period: DashboardPeriod): RangeQuery {
  const days = PERIOD_DAYS[period];
  return days === null ? {} : lastDaysQuery(days);
}

export default function DashboardPage() {
  const { user } = useAuth();
  const allowed = can(user?.role, 'analytics');
  const [period, setPeriod] = useState<DashboardPeriod>('overall');
  const query = useMemo(() => periodQuery(period), [period]);
  const dashboard = useDashboardAnalytics(query, allowed);
  const toast = useToast(TOAST_MS.dashboard);
  const [refreshFailed, setRefreshFailed] = useState(false);

  const refresh = async () => {
    const result = await dashboard.refetch();
    setRefreshFailed(result.isError);
    if (result.isError) toast.error('Failed to refresh analytics');
    else toast.success('Analytics refreshed successfully!');
  };

  const header = (
    <PageHeader
      title="Marketplace Dashboard"
      description={`Welcome back${user?.firstName ? `, ${user.firstName}` : ''}. Here is what is happening in your store.`}
      actions={
        allowed ? (
          <>
            <Select
              aria-label="Period"
              className="w-36"
              value={period}
              onChange={(event) => setPeriod(event.target.value as DashboardPeriod)}
              options={(Object.keys(DASHBOARD_PERIODS) as DashboardPeriod[]).map((value) => ({
                value,
                label: PERIOD_LABELS[value],
              }))}
            />
            <RefreshButton
              label={dashboard.isFetching ? 'Refreshing...' : 'Refresh Analytics'}
              busy={dashboard.isFetching}
              onClick={refresh}
            />
          </>
        ) : null
      }
    />
  );

  if (!allowed)
    return (
      <>
        {header}
        <EmptyState
          icon={LayoutDashboard}
          title="Analytics are for admins and moderators"
          description="Use the navigation to work on orders, customers and the catalogue."
        />
      </>
    );
  if (dashboard.isError)
    return (
      <>
        {header}
        <ErrorState
          title="Error Loading Dashboard"
          message={refreshFailed ? 'Failed to refresh analytics' : 'Failed to load analytics data'}
          onRetry={() => dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      </>
    );
  const data = dashboard.data;
  if (!data)
    return (
      <>
        {header}
        <AnalyticsSkeleton cards={8} />
      </>
    );

  const label = PERIOD_LABELS[period];
  const change = (value: number | null, whenNone = 'No earlier data to compare') =>
    period === 'overall'
      ? { changeText: label }
      : {
          change: value,
          changeText: `${label} · ${changeLabel(value) ? `${changeLabel(value)} vs previous period` : whenNone}`,
        };
  const { orderStats, userStats, productStats } = data;
  return (
    <>
      {header}
      <div className="flex flex-col gap-4" data-testid="dashboard">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <KpiCard
            title="Total Orders"
            value={formatNumber(orderStats.totalOrders)}
            icon={ShoppingCart}
            {...change(orderStats.change.totalOrders)}
          />
          <KpiCard
            title="Total Revenue"
            value={formatThousands(orderStats.totalRevenue)}
            icon={DollarSign}
            {...change(orderStats.change.totalRevenue)}
          />
          <KpiCard
            title="Total Customers"
            value={formatNumber(userStats.totalUsers)}
            icon={Users}
            {...change(userStats.change.totalUsers)}
          />
          <KpiCard
            title="Active Customers"
            value={formatNumber(userStats.activeUsers)}
            icon={UserCheck}
            {...change(userStats.change.activeUsers)}
          />
          <KpiCard
            title="Total Products"
            value={formatNumber(productStats.totalProducts)}
            icon={Package}
            {...change(productStats.change.totalProducts)}
          />
          <KpiCard
            title="Active Products"
            value={formatNumber(productStats.activeProducts)}
            icon={PackageCheck}
            {...change(productStats.change.activeProducts)}
          />
          <KpiCard
            title="Low Stock Products"
            value={formatNumber(productStats.lowStockProducts)}
            icon={AlertTriangle}
            {...change(null, 'Stock today')}
          />
          <KpiCard
            title="Completed Orders"
            value={formatNumber(orderStats.completedOrders)}
            icon={CheckCircle2}
            {...change(orderStats.change.completedOrders)}
          />
        </div>
        <Suspense
          fallback={
            <div className="grid gap-4 lg:grid-cols-2">
              <Skeleton className="h-80 rounded-xl" />
              <Skeleton className="h-80 rounded-xl" />
            </div>
          }
        >
          <DashboardCharts charts={data.charts} />
        </Suspense>
      </div>
    </>
  );
}
