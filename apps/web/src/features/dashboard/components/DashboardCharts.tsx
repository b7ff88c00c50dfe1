import type { DashboardAnalytics } from '@seamline/shared';
import { formatMoney, formatNumber } from '@seamline/ui';
import {
  Legend,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
} from 'recharts';
import { ChartCard, PieChartView, SeriesChartCard } from '../../../components/analytics/chart-card';
import { chartTable } from '../../../components/chart-table';
import { CHART_COLORS, shortDay, WIDE_PALETTE } from '../../../lib/analytics-format';
import { useChartAnimation } from '../../../lib/use-reduced-motion';

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
      <SeriesChartCard
        title="Revenue"
        emptyMessage="No revenue data available"
        xLabel="Day"
        kind="bar"
        data={charts.revenueByDay}
        x="date"
        xFormat={shortDay}
        value={formatMoney}
        series={[{ key: 'revenue', name: 'Revenue', color: CHART_COLORS[0] }]}
      />
      <SeriesChartCard
        title="Order Trends"
        emptyMessage="No order data available"
        xLabel="Day"
        kind="area"
        data={charts.orderTrends}
        x="date"
        xFormat={shortDay}
        integers
        legend
        fillOpacity={0.15}
        series={[
          { key: 'orders', name: 'Orders', color: CHART_COLORS[0] },
          { key: 'completed', name: 'Completed', color: CHART_COLORS[1] },
          { key: 'cancelled', name: 'Cancelled', color: CHART_COLORS[3] },
        ]}
      />
      <ChartCard
        title="Product Sales by Category"
        empty={charts.productSalesByCategory.length === 0}
        emptyMessage="No category data available"
        table={chartTable(charts.productSalesByCategory, [
          { label: 'Category', value: (row) => row.category },
          { label: 'Units sold', value: (row) => formatNumber(row.units) },
        ])}
      >
        <PieChartView
          data={charts.productSalesByCategory}
          value="units"
          name="category"
          palette={WIDE_PALETTE}
          label={(name, value) => `${name}: ${formatNumber(value)}`}
          tooltip={(value) => [formatNumber(value), 'Units sold']}
        />
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
