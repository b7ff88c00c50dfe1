/**
 * KPI formulas (docs/domain.md § Domain rules "Analytics definitions"), written once: the server's analytics, dashboard
 * and inventory figures and the web's derived figures compute with these. Ratios are 0–1 (0.25 = 25%), percents 0–100,
 * money in dollars. The API answers round (ratios to 4 decimals, money to the cent, percents to 1 decimal); `share` and
 * `average` are the unrounded forms the screens format themselves.
 */

export function roundRatio(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/** part ÷ whole, unrounded; 0 when whole is 0. */
export function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** total ÷ count, unrounded; 0 when count is 0. */
export function average(total: number, count: number): number {
  return count === 0 ? 0 : total / count;
}

/** a ÷ b as a ratio, 0 when b is 0. */
export function ratio(part: number, whole: number): number {
  return roundRatio(share(part, whole));
}

/** part ÷ whole as a percent (0–100) to one decimal, 0 when whole is 0. */
export function percentOf(part: number, whole: number): number {
  return Math.round(share(part, whole) * 1000) / 10;
}

function change(current: number, previous: number, round: (value: number) => number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round((current - previous) / previous);
}

/** Relative change (0.25 = +25%); null when the previous value is 0 and the current is not (no base to compare). */
export function relativeChange(current: number, previous: number): number | null {
  return change(current, previous, roundRatio);
}

/** Percent change from `previous` to `current`, one decimal; null when there was nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  return change(current, previous, (value) => Math.round(value * 1000) / 10);
}

/** Revenue growth against the previous range of equal length; null when there is no previous range. */
export function revenueGrowth(revenue: number, previousRevenue: number | null): number | null {
  return previousRevenue === null ? null : relativeChange(revenue, previousRevenue);
}

/** Average order value: revenue ÷ the orders counted in revenue (not cancelled or refunded), to the cent. */
export function averageOrderValue(revenue: number, revenueOrders: number): number {
  return roundMoney(average(revenue, revenueOrders));
}

/** Average customer value: revenue ÷ customers with at least one order, to the cent. */
export function averageCustomerValue(revenue: number, customersWithOrders: number): number {
  return roundMoney(average(revenue, customersWithOrders));
}

/** Conversion rate (checkout completion): paid orders ÷ all orders of the range. */
export function conversionRate(paidOrders: number, allOrders: number): number {
  return ratio(paidOrders, allOrders);
}

/** Retention rate: repeat customers (2 or more orders) ÷ customers with at least one order. */
export function retentionRate(repeatCustomers: number, customersWithOrders: number): number {
  return ratio(repeatCustomers, customersWithOrders);
}

/** Fulfillment rate: delivered ÷ (all − cancelled − refunded). */
export function fulfillmentRate(orders: { orders: number; delivered: number; cancelled: number; refunded: number }) {
  return ratio(orders.delivered, orders.orders - orders.cancelled - orders.refunded);
}

/** Average discount rate of coupon redemptions: discount ÷ the subtotals it was taken from. */
export function averageDiscountRate(discount: number, subtotal: number): number {
  return ratio(discount, subtotal);
}
