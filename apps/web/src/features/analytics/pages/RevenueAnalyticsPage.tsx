import { ANALYTICS_RANGES_DAYS, average, PAYMENT_METHOD_LABELS, type RevenueAnalytics } from '@seamline/shared';
import {
  Badge,
  type BadgeVariant,
  formatMoney,
  formatNumber,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { CreditCard, DollarSign, TrendingUp, Wallet } from 'lucide-react';
import { ChartCard, PieChartView, SeriesChartCard, TableCard } from '../../../components/analytics/chart-card';
import { KpiGrid } from '../../../components/analytics/kpi-card';
import { dayChoices, RangePage } from '../../../components/analytics/range-page';
import { chartTable } from '../../../components/chart-table';
import { CHART_COLORS, changeLabel, dollarTick, formatRate, shortMonth } from '../../../lib/analytics-format';
import { useDayRange } from '../../../lib/analytics-range';
import { useRevenueAnalytics } from '../api';

/** Status colouring: completed (delivered) green, pending amber, cancelled red, the rest neutral. */
const STATUS_BADGE: Partial<Record<string, BadgeVariant>> = {
  delivered: 'success',
  pending: 'warning',
  cancelled: 'danger',
  refunded: 'danger',
};

export default function RevenueAnalyticsPage() {
  const { days, setDays, query } = useDayRange();
  const revenue = useRevenueAnalytics(query);
  const data = revenue.data;
  const growth = changeLabel(data?.revenueGrowth);

  return (
    <RangePage
      title="Revenue Analytics"
      report={{ name: 'revenue', query }}
      description={
        data
          ? `Total ${formatMoney(data.totalRevenue)} · Growth ${growth ?? 'n/a'} · Avg ${formatMoney(data.averageRevenuePerOrder)}`
          : 'Revenue over the selected period'
      }
      range={dayChoices(days, ANALYTICS_RANGES_DAYS, setDays)}
      refresh={{ label: 'Refresh Data', busy: revenue.isFetching, onClick: () => revenue.refetch() }}
      result={revenue}
      failure={{ banner: 'Failed to load revenue analytics' }}
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          <KpiGrid
            cards={[
              {
                title: 'Total Revenue',
                value: formatMoney(data.totalRevenue),
                icon: DollarSign,
                change: data.revenueGrowth,
                changeText: growth ? `${growth} vs last period` : 'No previous revenue to compare',
              },
              {
                title: 'Revenue Growth',
                value: growth ?? 'n/a',
                icon: TrendingUp,
                change: data.revenueGrowth,
                changeText: 'vs last period',
              },
              { title: 'Avg Revenue per Order', value: formatMoney(data.averageRevenuePerOrder), icon: Wallet },
              { title: 'Payment Methods', value: formatNumber(data.revenueByPaymentMethod.length), icon: CreditCard },
            ]}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <SeriesChartCard
              title="Monthly Revenue Trend"
              emptyMessage="No monthly revenue data available"
              xLabel="Month"
              kind="area"
              data={data.monthlyRevenue}
              x="month"
              xFormat={shortMonth}
              yFormat={dollarTick}
              value={formatMoney}
              series={[{ key: 'revenue', name: 'Revenue', color: CHART_COLORS[0] }]}
            />
            <ChartCard
              title="Revenue by Payment Method"
              empty={data.revenueByPaymentMethod.length === 0}
              emptyMessage="No payment method data available"
              table={chartTable(data.revenueByPaymentMethod, [
                { label: 'Payment method', value: (row) => PAYMENT_METHOD_LABELS[row.paymentMethod] },
                { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
              ])}
            >
              <PieChartView
                data={data.revenueByPaymentMethod.map((row) => ({
                  ...row,
                  name: PAYMENT_METHOD_LABELS[row.paymentMethod],
                }))}
                value="revenue"
                name="name"
                label={(name, value) => `${name}: ${formatMoney(value)}`}
                tooltip={formatMoney}
              />
            </ChartCard>
          </div>
          <StatusTable rows={data.revenueByStatus} />
        </div>
      )}
    </RangePage>
  );
}

function StatusTable({ rows }: { rows: RevenueAnalytics['revenueByStatus'] }) {
  return (
    <TableCard title="Revenue by Order Status" empty={rows.length === 0} emptyMessage="No order status data available">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Revenue</TableHead>
            <TableHead className="text-right">Orders</TableHead>
            <TableHead className="text-right">Avg Revenue</TableHead>
            <TableHead className="text-right">% of Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.status}>
              <TableCell>
                <Badge variant={STATUS_BADGE[row.status] ?? 'neutral'} className="capitalize">
                  {row.status}
                </Badge>
              </TableCell>
              <TableCell className="text-right">{formatMoney(row.revenue)}</TableCell>
              <TableCell className="text-right">{formatNumber(row.orderCount)}</TableCell>
              <TableCell className="text-right">{formatMoney(average(row.revenue, row.orderCount))}</TableCell>
              <TableCell className="text-right">{formatRate(row.percentage / 100)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableCard>
  );
}
