import { inventoryContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { InventoryService } from './inventory.service.js';
import { lowStockPage } from './low-stock.js';
import { stockLocationOptions } from './stock-locations.js';

/**
 * Inventory analytics (the specification: Analytics; no parameters), the low-stock alerts, a page at a time, and the
 * active locations the stock screens choose from.
 */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InventoryService(app.db);

  serve(app, contracts.analytics, async () => ok(await service.analytics()));

  serve(app, contracts.lowStock, async (request) => ok(await lowStockPage(app.db, request.query)));

  serve(app, contracts.locations, async () => ok({ locations: await stockLocationOptions(app.db) }));
};
