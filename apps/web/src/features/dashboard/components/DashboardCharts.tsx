import type { DashboardAnalytics } from '@seamline/shared';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartTable } from '../../../components/chart-table';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useChartAnimation } from '../../../lib/use-reduced-motion';
import { ChartCard } from '../../analytics/components/AnalyticsParts';
import { CHART_COLORS, shortDay, WIDE_PALETTE } from '../../analytics/format';

type Charts = DashboardAnalytics['charts'];
const AXES = ['revenue', 'orders', 'units', 'products', 'averageRating'] as const;
const AXIS_LABELS: Record<(typeof AXES)[number], string> = {
  revenue: 'Revenue',
  orders: 'Orders',
  units: 'Units',
  products: 'Products',
  averageRating: 'Rating',
};

/**
 * The radar compares brands on axes of different units, so each axis is scaled to the best brand (100);
 * the tooltip shows the real figures.
 */
function radarData(resellers: Charts['topResellers']) {
  return AXES.map((axis) => {
    const best = Math.max(...resellers.map((r) => r[axis]), 0);
    const point: Record<string, string | number> = { axis: AXIS_LABELS[axis] };
    for (const reseller of resellers) {
      point[reseller.brand] = best ? Math.round((reseller[axis] / best) * 100) : 0;
      point[`${reseller.brand}__raw`] = axis === 'revenue' ? formatMoney(reseller[axis]) : formatNumber(reseller[axis]);
    }
    return point;
  });
}

/** The dashboard's four charts; loaded on demand (a separate bundle, fetched when the dashboard first shows). */
export default function DashboardCharts({ charts }: { charts: Charts }) {
  const radar = radarData(charts.topResellers);
  const animate = useChartAnimation();
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="dashboard-charts">
      <ChartCard
        title="Revenue"
        empty={charts.revenueByDay.length === 0}
        emptyMessage="No revenue data available"
        table={chartTable(charts.revenueByDay, [
          { label: 'Day', value: (row) => shortDay(row.date) },
          { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={charts.revenueByDay}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
            <YAxis fontSize={12} />
            <Tooltip formatter={(value) => formatMoney(Number(value))} labelFormatter={(l) => shortDay(String(l))} />
            <Bar
              isAnimationActive={animate}
              dataKey="revenue"
              name="Revenue"
              fill={CHART_COLORS[0]}
              radius={[4, 4, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Order Trends"
        empty={charts.orderTrends.length === 0}
        emptyMessage="No order data available"
        table={chartTable(charts.orderTrends, [
          { label: 'Day', value: (row) => shortDay(row.date) },
          { label: 'Orders', value: (row) => formatNumber(row.orders) },
          { label: 'Completed', value: (row) => formatNumber(row.completed) },
          { label: 'Cancelled', value: (row) => formatNumber(row.cancelled) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={charts.orderTrends}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
            <YAxis fontSize={12} allowDecimals={false} />
            <Tooltip labelFormatter={(l) => shortDay(String(l))} />
            <Legend />
            <Area
              isAnimationActive={animate}
              type="monotone"
              dataKey="orders"
              name="Orders"
              stroke={CHART_COLORS[0]}
              fill={CHART_COLORS[0]}
              fillOpacity={0.15}
            />
            <Area
              isAnimationActive={animate}
              type="monotone"
              dataKey="completed"
              name="Completed"
              stroke={CHART_COLORS[1]}
              fill={CHART_COLORS[1]}
              fillOpacity={0.15}
            />
            <Area
              isAnimationActive={animate}
              type="monotone"
              dataKey="cancelled"
              name="Cancelled"
              stroke={CHART_COLORS[3]}
              fill={CHART_COLORS[3]}
              fillOpacity={0.15}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Product Sales by Category"
        empty={charts.productSalesByCategory.length === 0}
        emptyMessage="No category data available"
        table={chartTable(charts.productSalesByCategory, [
          { label: 'Category', value: (row) => row.category },
          { label: 'Units sold', value: (row) => formatNumber(row.units) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              isAnimationActive={animate}
              data={charts.productSalesByCategory}
              dataKey="units"
              nameKey="category"
              outerRadius={95}
              label={({ name, value }) => `${name}: ${formatNumber(Number(value))}`}
            >
              {charts.productSalesByCategory.map((row, index) => (
                <Cell key={row.category} fill={WIDE_PALETTE[index % WIDE_PALETTE.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => [formatNumber(Number(value)), 'Units sold']} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Top Resellers"
        empty={charts.topResellers.length === 0}
        emptyMessage="No reseller data available"
        table={chartTable(charts.topResellers, [
          { label: 'Brand', value: (row) => row.brand },
          { label: 'Revenue', value: (row) => formatMoney(row.revenue) },
          { label: 'Orders', value: (row) => formatNumber(row.orders) },
          { label: 'Units', value: (row) => formatNumber(row.units) },
          { label: 'Products', value: (row) => formatNumber(row.products) },
          { label: 'Rating', value: (row) => formatNumber(row.averageRating) },
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <RadarChart data={radar} outerRadius="65%" cy="45%">
            <PolarGrid />
            <PolarAngleAxis dataKey="axis" fontSize={12} />
            <PolarRadiusAxis domain={[0, 100]} tick={false} axisLine={false} />
            {charts.topResellers.map((reseller, index) => (
              <Radar
                isAnimationActive={animate}
                key={reseller.brandId}
                name={reseller.brand}
                dataKey={reseller.brand}
                stroke={CHART_COLORS[index % CHART_COLORS.length]}
                fill={CHART_COLORS[index % CHART_COLORS.length]}
                fillOpacity={0.12}
              />
            ))}
            <Tooltip
              formatter={(_value, name, item) => [String(item.payload[`${String(name)}__raw`] ?? ''), String(name)]}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
          </RadarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
