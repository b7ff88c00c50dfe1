import { ANALYTICS_RANGES_DAYS, type SalesAnalytics } from '@seamline/shared';
import { formatMoney, formatNumber, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@seamline/ui';
import { DollarSign, Percent, ShoppingCart, TrendingUp } from 'lucide-react';
import { SeriesChartCard, TableCard } from '../../../components/analytics/chart-card';
import { comparedKpis, KpiGrid } from '../../../components/analytics/kpi-card';
import { dayChoices, RangePage } from '../../../components/analytics/range-page';
import { CHART_COLORS, dollarTick, formatRate, shortDay } from '../../../lib/analytics-format';
import { useDayRange } from '../../../lib/analytics-range';
import { useSalesAnalytics } from '../api';

export default function SalesAnalyticsPage() {
  const { days, setDays, query, previousQuery } = useDayRange();
  const sales = useSalesAnalytics(query);
  const previous = useSalesAnalytics(previousQuery);
  const data = sales.data;

  return (
    <RangePage
      title="Sales Analytics"
      report={{ name: 'sales', query }}
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
          <KpiGrid
            cards={comparedKpis(data, previous.data, [
              { title: 'Total Sales', figure: 'totalSales', format: formatMoney, icon: DollarSign },
              { title: 'Total Orders', figure: 'totalOrders', format: formatNumber, icon: ShoppingCart },
              { title: 'Average Order Value', figure: 'averageOrderValue', format: formatMoney, icon: TrendingUp },
              { title: 'Conversion Rate', figure: 'conversionRate', format: formatRate, icon: Percent },
            ])}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <SeriesChartCard
              title="Sales Trend"
              emptyMessage="No sales trend data available"
              xLabel="Day"
              kind="area"
              data={data.salesTrend}
              x="date"
              xFormat={shortDay}
              yFormat={dollarTick}
              value={formatMoney}
              series={[{ key: 'revenue', name: 'Revenue', color: CHART_COLORS[0] }]}
            />
            <SeriesChartCard
              title="Sales by Category"
              emptyMessage="No category data available"
              xLabel="Category"
              kind="bar"
              data={data.salesByCategory}
              x="category"
              yFormat={dollarTick}
              value={formatMoney}
              series={[{ key: 'revenue', name: 'Revenue', color: CHART_COLORS[1] }]}
            />
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
