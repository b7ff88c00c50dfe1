import { ANALYTICS_RANGES_DAYS, type SalesAnalytics } from '@seamline/shared';
import { DollarSign, Percent, ShoppingCart, TrendingUp } from 'lucide-react';
import { ChartCard, dayChoices, KpiCard, RangePage, SeriesChart, TableCard } from '../../../components/analytics';
import { chartTable } from '../../../components/chart-table';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui';
import { CHART_COLORS, formatRate, shortDay, versusLastPeriod } from '../../../lib/analytics-format';
import { useDayRange } from '../../../lib/analytics-range';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useSalesAnalytics } from '../api';

const dollars = (value: number) => `$${value}`;

export default function SalesAnalyticsPage() {
  const { days, setDays, query, previousQuery } = useDayRange();
  const sales = useSalesAnalytics(query);
  const previous = useSalesAnalytics(previousQuery);
  const data = sales.data;
  const before = previous.data;

  return (
    <RangePage
      title="Sales Analytics"
      description={
        data
          ? `${formatNumber(data.totalOrders)} orders · ${formatMoney(data.totalSales)} revenue · ${formatMoney(data.averageOrderValue)} average order`
          : 'Sales performance over the selected period'
      }
      range={dayChoices(days, ANALYTICS_RANGES_DAYS, setDays)}
      refresh={{
        label: 'Refresh Data',
        busy: sales.isFetching,
        onClick: () => {
          sales.refetch();
          previous.refetch();
        },
      }}
      result={sales}
      failure={{ banner: 'Failed to load sales analytics' }}
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <KpiCard
              title="Total Sales"
              value={formatMoney(data.totalSales)}
              icon={DollarSign}
              {...versusLastPeriod(data.totalSales, before?.totalSales)}
            />
            <KpiCard
              title="Total Orders"
              value={formatNumber(data.totalOrders)}
              icon={ShoppingCart}
              {...versusLastPeriod(data.totalOrders, before?.totalOrders)}
            />
            <KpiCard
              title="Average Order Value"
              value={formatMoney(data.averageOrderValue)}
              icon={TrendingUp}
              {...versusLastPeriod(data.averageOrderValue, before?.averageOrderValue)}
            />
            <KpiCard
              title="Conversion Rate"
              value={formatRate(data.conversionRate)}
              icon={Percent}
              {...versusLastPeriod(data.conversionRate, before?.conversionRate)}
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
              <SeriesChart
                kind="area"
                data={data.salesTrend}
                x="date"
                xFormat={shortDay}
                yFormat={dollars}
                value={formatMoney}
                series={[{ key: 'revenue', name: 'Revenue', color: CHART_COLORS[0] }]}
              />
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
              <SeriesChart
                kind="bar"
                data={data.salesByCategory}
                x="category"
                yFormat={dollars}
                value={formatMoney}
                series={[{ key: 'revenue', name: 'Revenue', color: CHART_COLORS[1] }]}
              />
            </ChartCard>
          </div>
          <TopProducts products={data.topSellingProducts} />
        </div>
      )}
    </RangePage>
  );
}

function TopProducts({ products }: { products: SalesAnalytics['topSellingProducts'] }) {
  return (
    <TableCard
      title="Top Selling Products"
      empty={products.length === 0}
      emptyMessage="No top selling products data available"
    >
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
    </TableCard>
  );
}
