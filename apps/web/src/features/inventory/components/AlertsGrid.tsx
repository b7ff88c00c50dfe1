import { type LowStockAlertView, stockPercent } from '@seamline/shared';
import { CheckCircle2 } from 'lucide-react';
import { Thumb } from '../../../components/product-bits';
import { Card, CardContent, EmptyState } from '../../../components/ui';
import { AlertBadge } from './alert-bits';
import { StockBar } from './StatCard';

/** Alerts tab: one card per combination at or below its threshold. */
export function AlertsGrid({ alerts }: { alerts: LowStockAlertView[] }) {
  if (alerts.length === 0)
    return (
      <EmptyState icon={CheckCircle2} title="No Low Stock Alerts" description="All products are adequately stocked." />
    );
  return (
    <section className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Low stock alerts">
      {alerts.map((a) => (
        <Card key={`${a.productId}-${a.variant}`} data-testid="alert-card">
          <CardContent className="flex flex-col gap-3 p-4">
            <div className="flex items-center gap-3">
              <Thumb src={a.image} alt={a.productName} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{a.productName}</p>
                <p className="text-xs text-slate-500">
                  {a.size}-{a.color}
                </p>
              </div>
              <AlertBadge status={a.status} />
            </div>
            <div className="flex justify-between text-sm">
              <span>
                Current: <strong>{a.currentStock}</strong>
              </span>
              <span className="text-slate-500">Threshold: {a.threshold}</span>
            </div>
            <StockBar percent={stockPercent(a.currentStock, a.threshold)} danger={a.status !== 'Low Stock'} />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
