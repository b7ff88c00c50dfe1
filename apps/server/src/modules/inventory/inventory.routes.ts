import { inventoryContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { InventoryService } from './inventory.service.js';

/** Inventory analytics and low-stock alerts (spec part 2 §7 Analytics; no parameters). */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InventoryService(app.db);

  serve(app, contracts.analytics, async () => ok(await service.analytics()));

  serve(app, contracts.lowStock, async () => ok(await service.lowStock()));
};
