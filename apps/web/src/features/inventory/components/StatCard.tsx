import type { KpiChange } from '@seamline/shared';
import { cn } from '@seamline/ui';
import type { LucideIcon } from 'lucide-react';
import { type Kpi, KpiCard } from '../../../components/analytics/kpi-card';
import { changeLabel } from '../inventory-rules';

/** A KPI card with its change against 30 days ago: the analytics screens' card, in the inventory's wording. */
export function StatCard({
  title,
  value,
  change,
  icon,
  tone,
}: {
  title: string;
  value: string;
  change?: KpiChange;
  icon: LucideIcon;
  tone?: Kpi['tone'];
}) {
  const label = changeLabel(change);
  const sign = label.tone === 'up' ? 1 : label.tone === 'down' ? -1 : null;
  return <KpiCard title={title} value={value} icon={icon} tone={tone} change={sign} changeText={label.text || null} />;
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
