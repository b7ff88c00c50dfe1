import {
  type AnalyticsRangeQuery,
  can,
  DASHBOARD_PERIODS,
  type DashboardAnalytics,
  type DashboardPeriod,
  lastDaysQuery,
  TOAST_MS,
} from '@seamline/shared';
import { EmptyState, ErrorState, formatNumber, formatThousands, Skeleton, useToast } from '@seamline/ui';
import {
  AlertTriangle,
  CheckCircle2,
  DollarSign,
  LayoutDashboard,
  type LucideIcon,
  Package,
  PackageCheck,
  ShoppingCart,
  UserCheck,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { type Kpi, KpiGrid } from '../../../components/analytics/kpi-card';
import { type RangeChoice, RangePage } from '../../../components/analytics/range-page';
import { changeLabel } from '../../../lib/analytics-format';
import { useDashboardAnalytics } from '../api';

const DashboardCharts = lazy(() => import('../components/DashboardCharts'));

const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  overall: 'Overall',
};
const PERIODS = Object.keys(DASHBOARD_PERIODS) as DashboardPeriod[];
/** Whole UTC days ending today: daily = since yesterday (covers the last 24 hours), weekly 7, monthly 30 days. */
const PERIOD_DAYS: Record<DashboardPeriod, number | null> = { daily: 1, weekly: 7, monthly: 30, overall: null };

function periodQuery(period: DashboardPeriod): AnalyticsRangeQuery {
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

  const range: RangeChoice = {
    label: 'Period',
    className: 'w-36',
    value: period,
    options: PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] })),
    onChange: (value) => setPeriod(PERIODS.find((choice) => choice === value) ?? period),
  };

  return (
    <RangePage
      title="Marketplace Dashboard"
      report={{ name: 'dashboard', query }}
      description={`Welcome back${user?.firstName ? `, ${user.firstName}` : ''}. Here is what is happening in your store.`}
      range={range}
      refresh={{
        label: dashboard.isFetching ? 'Refreshing...' : 'Refresh Analytics',
        busy: dashboard.isFetching,
        onClick: refresh,
      }}
      result={dashboard}
      failure={{
        view: (
          <ErrorState
            title="Error Loading Dashboard"
            message={refreshFailed ? 'Failed to refresh analytics' : 'Failed to load analytics data'}
            onRetry={() => dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        ),
      }}
      skeletonCards={8}
      locked={
        allowed ? undefined : (
          <EmptyState
            icon={LayoutDashboard}
            title="Analytics are for admins and moderators"
            description="Use the navigation to work on orders, customers and the catalogue."
          />
        )
      }
    >
      {(data) => <DashboardFigures data={data} period={period} />}
    </RangePage>
  );
}

function DashboardFigures({ data, period }: { data: DashboardAnalytics; period: DashboardPeriod }) {
  const label = PERIOD_LABELS[period];
  /** A KPI card whose change line names the period (none for overall, which has nothing before it). */
  const kpi = (title: string, value: string, icon: LucideIcon, change: number | null, whenNone?: string): Kpi =>
    period === 'overall'
      ? { title, value, icon, changeText: label }
      : {
          title,
          value,
          icon,
          change,
          changeText: `${label} · ${changeLabel(change) ? `${changeLabel(change)} vs previous period` : (whenNone ?? 'No earlier data to compare')}`,
        };
  const { orderStats, userStats, productStats } = data;
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard">
      <KpiGrid
        cards={[
          kpi('Total Orders', formatNumber(orderStats.totalOrders), ShoppingCart, orderStats.change.totalOrders),
          kpi('Total Revenue', formatThousands(orderStats.totalRevenue), DollarSign, orderStats.change.totalRevenue),
          kpi('Total Customers', formatNumber(userStats.totalUsers), Users, userStats.change.totalUsers),
          kpi('Active Customers', formatNumber(userStats.activeUsers), UserCheck, userStats.change.activeUsers),
          kpi('Total Products', formatNumber(productStats.totalProducts), Package, productStats.change.totalProducts),
          kpi(
            'Active Products',
            formatNumber(productStats.activeProducts),
            PackageCheck,
            productStats.change.activeProducts,
          ),
          kpi('Low Stock Products', formatNumber(productStats.lowStockProducts), AlertTriangle, null, 'Stock today'),
          kpi(
            'Completed Orders',
            formatNumber(orderStats.completedOrders),
            CheckCircle2,
            orderStats.change.completedOrders,
          ),
        ]}
      />
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
  );
}
