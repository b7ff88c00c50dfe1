import { ANALYTICS_RANGES_DAYS, average, type CustomerAnalytics, share } from '@seamline/shared';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  formatMoney,
  formatNumber,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { Repeat, UserPlus, Users, Wallet } from 'lucide-react';
import { ChartCard, PieChartView, TableCard } from '../../../components/analytics/chart-card';
import { comparedKpis, KpiGrid } from '../../../components/analytics/kpi-card';
import { dayChoices, RangePage } from '../../../components/analytics/range-page';
import { chartTable } from '../../../components/chart-table';
import { formatRate } from '../../../lib/analytics-format';
import { useDayRange } from '../../../lib/analytics-range';
import { useCustomerAnalytics } from '../api';

/** Gold, silver and bronze for the top three. */
const MEDALS = [
  'bg-amber-100 text-amber-800 ring-amber-300',
  'bg-slate-100 text-slate-700 ring-slate-300',
  'bg-orange-100 text-orange-800 ring-orange-300',
];

export default function CustomerAnalyticsPage() {
  const { days, setDays, query, previousQuery } = useDayRange();
  const customers = useCustomerAnalytics(query);
  const previous = useCustomerAnalytics(previousQuery);
  const data = customers.data;

  return (
    <RangePage
      title="Customer Analytics"
      report={{ name: 'customers', query }}
      description={
        data
          ? `${formatNumber(data.totalCustomers)} customers · ${formatNumber(data.newCustomers)} new · ${formatRate(data.customerRetentionRate)} retention`
          : 'Customers over the selected period'
      }
      range={dayChoices(days, ANALYTICS_RANGES_DAYS, setDays)}
      refresh={{
        label: 'Refresh Data',
        busy: customers.isFetching,
        onClick: () => {
          customers.refetch();
          previous.refetch();
        },
      }}
      result={customers}
      failure={{ banner: 'Failed to load customer analytics' }}
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          <KpiGrid
            cards={comparedKpis(data, previous.data, [
              { title: 'Total Customers', figure: 'totalCustomers', format: formatNumber, icon: Users },
              { title: 'New Customers', figure: 'newCustomers', format: formatNumber, icon: UserPlus },
              { title: 'Repeat Customers', figure: 'repeatCustomers', format: formatNumber, icon: Repeat },
              { title: 'Avg Customer Value', figure: 'averageCustomerValue', format: formatMoney, icon: Wallet },
            ])}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <Distribution data={data} />
            <Retention data={data} />
          </div>
          <TopCustomers rows={data.topCustomers} />
        </div>
      )}
    </RangePage>
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
  const shareText = (value: number) => `${(share(value, total) * 100).toFixed(1)}%`;
  return (
    <ChartCard
      title="Customer Distribution"
      empty={total === 0}
      emptyMessage="No customer distribution data available"
      table={chartTable(slices, [
        { label: 'Customers', value: (slice) => slice.name },
        { label: 'Count', value: (slice) => formatNumber(slice.value) },
        { label: 'Share', value: (slice) => shareText(slice.value) },
      ])}
    >
      <PieChartView
        data={slices}
        value="value"
        name="name"
        label={(name, value) => `${name}: ${shareText(value)}`}
        tooltip={(value) => [formatNumber(value), 'Customers']}
      />
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
    <TableCard title="Top Customers" empty={rows.length === 0} emptyMessage="No top customers data available">
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
              <TableCell className="text-right">{formatMoney(average(row.totalSpent, row.orderCount))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableCard>
  );
}
