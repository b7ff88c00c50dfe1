import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ChartTable, ChartTableView } from '../../../components/chart-table';
import { Button, Card, CardContent, CardHeader, CardTitle, Select, Skeleton } from '../../../components/ui';
import { cn } from '../../../lib/cn';

const RANGE_LABELS: Record<number, string> = {
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
  365: 'Last year',
};

/** The date-range selector of the analytics screens. */
export function RangeSelect({
  days,
  choices,
  onChange,
}: {
  days: number;
  choices: readonly number[];
  onChange: (days: number) => void;
}) {
  return (
    <Select
      aria-label="Date range"
      className="w-40"
      value={String(days)}
      onChange={(event) => onChange(Number(event.target.value))}
      options={choices.map((value) => ({ value: String(value), label: RANGE_LABELS[value] ?? `Last ${value} days` }))}
    />
  );
}

export function RefreshButton({ onClick, busy, label }: { onClick: () => void; busy: boolean; label: string }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={busy}>
      <RefreshCw className={cn(busy && 'animate-spin')} aria-hidden />
      {label}
    </Button>
  );
}

/** The red failure banner of the analytics screens (spec part 2 §8). */
export function ErrorBanner({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mb-4 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      {message}
    </div>
  );
}

/** A KPI card: title, value, and an optional change (green when not negative, red when negative). */
export function KpiCard({
  title,
  value,
  icon: Icon,
  change,
  changeText,
  hint,
}: {
  title: string;
  value: string;
  icon: LucideIcon;
  /** Sign of the change, for its colour; null hides the colour. */
  change?: number | null;
  changeText?: string | null;
  hint?: string;
}) {
  return (
    <Card data-testid="kpi-card">
      <CardContent className="flex items-start justify-between gap-3 pt-5">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-medium text-slate-500">{title}</p>
          <p className="text-2xl font-semibold tracking-tight text-slate-900" data-testid="kpi-value">
            {value}
          </p>
          {changeText ? (
            <p
              className={cn(
                'text-xs font-medium',
                change === null || change === undefined
                  ? 'text-slate-500'
                  : change >= 0
                    ? 'text-emerald-600'
                    : 'text-red-600',
              )}
            >
              {changeText}
            </p>
          ) : null}
          {hint ? <p className="text-xs text-slate-400">{hint}</p> : null}
        </div>
        <div className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600">
          <Icon className="size-5" aria-hidden />
        </div>
      </CardContent>
    </Card>
  );
}

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
    <Card className={className} data-testid="chart-card">
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

export function AnalyticsSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <div className="flex flex-col gap-4" data-testid="analytics-skeleton">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}
