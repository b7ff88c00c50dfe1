import { Card, CardContent, cn } from '@seamline/ui';
import type { LucideIcon } from 'lucide-react';
import { versusLastPeriod } from '../../lib/analytics-format';

const ICON_TONES = {
  indigo: 'bg-indigo-50 text-indigo-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  emerald: 'bg-emerald-50 text-emerald-600',
} as const;

/** The value with a line-break opportunity after each thousands separator: a long figure wraps between groups. */
function breakableAtGroups(value: string) {
  const parts = value.split(',');
  return parts.map((part, i) => (
    <span key={parts.slice(0, i + 1).join(',')}>
      {i > 0 ? (
        <>
          ,<wbr />
        </>
      ) : null}
      {part}
    </span>
  ));
}

/**
 * A KPI card: title, value, and an optional change (green when not negative, red when negative). A long value (a
 * large store's stock value) wraps inside the card rather than widening it past its column or the screen.
 */
export function KpiCard({
  title,
  value,
  icon: Icon,
  change,
  changeText,
  hint,
  tone = 'indigo',
}: {
  title: string;
  value: string;
  icon: LucideIcon;
  /** Sign of the change, for its colour; null hides the colour. */
  change?: number | null;
  changeText?: string | null;
  hint?: string;
  /** The icon's colour. */
  tone?: keyof typeof ICON_TONES;
}) {
  return (
    <Card data-testid="kpi-card" className="min-w-0">
      <CardContent className="flex items-start justify-between gap-3 pt-5">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-medium text-slate-500">{title}</p>
          <p
            className="text-2xl font-semibold tracking-tight text-slate-900 [overflow-wrap:anywhere]"
            data-testid="kpi-value"
          >
            {breakableAtGroups(value)}
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
        <div className={cn('grid size-10 shrink-0 place-items-center rounded-lg', ICON_TONES[tone])}>
          <Icon className="size-5" aria-hidden />
        </div>
      </CardContent>
    </Card>
  );
}

export type Kpi = Parameters<typeof KpiCard>[0];

/** The row of KPI cards at the top of an analytics screen (four per row on wide screens). */
export function KpiGrid({ cards }: { cards: Kpi[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => (
        <KpiCard key={card.title} {...card} />
      ))}
    </div>
  );
}

/** A figure shown with its change against the same figure of the previous range. */
export type ComparedFigure<K extends string> = {
  title: string;
  figure: K;
  format: (value: number) => string;
  icon: LucideIcon;
};

/** KPI cards of figures compared with the previous range (whose answer may still be loading). */
export function comparedKpis<K extends string>(
  current: Record<NoInfer<K>, number>,
  previous: Record<NoInfer<K>, number> | undefined,
  figures: ComparedFigure<K>[],
): Kpi[] {
  return figures.map(({ title, figure, format, icon }) => ({
    title,
    value: format(current[figure]),
    icon,
    ...versusLastPeriod(current[figure], previous?.[figure]),
  }));
}
