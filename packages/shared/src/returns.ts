import { z } from 'zod';
import { limitParam } from './api.js';
import type { OrderStatus, PaymentStatus } from './constants.js';
import { isObjectId } from './ids.js';
import { locationIdField } from './locations.js';
import { fromCents, toCents } from './order-totals.js';

/** A return (refund request) is asked for by the customer, then approved or declined by staff, once. */
export const RETURN_STATUSES = ['requested', 'approved', 'declined'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Only these orders can be returned: the goods have left the warehouse. */
export const RETURNABLE_ORDER_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered'];

export const RETURN_MESSAGES = {
  reasonRequired: 'Refund reason is required.',
  declineReasonRequired: 'Decline reason is required.',
  notReturnable: 'Only shipped or delivered orders can be refunded.',
  itemNotInOrder: 'A refund item does not match this order.',
  nothingLeft: 'Every item of this order has already been returned or is waiting for a decision.',
  notFound: 'Return request not found',
  restockNotInReturn: 'Units to restock must be items of this return.',
  amountTooHigh: (max: number) => `The refund cannot exceed ${max.toFixed(2)} (paid minus already refunded).`,
  tooMany: (name: string, left: number) =>
    left === 0
      ? `No unit of ${name} can be returned any more (already returned or waiting for a decision).`
      : `Only ${left} ${left === 1 ? 'unit' : 'units'} of ${name} can still be returned.`,
  restockTooMany: (name: string, asked: number) =>
    `At most ${asked} ${asked === 1 ? 'unit' : 'units'} of ${name} can be restocked (the units returned).`,
  alreadyDecided: (status: ReturnStatus) => `This return was already ${status}.`,
} as const;

const itemId = z
  .string({ error: 'Item ID is required.' })
  .max(24)
  .refine(isObjectId, { message: 'Item ID must be a 24-character hexadecimal ID.' });
/** Units per order line (`itemId` = an order line's id), each a whole number from `min` to 1000. */
const unitsPerLine = (label: string, min: number) =>
  z
    .array(
      z.object({
        itemId,
        quantity: z.coerce
          .number({ error: `${label} must be a whole number.` })
          .int(`${label} must be a whole number.`)
          .min(min, `${label} must be at least ${min}.`)
          .max(1000, `${label} must be at most 1000.`),
      }),
    )
    .max(50)
    .optional();
const requiredReason = (message: string) => z.string({ error: message }).trim().min(1, message).max(500);

const money = z.coerce
  .number({ error: 'Refund amount must be a number.' })
  .min(0, 'Refund amount cannot be negative.')
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Refund amount must have at most 2 decimals.');

/**
 * POST /orders/{id}/refund: the reason, and the lines (`itemId` = an order line's id) and units asked back. Without
 * `items` every unit not yet returned or waiting for a decision is asked back. A line named twice counts once per
 * mention (the quantities are added).
 */
export const refundRequestInput = z.object({
  reason: requiredReason(RETURN_MESSAGES.reasonRequired),
  items: unitsPerLine('Quantity', 1),
});
export type RefundRequestInput = z.input<typeof refundRequestInput>;

/**
 * POST /admin/returns/{id}/approve. `refundAmount` defaults to the returned lines' value (capped at what is still
 * refundable); `restock` defaults to every returned unit, and names per line how many go back on the shelf (0 for a
 * damaged item); `restockLocationId` is where they go back (default: each line's own location).
 */
export const approveReturnInput = z.object({
  refundAmount: money.optional(),
  restock: unitsPerLine('Units to restock', 0),
  restockLocationId: locationIdField.optional(),
});
export type ApproveReturnInput = z.input<typeof approveReturnInput>;

/** POST /admin/returns/{id}/decline. */
export const declineReturnInput = z.object({
  reason: requiredReason(RETURN_MESSAGES.declineReasonRequired),
});
export type DeclineReturnInput = z.input<typeof declineReturnInput>;

/** GET /admin/returns: newest first; `status=requested` is the open ones. */
export const returnListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: limitParam(20),
  status: z.enum(RETURN_STATUSES).optional(),
});

const returnLineView = z.object({
  /** The order line's id. */
  itemId: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  price: z.number(),
  /** Units asked back. */
  quantity: z.number(),
  /** Units put back in stock when approved (0 until then). */
  restocked: z.number(),
  /** price × quantity. */
  value: z.number(),
});

/** A return request: its lines, reason, decision and who/when (`decidedBy` is staff-only: null for customers). */
export const returnRequestView = z.object({
  _id: z.string(),
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  items: z.array(returnLineView),
  /** Σ value of the lines: the default refund. */
  value: z.number(),
  /** The refund given when approved (null until then). */
  refundAmount: z.number().nullable(),
  declineReason: z.string().nullable(),
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type ReturnRequestView = z.infer<typeof returnRequestView>;
export type ReturnLineView = z.infer<typeof returnLineView>;

/**
 * The payment status after a refund (the payment state machine for refunds): everything paid given back is
 * `refunded`, some of it `partially_refunded`, nothing leaves the status as it was.
 */
export function paymentStatusAfterRefund(
  current: PaymentStatus,
  paid: number,
  refundedBefore: number,
  refundNow: number,
): PaymentStatus {
  if (toCents(refundNow) === 0) return current;
  return toCents(refundedBefore) + toCents(refundNow) >= toCents(paid) ? 'refunded' : 'partially_refunded';
}

/** The order status after a return's refund: a fully refunded order is `refunded`, otherwise it keeps its status. */
export function orderStatusAfterRefund(current: OrderStatus, paymentStatus: PaymentStatus): OrderStatus {
  return paymentStatus === 'refunded' ? 'refunded' : current;
}

/** Payment statuses under which the order holds money that a return can give back. */
export const HOLDS_MONEY: readonly PaymentStatus[] = ['paid', 'partially_refunded'];

/** What the customer paid for the order (its total while it holds money, else 0). */
export function paidAmount(total: number, paymentStatus: PaymentStatus): number {
  return HOLDS_MONEY.includes(paymentStatus) ? total : 0;
}

/** What can still be refunded (dollars, exact to the cent): paid minus refunded, never below 0. */
export function refundableAmount(paid: number, refunded: number): number {
  return fromCents(Math.max(0, toCents(paid) - toCents(refunded)));
}

/** The default refund of a return: its lines' value, capped at what is still refundable. */
export function defaultRefund(linesValue: number, refundable: number): number {
  return fromCents(Math.min(toCents(linesValue), toCents(refundable)));
}
