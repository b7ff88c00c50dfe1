import { inventoryContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { InventoryService } from './inventory.service.js';
import { lowStockPage } from './low-stock.js';

/** Inventory analytics (the specification: Analytics; no parameters) and the low-stock alerts, a page at a time. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InventoryService(app.db);

  serve(app, contracts.analytics, async () => ok(await service.analytics()));

  serve(app, contracts.lowStock, async (request) => ok(await lowStockPage(app.db, request.query)));
};
