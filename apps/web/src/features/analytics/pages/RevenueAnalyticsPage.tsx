import {
  ANALYTICS_RANGES_DAYS,
  DEFAULT_RANGE_DAYS,
  lastDaysQuery,
  PAYMENT_METHOD_LABELS,
  type RevenueAnalytics,
} from '@seamline/shared';
import { CreditCard, DollarSign, TrendingUp, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartTable } from '../../../components/chart-table';
import {
  Badge,
  type BadgeVariant,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useChartAnimation } from '../../../lib/use-reduced-motion';
import { useRevenueAnalytics } from '../api';
import {
  AnalyticsSkeleton,
  ChartCard,
  ErrorBanner,
  KpiCard,
  RangeSelect,
  RefreshButton,
} from '../components/AnalyticsParts';
import { CHART_COLORS, changeLabel, formatRate, shortMonth } from '../format';

const money = (value: unknown) => formatMoney(Number(value));

/** Status colouring: completed (delivered) green, pending amber, cancelled red, the rest neutral. */
const STATUS_BADGE: Partial<Record<string, BadgeVariant>> = {
  delivered: 'success',
  pending: 'warning',
  cancelled: 'danger',
  refunded: 'danger',
};

export default function RevenueAnalyticsPage() {
  const [days, setDays] = useState<number>(DEFAULT_RANGE_DAYS);
  const query = useMemo(() => lastDaysQuery(days), [days]);
  const revenue = useRevenueAnalytics(query);
  const data = revenue.data;
  const growth = changeLabel(data?.revenueGrowth);
  const animate = useChartAnimation();

  return (
    <>
      <PageHeader
        title="Revenue Analytics"
        description={
          data
            ? `Total ${formatMoney(data.totalRevenue)} · Growth ${growth ?? 'n/a'} · Avg ${formatMoney(data.averageRevenuePerOrder)}`
            : 'Revenue over the selected period'
        }
        actions={
          <>
            <RangeSelect days={days} choices={ANALYTICS_RANGES_DAYS} onChange={setDays} />
            <RefreshButton label="Refresh Data" busy={revenue.isFetching} onClick={() => revenue.refetch()} />
          </>
        }
      />
      {revenue.isError ? <ErrorBanner message="Failed to load revenue analytics" /> : null}
      {!data ? (
        revenue.isError ? null : (
          <AnalyticsSkeleton />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <KpiCard
              title="Total Revenue"
              value={formatMoney(data.totalRevenue)}
              icon={DollarSign}
              change={data.revenueGrowth}
              changeText={growth ? `${growth} vs last period` : 'No previous revenue to compare'}
            />
            <KpiCard
              title="Revenue Growth"
              value={growth ?? 'n/a'}
              icon={TrendingUp}
              change={data.revenueGrowth}
              changeText="vs last period"
            />
            <KpiCard title="Avg Revenue per Order" value={formatMoney(data.averageRevenuePerOrder)} icon={Wallet} />
            <KpiCard
              title="Payment Methods"
              value={formatNumber(data.revenueByPaymentMethod.length)}
              icon={CreditCard}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard
              title="Monthly Revenue Trend"
              empty={data.monthlyRevenue.length === 0}
              emptyMessage="No monthly revenue data available"
              table={chartTable(data.monthlyRevenue, [
                { label: 'Month', value: (row) => shortMonth(row.month) },
                { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
              ])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={data.monthlyRevenue}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="month" tickFormatter={shortMonth} fontSize={12} />
                  <YAxis fontSize={12} tickFormatter={(v) => `$${v}`} />
                  <Tooltip formatter={money} labelFormatter={(label) => shortMonth(String(label))} />
                  <Area
                    isAnimationActive={animate}
                    type="monotone"
                    dataKey="revenue"
                    name="Revenue"
                    stroke={CHART_COLORS[0]}
                    fill={CHART_COLORS[0]}
                    fillOpacity={0.2}
                  />
                </AreaChart>
              </ResponsiveContainer>
            </ChartCard>
            <ChartCard
              title="Revenue by Payment Method"
              empty={data.revenueByPaymentMethod.length === 0}
              emptyMessage="No payment method data available"
              table={chartTable(data.revenueByPaymentMethod, [
                { label: 'Payment method', value: (row) => PAYMENT_METHOD_LABELS[row.paymentMethod] },
                { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
              ])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <PieChart>
                  <Pie
                    isAnimationActive={animate}
                    data={data.revenueByPaymentMethod.map((row) => ({
                      ...row,
                      name: PAYMENT_METHOD_LABELS[row.paymentMethod],
                    }))}
                    dataKey="revenue"
                    nameKey="name"
                    outerRadius={95}
                    label={({ name, value }) => `${name}: ${formatMoney(Number(value))}`}
                  >
                    {data.revenueByPaymentMethod.map((row, index) => (
                      <Cell key={row.paymentMethod} fill={CHART_COLORS[index % CHART_COLORS.length]} />
                    ))}
                  </Pie>
                  <Tooltip formatter={money} />
                </PieChart>
              </ResponsiveContainer>
            </ChartCard>
          </div>
          <StatusTable rows={data.revenueByStatus} />
        </div>
      )}
    </>
  );
}

function StatusTable({ rows }: { rows: RevenueAnalytics['revenueByStatus'] }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-xs">
      <h3 className="px-5 pt-5 pb-3 text-base font-semibold text-slate-900">Revenue by Order Status</h3>
      {rows.length === 0 ? (
        <p className="px-5 pb-8 text-center text-sm text-slate-500">No order status data available</p>
      ) : (
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
                <TableCell className="text-right">
                  {formatMoney(row.orderCount ? row.revenue / row.orderCount : 0)}
                </TableCell>
                <TableCell className="text-right">{formatRate(row.percentage / 100)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
