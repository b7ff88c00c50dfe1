import {
  type InventoryAnalyticsView,
  type LowStockAlertView,
  type Pagination,
  STOCK_OPERATION_TEXT,
} from '@seamline/shared';
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatCount,
  formatDateTime,
  formatMoney,
  formatNumber,
} from '@seamline/ui';
import { AlertTriangle, DollarSign, Package, PackageX } from 'lucide-react';
import { AlertBadge } from './alert-bits';
import { StatCard } from './StatCard';

/** Overview: KPI cards, Quick Stats, the worst alerts (the first page: 5) with their count, the latest movements. */
export function OverviewTab({
  analytics,
  alerts,
  alertCount,
}: {
  analytics: InventoryAnalyticsView | undefined;
  alerts: LowStockAlertView[];
  alertCount: Pagination | undefined;
}) {
  // The server's figures, so the Overview agrees with Inventory Analytics.
  const totalUnits = analytics?.totalStockUnits ?? 0;
  const count = analytics?.totalProducts ?? 0;
  const average = count ? totalUnits / count : 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Products"
          value={formatNumber(analytics?.totalProducts)}
          change={analytics?.changes.totalProducts}
          icon={Package}
        />
        <StatCard
          title="Low Stock Items"
          value={formatNumber(analytics?.lowStockProducts ?? 0)}
          change={analytics?.changes.lowStockProducts}
          icon={AlertTriangle}
          tone="amber"
        />
        <StatCard
          title="Out of Stock"
          value={formatNumber(analytics?.outOfStockProducts ?? 0)}
          change={analytics?.changes.outOfStockProducts}
          icon={PackageX}
          tone="red"
        />
        <StatCard
          title="Total Value"
          value={formatMoney(analytics?.totalValue ?? 0)}
          change={analytics?.changes.totalValue}
          icon={DollarSign}
          tone="emerald"
        />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Quick Stats</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
            <div className="flex justify-between">
              <span className="text-slate-500">Total stock units</span>
              <strong data-testid="total-units">{formatNumber(totalUnits)}</strong>
            </div>
            <div className="flex justify-between">
              <span className="text-slate-500">Average stock per product</span>
              <strong>{average.toFixed(1)}</strong>
            </div>
            <div>
              <p className="mb-1 text-slate-500">Top categories by stock</p>
              <ol className="flex flex-col gap-1">
                {(analytics?.topCategories ?? []).map((c) => (
                  <li key={c.category} className="flex justify-between">
                    <span>{c.category}</span>
                    <span className="text-slate-600">{formatNumber(c.stock)} units</span>
                  </li>
                ))}
              </ol>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Low Stock Alerts</CardTitle>
            <Badge variant={alerts.length ? 'danger' : 'neutral'}>{formatCount(alertCount)}</Badge>
          </CardHeader>
          <CardContent>
            {alerts.length === 0 ? (
              <p className="text-sm text-slate-500">No low stock alerts</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="Overview low stock alerts">
                {alerts.map((a) => (
                  <li key={`${a.productId}-${a.variant}`} className="flex items-center justify-between gap-2 text-sm">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{a.productName}</p>
                      <p className="text-xs text-slate-500">
                        {a.variant} · {a.currentStock} / {a.threshold}
                      </p>
                    </div>
                    <AlertBadge status={a.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent Changes</CardTitle>
          </CardHeader>
          <CardContent>
            {(analytics?.recentMovements ?? []).length === 0 ? (
              <p className="text-sm text-slate-500">No recent inventory changes</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="Recent changes">
                {analytics?.recentMovements.map((m) => (
                  <li key={m.id} className="text-sm">
                    <p className="truncate font-medium text-slate-900">
                      {m.productName} <span className="font-normal text-slate-500">({m.variant})</span>
                    </p>
                    <p className="text-xs text-slate-500">
                      {STOCK_OPERATION_TEXT[m.operation].label} {m.quantity}: {m.previousQuantity} → {m.newQuantity}
                      {m.reason ? ` · ${m.reason}` : ''} · {m.admin ?? 'System'} · {formatDateTime(m.time)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
