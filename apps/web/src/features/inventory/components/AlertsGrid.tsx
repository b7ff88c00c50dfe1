import { DEBOUNCE_MS, type LowStockAlertView, type Pagination as PageInfo, stockPercent } from '@seamline/shared';
import { Card, CardContent, EmptyState, formatCount, Pagination, SearchBox, Skeleton } from '@seamline/ui';
import { CheckCircle2 } from 'lucide-react';
import { Thumb } from '../../../components/product-bits';
import { AlertBadge } from './alert-bits';
import { StockBar } from './StatCard';

/** Alerts tab: one card per combination at or below its threshold, a page at a time, searched by product. */
export function AlertsGrid({
  alerts,
  pagination,
  loading,
  search,
  onSearch,
  onPage,
}: {
  alerts: LowStockAlertView[];
  pagination: PageInfo | undefined;
  loading: boolean;
  search: string;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
}) {
  if (!loading && alerts.length === 0 && !search)
    return (
      <EmptyState icon={CheckCircle2} title="No Low Stock Alerts" description="All products are adequately stocked." />
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox
          value={search}
          onDebouncedChange={onSearch}
          delayMs={DEBOUNCE_MS.inventory}
          placeholder="Search alerts by product..."
          className="max-w-md"
        />
        <span className="text-sm text-slate-500">{formatCount(pagination)} alerts</span>
      </div>
      {loading ? (
        <Skeleton className="h-40 w-full" />
      ) : alerts.length === 0 ? (
        <p className="text-sm text-slate-500">No alerts match this search.</p>
      ) : (
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
      )}
      <Pagination page={pagination?.page ?? 1} totalPages={pagination?.totalPages ?? 1} onPageChange={onPage} />
    </div>
  );
}
