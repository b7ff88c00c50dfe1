import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { inventoryAnalyticsView, lowStockPageView, lowStockQuery } from '../inventory.js';
import { LOCATION_MESSAGES } from '../locations.js';

const tag = 'inventory';

/** Inventory analytics (the specification: Analytics; no parameters) and the low-stock alerts, a page at a time. */
export const inventoryContracts = {
  analytics: endpoint({
    operationId: 'getInventoryAnalytics',
    method: 'GET',
    path: '/admin/analytics/inventory',
    summary: 'Stock totals, value, restock needs, top categories, stock by location and recent movements',
    description:
      'Live figures: products, units and value in stock, low and out-of-stock products, average stock, the first ' +
      'low-stock alerts, the top categories by stock, the stock of each active location (units, reserved, available ' +
      'and the levels at or below their own threshold, first priority first) and the latest movements. Products, ' +
      'low, out of stock and value carry their change against the start of the UTC day 30 days ago.',
    tag,
    access: 'analytics',
    responses: { 200: envelope(inventoryAnalyticsView) },
  }),
  lowStock: endpoint({
    operationId: 'listLowStockAlerts',
    method: 'GET',
    path: '/admin/analytics/inventory/low-stock',
    summary: 'A page of the sizes/colors at or below their low-stock threshold, worst first; search by product',
    description:
      'Every size/color at or below its threshold: out of stock first, then critical, then low, lowest stock first. ' +
      '`search` matches the product as the product lists do. With `locationId`, the levels at that location at or ' +
      'below their own threshold, each alert naming the location (an unknown location answers 404 ' +
      `"${LOCATION_MESSAGES.notFound}", an inactive one 409 "${LOCATION_MESSAGES.inactive}"); without, the ` +
      "sizes/colors' totals.",
    tag,
    access: 'analytics',
    query: lowStockQuery,
    responses: { 200: envelope(lowStockPageView) },
    errors: [404, 409],
  }),
};
