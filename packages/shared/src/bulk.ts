import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './constants.js';
import { customerListQuery } from './customers.js';
import { staffOrderListQuery } from './list-filters.js';
import { adminProductListQuery } from './products.js';

/** How many ids one request may name; past that the screen sends "all matching the filter" instead. */
export const BULK_MAX_IDS = 1000;
/** Rows per transaction of a bulk action: bounded locks and memory whatever the selection's size. */
export const BULK_BATCH_SIZE = 500;
/** How many succeeded and failed rows a bulk answer names (the counts are always complete). */
export const BULK_REPORT_LIMIT = 200;
/** Changes a dry run names (old → new); its counts cover the whole selection. */
export const BULK_PREVIEW_ROWS = 20;

export const BULK_MESSAGES = {
  idsRequired: 'Select at least one row',
  tooManyIds: `Select at most ${BULK_MAX_IDS} rows, or choose all rows matching the filter`,
  categoryNotFound: 'Category not found',
  brandNotFound: 'Brand not found',
  tagsRequired: 'Enter at least one tag',
  adjustmentRequired: 'Enter a percentage or amount other than 0',
  percentRange: 'Percentage must be between -99 and 1000',
  sameStatus: (status: string) => `Order is already ${status}.`,
  notFound: (noun: string) => `${noun} not found`,
} as const;

const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'Expected 24-character hexadecimal string.');

/**
 * What a bulk action acts on: the rows ticked on the screen (`ids`), or every row matching the list's current filters
 * (`filter`: the list's own query parameters, as in its URL, without page and sort).
 */
function selection<F extends z.ZodType>(filter: F) {
  return z.union([
    z.object({
      ids: z.array(objectId).min(1, BULK_MESSAGES.idsRequired).max(BULK_MAX_IDS, BULK_MESSAGES.tooManyIds),
    }),
    z.object({ filter }),
  ]);
}

export const productBulkFilter = adminProductListQuery.omit({ page: true, limit: true, sortBy: true, sortOrder: true });
export const orderBulkFilter = staffOrderListQuery.omit({ page: true, limit: true });
export const customerBulkFilter = customerListQuery.omit({ page: true, limit: true });

export const PRICE_ADJUST_MODES = ['percent', 'amount'] as const;
export type PriceAdjustMode = (typeof PRICE_ADJUST_MODES)[number];

/** Raise or lower prices by a percentage (−99 … 1000) or by an amount in dollars; the result is rounded to the cent. */
export const priceAdjustment = z
  .object({
    mode: z.enum(PRICE_ADJUST_MODES),
    value: z.number({ error: BULK_MESSAGES.adjustmentRequired }).finite().min(-1e9).max(1e9),
  })
  .superRefine((value, ctx) => {
    if (value.value === 0) ctx.addIssue({ code: 'custom', path: ['value'], message: BULK_MESSAGES.adjustmentRequired });
    if (value.mode === 'percent' && (value.value < -99 || value.value > 1000))
      ctx.addIssue({ code: 'custom', path: ['value'], message: BULK_MESSAGES.percentRange });
  });
export type PriceAdjustment = z.output<typeof priceAdjustment>;

/** The new price of an adjustment, exact to the cent (the server computes the same in SQL). */
export function adjustedPrice(price: number, adjustment: PriceAdjustment): number {
  const cents = Math.round(price * 100);
  const next =
    adjustment.mode === 'percent'
      ? Math.round((cents * (100 + adjustment.value)) / 100)
      : cents + Math.round(adjustment.value * 100);
  return next / 100;
}

export const productBulkAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('activate') }),
  z.object({ type: z.literal('deactivate') }),
  z.object({ type: z.literal('delete') }),
  z.object({ type: z.literal('set_category'), categoryId: objectId }),
  z.object({ type: z.literal('set_brand'), brandId: objectId }),
  z.object({ type: z.literal('adjust_price'), adjustment: priceAdjustment }),
  z.object({
    type: z.literal('add_tags'),
    tags: z
      .array(z.string().trim().min(1).max(100))
      .min(1, BULK_MESSAGES.tagsRequired)
      .max(20)
      .transform((tags) => [...new Set(tags)]),
  }),
]);
export type ProductBulkAction = z.input<typeof productBulkAction>;
export const PRODUCT_BULK_ACTIONS = [
  'activate',
  'deactivate',
  'delete',
  'set_category',
  'set_brand',
  'adjust_price',
  'add_tags',
] as const;

/** `dryRun`: answer what the action would do (counts, refusals, the first changes old → new) and write nothing. */
export const productBulkInput = z.object({
  selection: selection(productBulkFilter),
  action: productBulkAction,
  dryRun: z.boolean().default(false),
});
export type ProductBulkInput = z.input<typeof productBulkInput>;

/** Orders: every selected order goes through the status change one by one (the same state machine as the dialog). */
export const orderBulkStatusInput = z.object({
  selection: selection(orderBulkFilter),
  status: z.enum(ORDER_STATUSES),
  /** Left out: each order keeps its own payment status (a refund or cancellation may still change it). */
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
});
export type OrderBulkStatusInput = z.input<typeof orderBulkStatusInput>;

export const customerBulkStatusInput = z.object({ selection: selection(customerBulkFilter), isActive: z.boolean() });
export type CustomerBulkStatusInput = z.input<typeof customerBulkStatusInput>;

const reportedRow = z.object({ id: z.string(), label: z.string() });
/**
 * A bulk action's answer: complete counts, and the first BULK_REPORT_LIMIT rows that changed and that failed (with
 * why). `unchanged` rows already were as asked.
 */
const fieldValue = z.union([z.number(), z.string(), z.boolean(), z.array(z.string())]);
export const bulkChange = reportedRow.extend({ field: z.string(), before: fieldValue, after: fieldValue });
export type BulkChange = z.infer<typeof bulkChange>;
export const bulkResult = z.object({
  matched: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  succeeded: z.array(reportedRow),
  failures: z.array(reportedRow.extend({ reason: z.string() })),
  /** A dry run's first BULK_PREVIEW_ROWS changes, old → new. */
  preview: z.array(bulkChange).optional(),
});
export type BulkResult = z.infer<typeof bulkResult>;

/** The summary toast of a bulk action, e.g. "12 products updated, 2 failed". */
export function bulkSummary(result: BulkResult, noun: { one: string; many: string }, verb: string): string {
  const parts = [`${result.changed} ${result.changed === 1 ? noun.one : noun.many} ${verb}`];
  if (result.unchanged) parts.push(`${result.unchanged} unchanged`);
  if (result.failed) parts.push(`${result.failed} failed`);
  return parts.join(', ');
}
