import { relativeChange } from '@seamline/shared';

/** A ratio (0.253) as a percent with one decimal: 25.3%. */
export const formatRate = (ratio: number | null | undefined) => `${((ratio ?? 0) * 100).toFixed(1)}%`;

/** A change against the previous period: '+12.5%', '-3.0%'; null when there is nothing to compare with. */
export function changeLabel(change: number | null | undefined): string | null {
  if (change === null || change === undefined) return null;
  return `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`;
}

/** The change of a figure against the same figure of the previous range (undefined while it loads). */
export function changeOf(current: number, previous: number | undefined): number | null {
  return previous === undefined ? null : relativeChange(current, previous);
}

/** A KPI card's change against the previous range: its sign and '+12.5% vs last period' (nothing to compare: none). */
export function versusLastPeriod(current: number, previous: number | undefined) {
  const change = changeOf(current, previous);
  const label = changeLabel(change);
  return { change, changeText: label ? `${label} vs last period` : null };
}

const compact = /* @__PURE__ */ new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** A value axis tick, short at any store size: 1200 → 1.2K, 60000000 → 60M (a full number no longer fits the axis). */
export const compactTick = (value: number) => compact.format(value);
/** A value axis tick in dollars: 1200 → $1.2K. */
export const dollarTick = (value: number) => `$${compact.format(value)}`;

/** Five colours, cycled (the revenue-by-payment pie's rule, used by every chart). */
export const CHART_COLORS = ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#06b6d4'] as const;
/** More colours for pies with many slices (categories), so neighbours never share one. */
export const WIDE_PALETTE = [...CHART_COLORS, '#8b5cf6', '#ec4899', '#84cc16'];

/** 2026-03-05 → Mar 5 (UTC, so a day stays the day the server counted). */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** 2026-03 → Mar 2026 */
export function shortMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
