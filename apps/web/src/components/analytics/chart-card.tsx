import { Card, CardContent, CardHeader, CardTitle, cn, formatNumber } from '@seamline/ui';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS, compactTick } from '../../lib/analytics-format';
import { useChartAnimation } from '../../lib/use-reduced-motion';
import { type ChartTable, ChartTableView, chartTable } from '../chart-table';

/**
 * A chart or table section with its empty message. A chart passes `table`, its figures as text (a visually hidden
 * table captioned with the title), so a screen reader gets what the drawing shows.
 */
export function ChartCard({
  title,
  empty,
  emptyMessage,
  children,
  className,
  table,
}: {
  title: string;
  empty: boolean;
  emptyMessage: string;
  children: ReactNode;
  className?: string;
  table?: ChartTable;
}) {
  return (
    // min-w-0: a grid item is otherwise at least as wide as its content, so a chart drawn at a wider width (measured
    // mid-layout) would hold its column wide and never be measured again.
    <Card className={cn('min-w-0', className)} data-testid="chart-card">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="grid h-64 place-items-center text-sm text-slate-500">{emptyMessage}</p>
        ) : (
          <>
            <div className="h-72">{children}</div>
            {table ? <ChartTableView caption={title} table={table} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A titled table section of an analytics screen, or its empty message. */
export function TableCard({
  title,
  empty,
  emptyMessage,
  children,
}: {
  title: string;
  empty: boolean;
  emptyMessage: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-xs">
      <h3 className="px-5 pt-5 pb-3 text-base font-semibold text-slate-900">{title}</h3>
      {empty ? <p className="px-5 pb-8 text-center text-sm text-slate-500">{emptyMessage}</p> : children}
    </div>
  );
}

type Key<Row> = Extract<keyof Row, string>;
type Series<Row> = { key: Key<Row>; name: string; color: string };
type TooltipValue = (value: number) => string | [string, string];

const CHARTS = { area: AreaChart, bar: BarChart, line: LineChart } as const;

type SeriesChartProps<Row> = {
  kind: keyof typeof CHARTS;
  data: Row[];
  x: Key<Row>;
  /** Labels the axis ticks, the tooltip title and the figures table's first column. */
  xFormat?: (value: string) => string;
  /** The value axis' tick labels. */
  yFormat?: (value: number) => string;
  /** Counts: no fractional ticks on the value axis. */
  integers?: boolean;
  /** The tooltip's value text (and the figures table's; counts are shown with thousands separators without it). */
  value?: (value: number) => string;
  series: Series<Row>[];
  legend?: boolean;
  fillOpacity?: number;
};

/**
 * One or more series over a category axis (days, months, statuses), drawn as areas, bars or a line, with the
 * grid, axes and tooltip every analytics chart shares.
 */
export function SeriesChart<Row extends object>({
  kind,
  data,
  x,
  xFormat,
  yFormat,
  integers = false,
  value,
  series,
  legend = false,
  fillOpacity = 0.2,
}: SeriesChartProps<Row>) {
  const animate = useChartAnimation();
  const Chart = CHARTS[kind];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={data}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey={x} fontSize={12} {...(xFormat ? { tickFormatter: xFormat } : {})} />
        <YAxis fontSize={12} tickFormatter={yFormat ?? compactTick} {...(integers ? { allowDecimals: false } : {})} />
        <Tooltip
          {...(value ? { formatter: (v: unknown) => value(Number(v)) } : {})}
          {...(xFormat ? { labelFormatter: (label: unknown) => xFormat(String(label)) } : {})}
        />
        {legend ? <Legend /> : null}
        {series.map((line) =>
          kind === 'area' ? (
            <Area
              key={line.key}
              isAnimationActive={animate}
              type="monotone"
              dataKey={line.key}
              name={line.name}
              stroke={line.color}
              fill={line.color}
              fillOpacity={fillOpacity}
            />
          ) : kind === 'bar' ? (
            <Bar
              key={line.key}
              isAnimationActive={animate}
              dataKey={line.key}
              name={line.name}
              fill={line.color}
              radius={[4, 4, 0, 0]}
            />
          ) : (
            <Line
              key={line.key}
              isAnimationActive={animate}
              type="monotone"
              dataKey={line.key}
              name={line.name}
              stroke={line.color}
              dot={false}
            />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}

/**
 * The chart card of a series chart: empty when it has no points, and its figures table read from the chart itself
 * (the category column named `xLabel`, then one column per series named as in the legend).
 */
export function SeriesChartCard<Row extends object>({
  title,
  emptyMessage,
  xLabel,
  className,
  ...chart
}: SeriesChartProps<Row> & { title: string; emptyMessage: string; xLabel: string; className?: string }) {
  const category = (row: Row) => String(row[chart.x]);
  const figure = chart.value ?? formatNumber;
  const table = chartTable(chart.data, [
    { label: xLabel, value: (row) => (chart.xFormat ? chart.xFormat(category(row)) : category(row)) },
    ...chart.series.map((line) => ({ label: line.name, value: (row: Row) => figure(Number(row[line.key])) })),
  ]);
  return (
    <ChartCard
      title={title}
      empty={chart.data.length === 0}
      emptyMessage={emptyMessage}
      table={table}
      className={className}
    >
      <SeriesChart {...chart} />
    </ChartCard>
  );
}

/** A pie of named slices, coloured from the palette in turn, each slice labelled on the chart. */
export function PieChartView<Row extends object>({
  data,
  value,
  name,
  label,
  tooltip,
  outerRadius = 95,
  palette = CHART_COLORS,
}: {
  data: Row[];
  value: Key<Row>;
  name: Key<Row>;
  label: (name: string, value: number) => string;
  tooltip: TooltipValue;
  outerRadius?: number;
  palette?: readonly string[];
}) {
  const animate = useChartAnimation();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          isAnimationActive={animate}
          data={data}
          dataKey={value}
          nameKey={name}
          outerRadius={outerRadius}
          label={(slice) => label(String(slice.name), Number(slice.value))}
        >
          {data.map((slice, index) => (
            <Cell key={String(slice[name])} fill={palette[index % palette.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(v) => tooltip(Number(v))} />
      </PieChart>
    </ResponsiveContainer>
  );
}
