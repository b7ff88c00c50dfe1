// The analytics kit: the one chart card, KPI card and range page of every analytics screen and the dashboard.
export { ChartCard, PieChartView, SeriesChart, SeriesChartCard, TableCard } from './chart-card';
export { type ComparedFigure, comparedKpis, type Kpi, KpiCard, KpiGrid } from './kpi-card';
export {
  AnalyticsSkeleton,
  dayChoices,
  ErrorBanner,
  type RangeChoice,
  RangePage,
  RangeSelect,
  type Refresh,
  RefreshButton,
} from './range-page';
