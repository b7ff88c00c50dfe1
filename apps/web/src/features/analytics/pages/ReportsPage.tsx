import { type ComprehensiveReport, REPORT_RANGES_DAYS, share } from '@seamline/shared';
import { formatMoney, formatNumber } from '@seamline/ui';
import { Activity, Boxes, DollarSign, LayoutDashboard, ShoppingCart, TicketPercent, Truck, Users } from 'lucide-react';
import { type Kpi, KpiGrid } from '../../../components/analytics/kpi-card';
import { dayChoices, RangePage } from '../../../components/analytics/range-page';
import { useDayRange } from '../../../lib/analytics-range';
import { useComprehensiveReport } from '../api';
import { ReportCharts } from '../components/ReportCharts';

/** A change shown as an absolute percentage (value × 100, one decimal); green when not negative, red when negative. */
const asPercent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

function cards(report: ComprehensiveReport): Kpi[] {
  const { revenue, sales, customers, inventory, orderPerformance, coupons, systemActivity, dashboard } = report;
  const success = systemActivity.activitiesByStatus.find((row) => row.status === 'success')?.percentage ?? 0;
  const lowStockShare = share(inventory.lowStockProducts, inventory.totalProducts);
  const completedShare = share(dashboard.orderStats.completedOrders, dashboard.orderStats.totalOrders);
  return [
    {
      title: 'Total Revenue',
      value: formatMoney(revenue.totalRevenue),
      icon: DollarSign,
      change: revenue.revenueGrowth,
      changeText: `${asPercent(revenue.revenueGrowth)} revenue growth`,
    },
    {
      title: 'Total Sales',
      value: formatMoney(sales.totalSales),
      icon: ShoppingCart,
      change: sales.conversionRate,
      changeText: `${asPercent(sales.conversionRate)} conversion rate`,
    },
    {
      title: 'Total Customers',
      value: formatNumber(customers.totalCustomers),
      icon: Users,
      change: customers.customerRetentionRate,
      changeText: `${asPercent(customers.customerRetentionRate)} retention rate`,
    },
    {
      title: 'Total Products',
      value: formatNumber(inventory.totalProducts),
      icon: Boxes,
      change: lowStockShare,
      changeText: `${asPercent(lowStockShare)} low stock`,
    },
    {
      title: 'Order Performance',
      value: asPercent(orderPerformance.fulfillmentRate),
      icon: Truck,
      change: orderPerformance.averageProcessingTime,
      // Hours, not a percentage: the average processing time would read as nonsense multiplied by 100.
      changeText: `${orderPerformance.averageProcessingTime.toFixed(1)} h average processing`,
    },
    {
      title: 'Coupon Usage',
      value: formatNumber(coupons.totalRedemptions),
      icon: TicketPercent,
      change: coupons.averageDiscountRate,
      changeText: `${asPercent(coupons.averageDiscountRate)} average discount`,
    },
    {
      title: 'System Activity',
      value: formatNumber(systemActivity.totalActivities),
      icon: Activity,
      change: success / 100,
      changeText: `${asPercent(success / 100)} successful`,
    },
    {
      title: 'Dashboard Overview',
      value: formatMoney(dashboard.orderStats.totalRevenue),
      icon: LayoutDashboard,
      change: completedShare,
      changeText: `${asPercent(completedShare)} orders completed`,
    },
  ];
}

export default function ReportsPage() {
  const { days, setDays, query } = useDayRange();
  const report = useComprehensiveReport(query);
  return (
    <RangePage
      title="Comprehensive Reports"
      report={{ name: 'comprehensive', query }}
      description={`Every figure of the store from ${query.startDate} to ${query.endDate}`}
      range={dayChoices(days, REPORT_RANGES_DAYS, setDays)}
      refresh={{ label: 'Refresh', busy: report.isFetching, onClick: () => report.refetch() }}
      result={report}
      failure={{ banner: 'Failed to load comprehensive report' }}
      skeletonCards={8}
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          <KpiGrid cards={cards(data)} />
          <ReportCharts report={data} />
        </div>
      )}
    </RangePage>
  );
}
