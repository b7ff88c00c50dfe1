import { type ProductView, STOCK, STOCK_OPERATION_TEXT, type StockMovementOperation } from '@seamline/shared';
import { Badge, type BadgeVariant, Dialog, DialogContent, formatDate, Select, Skeleton } from '@seamline/ui';
import { useEffect, useState } from 'react';
import { useStockLocations } from '../../../components/stock-locations';
import { useInventoryHistory } from '../api';

const PERIODS = STOCK.historyPeriodsDays.map((d) => ({ value: String(d), label: `Last ${d} days` }));
const OPERATION_BADGE: Record<StockMovementOperation, BadgeVariant> = {
  add: 'success',
  return: 'success',
  create: 'primary',
  subtract: 'danger',
  commit: 'danger',
  set: 'info',
  reserve: 'warning',
  release: 'neutral',
  transfer_out: 'warning',
  transfer_in: 'info',
};
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Inventory History (the specification): movements per day for the chosen period. */
export function HistoryDialog({
  product,
  onOpenChange,
}: {
  product: ProductView | null;
  onOpenChange: (o: boolean) => void;
}) {
  const [days, setDays] = useState<number>(STOCK.historyDefaultDays);
  const productId = product?.id ?? null;
  useEffect(() => {
    if (productId) setDays(STOCK.historyDefaultDays);
  }, [productId]);
  const history = useInventoryHistory(productId, days);
  // Each movement names its location only when there are several.
  const located = useStockLocations(product !== null).length > 0;
  if (!product) return null;
  const groups = history.data ?? [];

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="lg" title="Inventory History" description={`${product.name} (${product.sku})`}>
        <div className="mb-3 flex items-center gap-2">
          <label htmlFor="history-period" className="text-sm text-slate-600">
            Period
          </label>
          <Select
            id="history-period"
            className="w-44"
            options={PERIODS}
            value={String(days)}
            onChange={(e) => setDays(Number(e.target.value))}
          />
        </div>
        {history.isLoading ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : groups.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">No inventory history found.</p>
        ) : (
          <div className="flex flex-col gap-4">
            {groups.map((day) => (
              <section key={day.date} className="rounded-lg border border-slate-200" aria-label={`History ${day.date}`}>
                <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50 px-3 py-2 text-sm">
                  <strong>{formatDate(`${day.date}T12:00:00Z`)}</strong>
                  <span className="flex gap-3 text-xs text-slate-600">
                    <span>{day.changes.length} changes</span>
                    <span>Net {signed(day.netChange)}</span>
                    <span className="text-emerald-700">Added {day.totalAdded}</span>
                    <span className="text-red-700">Removed {day.totalRemoved}</span>
                  </span>
                </header>
                <ul className="divide-y divide-slate-100">
                  {day.changes.map((c) => (
                    <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                      <span className="font-medium">{c.variant.replace('/', '-')}</span>
                      <Badge variant={OPERATION_BADGE[c.operation]}>
                        {STOCK_OPERATION_TEXT[c.operation].label} {c.quantity}
                      </Badge>
                      <span>
                        {c.previousQuantity} → {c.newQuantity}
                      </span>
                      <span className="text-xs text-slate-500">
                        {new Date(c.time).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}
                      </span>
                      {located ? <Badge variant="neutral">{c.location.name}</Badge> : null}
                      {c.reason ? <span className="text-xs text-slate-600">{c.reason}</span> : null}
                      <span className="ml-auto text-xs text-slate-500">
                        {c.admin ? `${c.admin.firstName} ${c.admin.lastName}`.trim() : 'System'}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
