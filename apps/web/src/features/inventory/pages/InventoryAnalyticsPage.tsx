import { INVENTORY_MESSAGES, PAGE_SIZES, STOCK, stockPercent } from '@seamline/shared';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  formatMoney,
  formatNumber,
  PageHeader,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { AlertTriangle, CheckCircle2, DollarSign, Package, PackageX, RefreshCw } from 'lucide-react';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ReportOutputs } from '../../../components/analytics/range-page';
import { ChartTableView, chartTable } from '../../../components/chart-table';
import { useChartAnimation } from '../../../lib/use-reduced-motion';
import { useInventoryAnalytics, useLowStockAlerts } from '../api';
import { AlertBadge } from '../components/alert-bits';
import { StatCard, StockBar } from '../components/StatCard';
import { StockByLocationCard } from '../components/StockByLocationCard';

const TABLE_ALERTS = { search: '', page: 1, limit: PAGE_SIZES.lowStockTable };
const PIE_COLORS = ['#10b981', '#f59e0b', '#ef4444'];

/**
 * Inventory Analytics (the specification), change labels computed against 30 days ago (docs/domain.md § Corrections).
 */
export default function InventoryAnalyticsPage() {
  const analytics = useInventoryAnalytics();
  const alerts = useLowStockAlerts(TABLE_ALERTS);
  const data = analytics.data;
  const loading = analytics.isLoading;
  const failed = analytics.isError || alerts.isError;
  const inStock = data ? Math.max(0, data.totalProducts - data.lowStockProducts - data.outOfStockProducts) : 0;
  const pie = data
    ? [
        { name: 'In Stock', value: inStock },
        { name: 'Low Stock', value: data.lowStockProducts },
        { name: 'Out of Stock', value: data.outOfStockProducts },
      ]
    : [];
  const average = Math.round(data?.averageStockLevel ?? 0);
  const animate = useChartAnimation();
  const rows = alerts.data?.alerts ?? [];

  return (
    <>
      <PageHeader
        title="Inventory Analytics"
        description="Stock levels, alerts, and inventory value insights"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="neutral">{data?.totalProducts ?? 0} products</Badge>
            <Badge variant="warning">{data?.lowStockProducts ?? 0} low stock</Badge>
            <Badge variant="danger">{data?.outOfStockProducts ?? 0} out of stock</Badge>
            <Button
              variant="outline"
              loading={analytics.isFetching || alerts.isFetching}
              onClick={() => Promise.all([analytics.refetch(), alerts.refetch()])}
            >
              <RefreshCw /> Refresh Data
            </Button>
            <ReportOutputs report="inventory" query={{}} />
          </div>
        }
      />
      {failed ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {INVENTORY_MESSAGES.analyticsFailed}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {loading ? (
          ['a', 'b', 'c', 'd'].map((k) => <Skeleton key={k} className="h-28 w-full" />)
        ) : (
          <>
            <StatCard
              title="Total Products"
              value={formatNumber(data?.totalProducts)}
              change={data?.changes.totalProducts}
              icon={Package}
            />
            <StatCard
              title="Low Stock Items"
              value={formatNumber(data?.lowStockProducts)}
              change={data?.changes.lowStockProducts}
              icon={AlertTriangle}
              tone="amber"
            />
            <StatCard
              title="Out of Stock"
              value={formatNumber(data?.outOfStockProducts)}
              change={data?.changes.outOfStockProducts}
              icon={PackageX}
              tone="red"
            />
            <StatCard
              title="Total Value (USD)"
              value={formatMoney(data?.totalValue)}
              change={data?.changes.totalValue}
              icon={DollarSign}
              tone="emerald"
            />
          </>
        )}
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Inventory Status</CardTitle>
          </CardHeader>
          <CardContent className="h-72">
            {loading ? (
              <Skeleton className="size-full" />
            ) : (
              <ResponsiveContainer width="100%" height="100%">
                <PieChart>
                  <Pie
                    data={pie}
                    dataKey="value"
                    nameKey="name"
                    // Radii relative to the chart, so the slice labels stay inside a phone-width card.
                    innerRadius="42%"
                    outerRadius="66%"
                    isAnimationActive={animate}
                    label
                  >
                    {pie.map((slice, i) => (
                      <Cell key={slice.name} fill={PIE_COLORS[i]} />
                    ))}
                  </Pie>
                  <Tooltip formatter={(value) => [value, 'Products']} />
                  <Legend />
                </PieChart>
              </ResponsiveContainer>
            )}
            {data ? (
              <ChartTableView
                caption="Inventory Status"
                table={chartTable(pie, [
                  { label: 'Status', value: (slice) => slice.name },
                  { label: 'Products', value: (slice) => formatNumber(slice.value) },
                ])}
              />
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Average Stock Level</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {loading ? (
              <Skeleton className="h-24 w-full" />
            ) : (
              <>
                <p className="text-3xl font-semibold text-slate-900" data-testid="average-stock">
                  {average} <span className="text-base font-normal text-slate-500">units per product</span>
                </p>
                <div className="h-3 w-full overflow-hidden rounded-full bg-slate-100">
                  <div
                    className="h-full rounded-full bg-indigo-500"
                    style={{ width: `${Math.min(100, (average / STOCK.averageStockBarScale) * 100)}%` }}
                  />
                </div>
                <div className="flex justify-between text-sm text-slate-600">
                  <span>Total products: {formatNumber(data?.totalProducts)}</span>
                  <span>Total value: {formatMoney(data?.totalValue)}</span>
                </div>
              </>
            )}
          </CardContent>
        </Card>
      </div>
      <StockByLocationCard locations={data?.byLocation ?? []} />
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>Low Stock Alerts</CardTitle>
        </CardHeader>
        <CardContent>
          {alerts.isLoading ? (
            <Skeleton className="h-40 w-full" />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={CheckCircle2}
              title="No low stock alerts at the moment"
              description="All products are well stocked."
            />
          ) : (
            <Table aria-label="Low stock alerts table">
              <TableHeader>
                <TableRow>
                  <TableHead>Product</TableHead>
                  <TableHead>Variant</TableHead>
                  <TableHead>Current Stock</TableHead>
                  <TableHead>Threshold</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="w-40">Priority</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((a) => (
                  <TableRow key={`${a.productId}-${a.variant}`}>
                    <TableCell className="font-medium">{a.productName}</TableCell>
                    <TableCell>{a.variant || 'Default'}</TableCell>
                    <TableCell>{a.currentStock}</TableCell>
                    <TableCell>{a.threshold}</TableCell>
                    <TableCell>
                      <AlertBadge status={a.status} />
                    </TableCell>
                    <TableCell>
                      <StockBar percent={stockPercent(a.currentStock, a.threshold)} danger={a.status !== 'Low Stock'} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}
