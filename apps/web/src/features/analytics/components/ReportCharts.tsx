import type { ComprehensiveReport } from '@seamline/shared';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartTable } from '../../../components/chart-table';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useChartAnimation } from '../../../lib/use-reduced-motion';
import { CHART_COLORS, shortDay, shortMonth } from '../format';
import { ChartCard } from './AnalyticsParts';

const money = (value: unknown) => formatMoney(Number(value));
const grid = <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />;

type Slice = { name: string; value: number };

const sliceTable = (data: Slice[], label: string, valueLabel: string) =>
  chartTable(data, [
    { label, value: (slice) => slice.name },
    { label: valueLabel, value: (slice) => formatNumber(slice.value) },
  ]);

function SimplePie({ data, tooltip }: { data: Slice[]; tooltip: string }) {
  const animate = useChartAnimation();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          isAnimationActive={animate}
          data={data}
          dataKey="value"
          nameKey="name"
          outerRadius={90}
          label={({ name, value }) => `${name}: ${formatNumber(Number(value))}`}
        >
          {data.map((slice, index) => (
            <Cell key={slice.name} fill={CHART_COLORS[index % CHART_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => [formatNumber(Number(value)), tooltip]} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** The report's eight charts. */
export function ReportCharts({ report }: { report: ComprehensiveReport }) {
  const { customers, inventory, dashboard } = report;
  const distribution = [
    { name: 'New', value: customers.newCustomers },
    { name: 'Repeat', value: customers.repeatCustomers },
    {
      name: 'Other',
      value: Math.max(0, customers.totalCustomers - customers.newCustomers - customers.repeatCustomers),
    },
  ].filter((slice) => slice.value > 0);
  const stock = [
    { name: 'Active Products', value: inventory.activeProducts },
    { name: 'Low Stock', value: inventory.lowStockProducts },
    { name: 'Out of Stock', value: inventory.outOfStockProducts },
  ].filter((slice) => slice.value > 0);
  const overview = [
    { name: 'Users', value: dashboard.userStats.totalUsers },
    { name: 'Orders', value: dashboard.orderStats.totalOrders },
    { name: 'Products', value: dashboard.productStats.totalProducts },
  ].filter((slice) => slice.value > 0);
  const animate = useChartAnimation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Sales Trend"
        empty={report.sales.salesTrend.length === 0}
        emptyMessage="No sales trend data available"
        table={chartTable(report.sales.salesTrend, [
          { label: 'Day', value: (row) => shortDay(row.date) },
          { label: 'Sales', value: (row) => formatMoney(row.revenue) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={report.sales.salesTrend}>
            {grid}
            <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
            <YAxis fontSize={12} />
            <Tooltip formatter={money} labelFormatter={(label) => shortDay(String(label))} />
            <Area
              isAnimationActive={animate}
              type="monotone"
              dataKey="revenue"
              name="Sales"
              stroke={CHART_COLORS[0]}
              fill={CHART_COLORS[0]}
              fillOpacity={0.2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Revenue Trend"
        empty={report.revenue.monthlyRevenue.length === 0}
        emptyMessage="No monthly revenue data available"
        table={chartTable(report.revenue.monthlyRevenue, [
          { label: 'Month', value: (row) => shortMonth(row.month) },
          { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={report.revenue.monthlyRevenue}>
            {grid}
            <XAxis dataKey="month" tickFormatter={shortMonth} fontSize={12} />
            <YAxis fontSize={12} />
            <Tooltip formatter={money} labelFormatter={(label) => shortMonth(String(label))} />
            <Bar
              isAnimationActive={animate}
              dataKey="revenue"
              name="Revenue"
              fill={CHART_COLORS[1]}
              radius={[4, 4, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Customer Distribution"
        empty={distribution.length === 0}
        emptyMessage="No customer distribution data available"
        table={sliceTable(distribution, 'Customers', 'Count')}
      >
        <SimplePie data={distribution} tooltip="Customers" />
      </ChartCard>
      <ChartCard
        title="Inventory Status"
        empty={stock.length === 0}
        emptyMessage="No inventory data available"
        table={sliceTable(stock, 'Status', 'Products')}
      >
        <SimplePie data={stock} tooltip="Products" />
      </ChartCard>
      <ChartCard
        title="Order Status Distribution"
        empty={report.orderPerformance.orderStatusDistribution.length === 0}
        emptyMessage="No order status data available"
        table={chartTable(report.orderPerformance.orderStatusDistribution, [
          { label: 'Status', value: (row) => row.status },
          { label: 'Orders', value: (row) => formatNumber(row.count) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={report.orderPerformance.orderStatusDistribution}>
            {grid}
            <XAxis dataKey="status" fontSize={12} />
            <YAxis fontSize={12} allowDecimals={false} />
            <Tooltip />
            <Bar
              isAnimationActive={animate}
              dataKey="count"
              name="Orders"
              fill={CHART_COLORS[2]}
              radius={[4, 4, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Coupon Redemption Trend"
        empty={report.coupons.redemptionTrends.length === 0}
        emptyMessage="No coupon redemption data available"
        table={chartTable(report.coupons.redemptionTrends, [
          { label: 'Day', value: (row) => shortDay(row.date) },
          { label: 'Redemptions', value: (row) => formatNumber(row.redemptions) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={report.coupons.redemptionTrends}>
            {grid}
            <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
            <YAxis fontSize={12} allowDecimals={false} />
            <Tooltip labelFormatter={(label) => shortDay(String(label))} />
            <Line
              isAnimationActive={animate}
              type="monotone"
              dataKey="redemptions"
              name="Redemptions"
              stroke={CHART_COLORS[3]}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="System Activity Trend"
        empty={report.systemActivity.activityTrends.length === 0}
        emptyMessage="No system activity data available"
        table={chartTable(report.systemActivity.activityTrends, [
          { label: 'Day', value: (row) => shortDay(row.date) },
          { label: 'Activities', value: (row) => formatNumber(row.activityCount) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={report.systemActivity.activityTrends}>
            {grid}
            <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
            <YAxis fontSize={12} allowDecimals={false} />
            <Tooltip labelFormatter={(label) => shortDay(String(label))} />
            <Area
              isAnimationActive={animate}
              type="monotone"
              dataKey="activityCount"
              name="Activities"
              stroke={CHART_COLORS[4]}
              fill={CHART_COLORS[4]}
              fillOpacity={0.2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Dashboard Overview"
        empty={overview.length === 0}
        emptyMessage="No overview data available"
        table={sliceTable(overview, 'Figure', 'Total')}
      >
        <SimplePie data={overview} tooltip="Total" />
      </ChartCard>
    </div>
  );
}
