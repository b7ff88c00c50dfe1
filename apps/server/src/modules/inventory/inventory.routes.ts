import { inventoryAnalyticsView, lowStockAlertView } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/responses.js';
import { InventoryService } from './inventory.service.js';

const tags = ['inventory'];

/** Inventory analytics and low-stock alerts (spec part 2 §7 Analytics; no parameters). */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InventoryService(app.db);
  const config = { access: 'analytics' } as const;

  app.get(
    '/admin/analytics/inventory',
    { config, schema: { tags, response: { 200: envelope(inventoryAnalyticsView) } } },
    async () => ok(await service.analytics()),
  );

  app.get(
    '/admin/analytics/inventory/low-stock',
    { config, schema: { tags, response: { 200: envelope(z.array(lowStockAlertView)) } } },
    async () => ok(await service.lowStock()),
  );
};
