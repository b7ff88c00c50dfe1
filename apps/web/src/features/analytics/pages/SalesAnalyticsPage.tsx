import { ANALYTICS_RANGES_DAYS, DEFAULT_RANGE_DAYS, lastDaysQuery } from '@seamline/shared';
import { DollarSign, Percent, ShoppingCart, TrendingUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartTable } from '../../../components/chart-table';
import { PageHeader, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useChartAnimation } from '../../../lib/use-reduced-motion';
import { previousDaysQuery, useSalesAnalytics } from '../api';
import {
  AnalyticsSkeleton,
  ChartCard,
  ErrorBanner,
  KpiCard,
  RangeSelect,
  RefreshButton,
} from '../components/AnalyticsParts';
import { CHART_COLORS, changeLabel, changeOf, formatRate, shortDay } from '../format';

const money = (value: unknown) => formatMoney(Number(value));

export default function SalesAnalyticsPage() {
  const [days, setDays] = useState<number>(DEFAULT_RANGE_DAYS);
  const query = useMemo(() => lastDaysQuery(days), [days]);
  const previousQuery = useMemo(() => previousDaysQuery(days), [days]);
  const sales = useSalesAnalytics(query);
  const previous = useSalesAnalytics(previousQuery);
  const data = sales.data;
  const before = previous.data;
  const animate = useChartAnimation();
  const vs = (current: number, earlier: number | undefined) => {
    const change = changeOf(current, earlier);
    return { change, changeText: changeLabel(change) ? `${changeLabel(change)} vs last period` : null };
  };

  return (
    <>
      <PageHeader
        title="Sales Analytics"
        description={
          data
            ? `${formatNumber(data.totalOrders)} orders · ${formatMoney(data.totalSales)} revenue · ${formatMoney(data.averageOrderValue)} average order`
            : 'Sales performance over the selected period'
        }
        actions={
          <>
            <RangeSelect days={days} choices={ANALYTICS_RANGES_DAYS} onChange={setDays} />
            <RefreshButton
              label="Refresh Data"
              busy={sales.isFetching}
              onClick={() => {
                sales.refetch();
                previous.refetch();
              }}
            />
          </>
        }
      />
      {sales.isError ? <ErrorBanner message="Failed to load sales analytics" /> : null}
      {!data ? (
        sales.isError ? null : (
          <AnalyticsSkeleton />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <KpiCard
              title="Total Sales"
              value={formatMoney(data.totalSales)}
              icon={DollarSign}
              {...vs(data.totalSales, before?.totalSales)}
            />
            <KpiCard
              title="Total Orders"
              value={formatNumber(data.totalOrders)}
              icon={ShoppingCart}
              {...vs(data.totalOrders, before?.totalOrders)}
            />
            <KpiCard
              title="Average Order Value"
              value={formatMoney(data.averageOrderValue)}
              icon={TrendingUp}
              {...vs(data.averageOrderValue, before?.averageOrderValue)}
            />
            <KpiCard
              title="Conversion Rate"
              value={formatRate(data.conversionRate)}
              icon={Percent}
              {...vs(data.conversionRate, before?.conversionRate)}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard
              title="Sales Trend"
              empty={data.salesTrend.length === 0}
              emptyMessage="No sales trend data available"
              table={chartTable(data.salesTrend, [
                { label: 'Day', value: (row) => shortDay(row.date) },
                { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
              ])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={data.salesTrend}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
                  <YAxis fontSize={12} tickFormatter={(v) => `$${v}`} />
                  <Tooltip formatter={money} labelFormatter={(label) => shortDay(String(label))} />
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
              title="Sales by Category"
              empty={data.salesByCategory.length === 0}
              emptyMessage="No category data available"
              table={chartTable(data.salesByCategory, [
                { label: 'Category', value: (row) => row.category },
                { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
              ])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.salesByCategory}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="category" fontSize={12} />
                  <YAxis fontSize={12} tickFormatter={(v) => `$${v}`} />
                  <Tooltip formatter={money} />
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
          </div>
          <TopProducts products={data.topSellingProducts} />
        </div>
      )}
    </>
  );
}

function TopProducts({
  products,
}: {
  products: {
    productId: string | null;
    productName: string;
    category: string | null;
    quantity: number;
    revenue: number;
  }[];
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-xs">
      <h3 className="px-5 pt-5 pb-3 text-base font-semibold text-slate-900">Top Selling Products</h3>
      {products.length === 0 ? (
        <p className="px-5 pb-8 text-center text-sm text-slate-500">No top selling products data available</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Rank</TableHead>
              <TableHead>Product</TableHead>
              <TableHead>Category</TableHead>
              <TableHead className="text-right">Units Sold</TableHead>
              <TableHead className="text-right">Revenue</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {products.map((product, index) => (
              <TableRow key={product.productId ?? product.productName}>
                <TableCell>#{index + 1}</TableCell>
                <TableCell className="font-medium">{product.productName}</TableCell>
                <TableCell>{product.category ?? '-'}</TableCell>
                <TableCell className="text-right">{formatNumber(product.quantity)}</TableCell>
                <TableCell className="text-right">{formatMoney(product.revenue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
