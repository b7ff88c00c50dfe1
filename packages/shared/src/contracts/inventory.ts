import { endpoint, envelope } from '../contract.js';
import { inventoryAnalyticsView, lowStockPageView, lowStockQuery } from '../inventory.js';

const tag = 'inventory';

/** Inventory analytics (the specification: Analytics; no parameters) and the low-stock alerts, a page at a time. */
export const inventoryContracts = {
  analytics: endpoint({
    operationId: 'getInventoryAnalytics',
    method: 'GET',
    path: '/admin/analytics/inventory',
    summary: 'Stock totals, value, restock needs, top categories and recent movements',
    tag,
    access: 'analytics',
    responses: { 200: envelope(inventoryAnalyticsView) },
  }),
  lowStock: endpoint({
    operationId: 'listLowStockAlerts',
    method: 'GET',
    path: '/admin/analytics/inventory/low-stock',
    summary: 'A page of the sizes/colors at or below their low-stock threshold, worst first; search by product',
    tag,
    access: 'analytics',
    query: lowStockQuery,
    responses: { 200: envelope(lowStockPageView) },
  }),
};
