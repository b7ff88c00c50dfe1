import { ANALYTICS_RANGES_DAYS, type CustomerAnalytics, DEFAULT_RANGE_DAYS, lastDaysQuery } from '@seamline/shared';
import { Repeat, UserPlus, Users, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { chartTable } from '../../../components/chart-table';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useChartAnimation } from '../../../lib/use-reduced-motion';
import { previousDaysQuery, useCustomerAnalytics } from '../api';
import {
  AnalyticsSkeleton,
  ChartCard,
  ErrorBanner,
  KpiCard,
  RangeSelect,
  RefreshButton,
} from '../components/AnalyticsParts';
import { CHART_COLORS, changeLabel, changeOf, formatRate } from '../format';

/** Gold, silver and bronze for the top three. */
const MEDALS = [
  'bg-amber-100 text-amber-800 ring-amber-300',
  'bg-slate-100 text-slate-700 ring-slate-300',
  'bg-orange-100 text-orange-800 ring-orange-300',
];

export default function CustomerAnalyticsPage() {
  const [days, setDays] = useState<number>(DEFAULT_RANGE_DAYS);
  const query = useMemo(() => lastDaysQuery(days), [days]);
  const previousQuery = useMemo(() => previousDaysQuery(days), [days]);
  const customers = useCustomerAnalytics(query);
  const previous = useCustomerAnalytics(previousQuery);
  const data = customers.data;
  const vs = (current: number, earlier: number | undefined) => {
    const change = changeOf(current, earlier);
    return { change, changeText: changeLabel(change) ? `${changeLabel(change)} vs last period` : null };
  };

  return (
    <>
      <PageHeader
        title="Customer Analytics"
        description={
          data
            ? `${formatNumber(data.totalCustomers)} customers · ${formatNumber(data.newCustomers)} new · ${formatRate(data.customerRetentionRate)} retention`
            : 'Customers over the selected period'
        }
        actions={
          <>
            <RangeSelect days={days} choices={ANALYTICS_RANGES_DAYS} onChange={setDays} />
            <RefreshButton
              label="Refresh Data"
              busy={customers.isFetching}
              onClick={() => {
                customers.refetch();
                previous.refetch();
              }}
            />
          </>
        }
      />
      {customers.isError ? <ErrorBanner message="Failed to load customer analytics" /> : null}
      {!data ? (
        customers.isError ? null : (
          <AnalyticsSkeleton />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <KpiCard
              title="Total Customers"
              value={formatNumber(data.totalCustomers)}
              icon={Users}
              {...vs(data.totalCustomers, previous.data?.totalCustomers)}
            />
            <KpiCard
              title="New Customers"
              value={formatNumber(data.newCustomers)}
              icon={UserPlus}
              {...vs(data.newCustomers, previous.data?.newCustomers)}
            />
            <KpiCard
              title="Repeat Customers"
              value={formatNumber(data.repeatCustomers)}
              icon={Repeat}
              {...vs(data.repeatCustomers, previous.data?.repeatCustomers)}
            />
            <KpiCard
              title="Avg Customer Value"
              value={formatMoney(data.averageCustomerValue)}
              icon={Wallet}
              {...vs(data.averageCustomerValue, previous.data?.averageCustomerValue)}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Distribution data={data} />
            <Retention data={data} />
          </div>
          <TopCustomers rows={data.topCustomers} />
        </div>
      )}
    </>
  );
}

function Distribution({ data }: { data: CustomerAnalytics }) {
  const other = Math.max(0, data.totalCustomers - data.newCustomers - data.repeatCustomers);
  const slices = [
    { name: 'New', value: data.newCustomers },
    { name: 'Repeat', value: data.repeatCustomers },
    { name: 'Other', value: other },
  ].filter((slice) => slice.value > 0);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const animate = useChartAnimation();
  return (
    <ChartCard
      title="Customer Distribution"
      empty={total === 0}
      emptyMessage="No customer distribution data available"
      table={chartTable(slices, [
        { label: 'Customers', value: (slice) => slice.name },
        { label: 'Count', value: (slice) => formatNumber(slice.value) },
        { label: 'Share', value: (slice) => `${((slice.value / total) * 100).toFixed(1)}%` },
      ])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            isAnimationActive={animate}
            data={slices}
            dataKey="value"
            nameKey="name"
            outerRadius={95}
            label={({ name, value }) => `${name}: ${((Number(value) / total) * 100).toFixed(1)}%`}
          >
            {slices.map((slice, index) => (
              <Cell key={slice.name} fill={CHART_COLORS[index % CHART_COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => [formatNumber(Number(value)), 'Customers']} />
        </PieChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function Retention({ data }: { data: CustomerAnalytics }) {
  const rate = data.customerRetentionRate * 100;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Retention Rate</CardTitle>
      </CardHeader>
      <CardContent>
        {data.customersWithOrders === 0 ? (
          <p className="grid h-64 place-items-center text-sm text-slate-500">No retention data available</p>
        ) : (
          <div className="flex h-64 flex-col justify-center gap-4">
            <p className="text-4xl font-semibold text-slate-900">{rate.toFixed(1)}%</p>
            <div className="h-3 w-full overflow-hidden rounded-full bg-slate-100">
              <div className="h-full rounded-full bg-indigo-500" style={{ width: `${Math.min(100, rate)}%` }} />
            </div>
            <div className="flex flex-col gap-1 text-sm text-slate-600">
              <p>Repeat customers: {formatNumber(data.repeatCustomers)}</p>
              <p>Total customers: {formatNumber(data.customersWithOrders)} with orders</p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function TopCustomers({ rows }: { rows: CustomerAnalytics['topCustomers'] }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-xs">
      <h3 className="px-5 pt-5 pb-3 text-base font-semibold text-slate-900">Top Customers</h3>
      {rows.length === 0 ? (
        <p className="px-5 pb-8 text-center text-sm text-slate-500">No top customers data available</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Rank</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead className="text-right">Orders</TableHead>
              <TableHead className="text-right">Total Spent</TableHead>
              <TableHead className="text-right">Avg Order Value</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.slice(0, 10).map((row, index) => (
              <TableRow key={row.customerId}>
                <TableCell>
                  <span
                    data-testid="rank"
                    className={cn(
                      'inline-grid size-7 place-items-center rounded-full text-xs font-semibold',
                      MEDALS[index] ? `ring-1 ${MEDALS[index]}` : 'text-slate-500',
                    )}
                  >
                    {index + 1}
                  </span>
                </TableCell>
                <TableCell>
                  <div className="font-medium text-slate-900">{row.customerName}</div>
                  <div className="text-xs text-slate-500">{row.email}</div>
                </TableCell>
                <TableCell className="text-right">{formatNumber(row.orderCount)}</TableCell>
                <TableCell className="text-right">{formatMoney(row.totalSpent)}</TableCell>
                <TableCell className="text-right">
                  {formatMoney(row.orderCount ? row.totalSpent / row.orderCount : 0)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
