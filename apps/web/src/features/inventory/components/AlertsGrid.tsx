import { DEBOUNCE_MS, type LowStockAlertView, type Pagination as PageInfo, stockPercent } from '@seamline/shared';
import { Card, CardContent, EmptyState, formatCount, Pagination, SearchBox, Select, Skeleton } from '@seamline/ui';
import { CheckCircle2, MapPin } from 'lucide-react';
import { Thumb } from '../../../components/product-bits';
import type { StockLocation } from '../../../components/stock-locations';
import { AlertBadge } from './alert-bits';
import { StockBar } from './StatCard';

/**
 * Alerts tab: one card per combination at or below its threshold, a page at a time, searched by product. With two or
 * more locations, a location filter: one location's levels at or below their own threshold, each card saying where.
 */
export function AlertsGrid({
  alerts,
  pagination,
  loading,
  search,
  onSearch,
  onPage,
  locations,
  locationId,
  onLocation,
}: {
  alerts: LowStockAlertView[];
  pagination: PageInfo | undefined;
  loading: boolean;
  search: string;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  /** The active locations when there are two or more (else empty: no filter). */
  locations: readonly StockLocation[];
  /** The filtered location; '' for the sizes/colors' totals. */
  locationId: string;
  onLocation: (locationId: string) => void;
}) {
  if (!loading && alerts.length === 0 && !search && !locationId)
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
        {locations.length > 0 ? (
          <Select
            aria-label="Location"
            className="w-52"
            options={[
              { value: '', label: 'All locations (totals)' },
              ...locations.map((l) => ({ value: l._id, label: l.name })),
            ]}
            value={locationId}
            onChange={(event) => onLocation(event.target.value)}
          />
        ) : null}
        <span className="text-sm text-slate-500">{formatCount(pagination)} alerts</span>
      </div>
      {loading ? (
        <Skeleton className="h-40 w-full" />
      ) : alerts.length === 0 ? (
        <p className="text-sm text-slate-500">
          {search ? 'No alerts match this search.' : 'No low stock alerts at this location.'}
        </p>
      ) : (
        <section className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Low stock alerts">
          {alerts.map((a) => (
            <Card key={`${a.productId}-${a.variant}-${a.location?._id ?? ''}`} data-testid="alert-card">
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
                {a.location ? (
                  <p className="flex items-center gap-1 text-xs text-slate-600">
                    <MapPin className="size-3.5" aria-hidden /> {a.location.name}
                  </p>
                ) : null}
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
