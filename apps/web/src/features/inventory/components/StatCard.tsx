import type { KpiChange } from '@seamline/shared';
import { Card, CardContent, cn } from '@seamline/ui';
import type { LucideIcon } from 'lucide-react';
import { changeLabel } from '../inventory-rules';

/** A KPI card with its change against 30 days ago. */
export function StatCard({
  title,
  value,
  change,
  icon: Icon,
  tone = 'indigo',
}: {
  title: string;
  value: string;
  change?: KpiChange;
  icon: LucideIcon;
  tone?: 'indigo' | 'amber' | 'red' | 'emerald';
}) {
  const label = changeLabel(change);
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 p-5">
        <div>
          <p className="text-sm text-slate-500">{title}</p>
          <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
          {label.text ? (
            <p
              className={cn(
                'mt-1 text-xs',
                label.tone === 'up' && 'text-emerald-600',
                label.tone === 'down' && 'text-red-600',
                label.tone === 'flat' && 'text-slate-500',
              )}
            >
              {label.text}
            </p>
          ) : null}
        </div>
        <span
          className={cn(
            'rounded-lg p-2',
            tone === 'indigo' && 'bg-indigo-50 text-indigo-600',
            tone === 'amber' && 'bg-amber-50 text-amber-600',
            tone === 'red' && 'bg-red-50 text-red-600',
            tone === 'emerald' && 'bg-emerald-50 text-emerald-600',
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
      </CardContent>
    </Card>
  );
}

/** current / threshold as a bar, capped at 100 %. */
export function StockBar({ percent, danger }: { percent: number; danger?: boolean }) {
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100">
      <div
        className={cn('h-full rounded-full', danger ? 'bg-red-500' : 'bg-amber-500')}
        style={{ width: `${Math.min(100, percent)}%` }}
      />
    </div>
  );
}
