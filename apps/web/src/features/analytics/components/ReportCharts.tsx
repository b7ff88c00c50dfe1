import type { ComprehensiveReport } from '@seamline/shared';
import { formatMoney, formatNumber } from '@seamline/ui';
import { ChartCard, PieChartView, SeriesChartCard } from '../../../components/analytics/chart-card';
import { chartTable } from '../../../components/chart-table';
import { CHART_COLORS, shortDay, shortMonth } from '../../../lib/analytics-format';

type Slice = { name: string; value: number };

/** A pie of counts with its figures as a table; empty slices are left out. */
function CountPie({
  title,
  emptyMessage,
  slices,
  columns,
  tooltip,
}: {
  title: string;
  emptyMessage: string;
  slices: Slice[];
  /** The table's column names: what a slice is, what its count is. */
  columns: [string, string];
  tooltip: string;
}) {
  const data = slices.filter((slice) => slice.value > 0);
  return (
    <ChartCard
      title={title}
      empty={data.length === 0}
      emptyMessage={emptyMessage}
      table={chartTable(data, [
        { label: columns[0], value: (slice) => slice.name },
        { label: columns[1], value: (slice) => formatNumber(slice.value) },
      ])}
    >
      <PieChartView
        data={data}
        value="value"
        name="name"
        outerRadius={90}
        label={(name, value) => `${name}: ${formatNumber(value)}`}
        tooltip={(value) => [formatNumber(value), tooltip]}
      />
    </ChartCard>
  );
}

/** The report's eight charts. */
export function ReportCharts({ report }: { report: ComprehensiveReport }) {
  const { customers, inventory, dashboard } = report;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SeriesChartCard
        title="Sales Trend"
        emptyMessage="No sales trend data available"
        xLabel="Day"
        kind="area"
        data={report.sales.salesTrend}
        x="date"
        xFormat={shortDay}
        value={formatMoney}
        series={[{ key: 'revenue', name: 'Sales', color: CHART_COLORS[0] }]}
      />
      <SeriesChartCard
        title="Revenue Trend"
        emptyMessage="No monthly revenue data available"
        xLabel="Month"
        kind="bar"
        data={report.revenue.monthlyRevenue}
        x="month"
        xFormat={shortMonth}
        value={formatMoney}
        series={[{ key: 'revenue', name: 'Revenue', color: CHART_COLORS[1] }]}
      />
      <CountPie
        title="Customer Distribution"
        emptyMessage="No customer distribution data available"
        slices={[
          { name: 'New', value: customers.newCustomers },
          { name: 'Repeat', value: customers.repeatCustomers },
          {
            name: 'Other',
            value: Math.max(0, customers.totalCustomers - customers.newCustomers - customers.repeatCustomers),
          },
        ]}
        columns={['Customers', 'Count']}
        tooltip="Customers"
      />
      <CountPie
        title="Inventory Status"
        emptyMessage="No inventory data available"
        slices={[
          { name: 'Active Products', value: inventory.activeProducts },
          { name: 'Low Stock', value: inventory.lowStockProducts },
          { name: 'Out of Stock', value: inventory.outOfStockProducts },
        ]}
        columns={['Status', 'Products']}
        tooltip="Products"
      />
      <SeriesChartCard
        title="Order Status Distribution"
        emptyMessage="No order status data available"
        xLabel="Status"
        kind="bar"
        data={report.orderPerformance.orderStatusDistribution}
        x="status"
        integers
        series={[{ key: 'count', name: 'Orders', color: CHART_COLORS[2] }]}
      />
      <SeriesChartCard
        title="Coupon Redemption Trend"
        emptyMessage="No coupon redemption data available"
        xLabel="Day"
        kind="line"
        data={report.coupons.redemptionTrends}
        x="date"
        xFormat={shortDay}
        integers
        series={[{ key: 'redemptions', name: 'Redemptions', color: CHART_COLORS[3] }]}
      />
      <SeriesChartCard
        title="System Activity Trend"
        emptyMessage="No system activity data available"
        xLabel="Day"
        kind="area"
        data={report.systemActivity.activityTrends}
        x="date"
        xFormat={shortDay}
        integers
        series={[{ key: 'activityCount', name: 'Activities', color: CHART_COLORS[4] }]}
      />
      <CountPie
        title="Dashboard Overview"
        emptyMessage="No overview data available"
        slices={[
          { name: 'Users', value: dashboard.userStats.totalUsers },
          { name: 'Orders', value: dashboard.orderStats.totalOrders },
          { name: 'Products', value: dashboard.productStats.totalProducts },
        ]}
        columns={['Figure', 'Total']}
        tooltip="Total"
      />
    </div>
  );
}
