const usd = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const integer = /* @__PURE__ */ new Intl.NumberFormat('en-US');
const date = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTime = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** $1,234.50 */
export const formatMoney = (value: number | null | undefined) => usd.format(value ?? 0);
/** $12.3k — dollars in thousands with one decimal (dashboard revenue card). */
export const formatThousands = (value: number | null | undefined) => `$${((value ?? 0) / 1000).toFixed(1)}k`;
/** 1,234 */
export const formatNumber = (value: number | null | undefined) => integer.format(value ?? 0);

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = value instanceof Date ? value : new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Nov 22, 2026 — or `fallback` when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined, fallback = '—'): string {
  const parsed = toDate(value);
  return parsed ? date.format(parsed) : fallback;
}

/** Nov 22, 2026, 4:35 AM */
export function formatDateTime(value: string | number | Date | null | undefined, fallback = '—'): string {
  const parsed = toDate(value);
  return parsed ? dateTime.format(parsed) : fallback;
}

/** Three significant figures: an estimate shown to the unit would look exact. */
function roughly(total: number): number {
  if (total < 1000) return total;
  const step = 10 ** (Math.floor(Math.log10(total)) - 2);
  return Math.round(total / step) * step;
}

/**
 * A list total as every screen shows it: 1,234 when counted exactly, "about 123,000" when the server only estimated
 * it (more than COUNT_EXACT_LIMIT rows match, `exact` false).
 */
export const formatCount = (count: { total: number; exact?: boolean } | undefined) =>
  !count ? '0' : count.exact === false ? `about ${formatNumber(roughly(count.total))}` : formatNumber(count.total);
