import { type KpiChange, type ProductView, stockErrorMessage } from '@seamline/shared';
import { ApiError } from '../../lib/api-client';

/** Stat card change text, computed against the state 30 days ago (docs/domain.md § Corrections: not hard-coded). */
export function changeLabel(change: KpiChange | undefined): { text: string; tone: 'up' | 'down' | 'flat' } {
  if (!change) return { text: '', tone: 'flat' };
  if (change.percent === null) return { text: 'new vs 30 days ago', tone: 'up' };
  const sign = change.percent > 0 ? '+' : '';
  return {
    text: `${sign}${change.percent.toFixed(1)}% vs 30 days ago`,
    tone: change.percent > 0 ? 'up' : change.percent < 0 ? 'down' : 'flat',
  };
}

/** Value of a product's stock: total units × price, in integer cents. */
export const stockValue = (product: ProductView) => (product.totalStock * Math.round(product.price * 100)) / 100;

/** The toast text for a failed stock call (the specification's mapping over the server's message and status). */
export function stockErrorText(failure: unknown): string {
  if (failure instanceof ApiError) return stockErrorMessage(failure.message, failure.status || undefined);
  return stockErrorMessage(failure instanceof Error ? failure.message : undefined);
}
