import type { Pagination } from '@seamline/shared';

/** Three significant figures: an estimate shown to the unit would look exact. */
function roughly(total: number): number {
  if (total < 1000) return total;
  const step = 10 ** (Math.floor(Math.log10(total)) - 2);
  return Math.round(total / step) * step;
}

/**
 * A list's total as the screens show it: the exact number, or "about N" when the server only estimated it (more than
 * COUNT_EXACT_LIMIT rows match, `pagination.exact` false).
 */
export function totalText(pagination: Pick<Pagination, 'total' | 'exact'> | undefined): string {
  if (!pagination) return '0';
  const total = pagination.total;
  return pagination.exact === false ? `about ${roughly(total).toLocaleString('en-US')}` : String(total);
}
