import { z } from 'zod';
import { endpoint, envelope } from '../contract.js';
import { inventoryAnalyticsView, lowStockAlertView } from '../inventory.js';

const tag = 'inventory';

/** Inventory analytics and low-stock alerts (spec part 2 §7 Analytics; no parameters). */
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
    summary: 'Every size/color at or below its low-stock threshold, worst first',
    tag,
    access: 'analytics',
    responses: { 200: envelope(z.array(lowStockAlertView)) },
  }),
};
