import {
  adminStockInput,
  historyDaysQuery,
  historyPageQuery,
  idParams,
  inventoryChangeView,
  inventoryHistoryDayView,
  inventoryReplaceInput,
  newCombinationInput,
  paginationView,
  productView,
  stockChangeInput,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, ok } from '../../lib/responses.js';
import { ProductStockService } from './product-stock.service.js';

const tags = ['inventory'];
const productEnvelope = envelope(z.object({ product: productView }));
const params = idParams('product');
const STOCK_UPDATED = 'Stock updated successfully';

/** Stock per size/color: every change through the one stock function (DESIGN §5). */
export const productStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const stock = new ProductStockService(app.db);
  const write = { access: 'inventory' } as const;
  const read = { access: 'catalogueRead' } as const;

  for (const [path, operation] of [
    ['/products/:id/stock/add', 'add'],
    ['/products/:id/stock/remove', 'subtract'],
  ] as const) {
    app.post(
      path,
      { config: write, schema: { tags, params, body: stockChangeInput, response: { 200: productEnvelope } } },
      async (request) =>
        ok(
          {
            product: await stock.change(request.params.id, { ...request.body, operation }, auditContext(request)),
          },
          STOCK_UPDATED,
        ),
    );
  }

  app.put(
    '/admin/products/:id/inventory',
    { config: write, schema: { tags, params, body: adminStockInput, response: { 200: productEnvelope } } },
    async (request) =>
      ok({ product: await stock.change(request.params.id, request.body, auditContext(request)) }, STOCK_UPDATED),
  );

  app.post(
    '/products/:id/inventory',
    { config: write, schema: { tags, params, body: newCombinationInput, response: { 201: productEnvelope } } },
    async (request, reply) => {
      const product = await stock.addCombination(request.params.id, request.body, auditContext(request));
      return reply.status(201).send(ok({ product }, 'Variant added successfully'));
    },
  );

  app.put(
    '/products/:id/inventory',
    { config: write, schema: { tags, params, body: inventoryReplaceInput, response: { 200: productEnvelope } } },
    async (request) =>
      ok(
        { product: await stock.replace(request.params.id, request.body.inventory, auditContext(request)) },
        'Inventory updated successfully',
      ),
  );

  app.get(
    '/products/:id/inventory/history',
    {
      config: read,
      schema: {
        tags,
        params,
        querystring: historyPageQuery,
        response: { 200: envelope(z.object({ history: z.array(inventoryChangeView), pagination: paginationView })) },
      },
    },
    async (request) => ok(await stock.historyPage(request.params.id, request.query.page, request.query.limit)),
  );

  app.get(
    '/admin/products/:id/inventory/history',
    {
      config: read,
      schema: {
        tags,
        params,
        querystring: historyDaysQuery,
        response: { 200: envelope(z.array(inventoryHistoryDayView)) },
      },
    },
    async (request) => ok(await stock.historyDays(request.params.id, request.query.days)),
  );
};
